import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.js';
import { NGINX_TEMPLATE, startDeployment, type Deployment, type KindredNode } from '../support/deployment.js';
import { samplePhoto, uniqueName } from '../support/fixtures.js';
import { registerMember, type Member } from '../support/members.js';

/**
 * The deployment of the README ("Deployment", deploy/compose.yaml) on loopback: PostgreSQL, Redis,
 * an S3 stand-in, two server processes and nginx in front (round robin, no stickiness, WebSockets
 * proxied, TRUST_PROXY=1). The browsers talk to nginx only.
 */
let deployment: Deployment;
let browser: Browser;
/** A start that failed (nginx missing, say) fails the test itself: a failing beforeAll would only skip it. */
let startFailure: unknown;
beforeAll(async () => {
  const started = Date.now();
  const [d, b] = await Promise.allSettled([startDeployment(), launchBrowser()]);
  if (b.status === 'fulfilled') browser = b.value;
  if (d.status === 'fulfilled') deployment = d.value;
  startFailure = d.status === 'rejected' ? d.reason : b.status === 'rejected' ? b.reason : undefined;
  if (deployment) deployment.timings['start, all in parallel with chromium'] = Date.now() - started;
});
afterAll(async () => {
  await browser?.close();
  await deployment?.stop();
  if (deployment) console.log(`deployment journey timings (ms): ${JSON.stringify(deployment.timings)}`);
});

const eventually = <T>(read: () => Promise<T> | T, timeout = 20_000) => expect.poll(read, { timeout, interval: 100 });
const lines = (page: Page, text: string) => page.getByTestId('chat-line').filter({ hasText: text });

async function signIn(page: Page, member: Member) {
  await page.goto('/m/login');
  await page.fill('input[name=account]', member.username);
  await page.fill('input[name=password]', 'secret123');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/m\/home\/index/);
}

/** The node the member's socket is on, once the page's socket is open and Redis names one node. */
async function placed(page: Page, member: Member): Promise<KindredNode> {
  await page.getByTestId('chat-screen').waitFor();
  await page.getByTestId('chat-connection').waitFor({ state: 'detached' });
  let node: KindredNode | undefined;
  await eventually(async () => (node = await deployment.nodeOf(member.id)) !== undefined).toBe(true);
  return node!;
}

async function send(page: Page, text: string) {
  await page.locator('#m-chat-text').fill(text);
  await page.getByTestId('chat-send').click();
}

test('behind nginx: members on two nodes chat live, share a photo through the bucket, and lose nothing when a node is killed', async () => {
  const timed = async <T>(name: string, work: () => Promise<T>) => {
    const started = Date.now();
    const result = await work();
    deployment.timings[name] = Date.now() - started;
    return result;
  };
  if (startFailure) throw startFailure;
  const base = deployment.url;
  const he = await registerMember(base, uniqueName('he'), 1);
  const she = await registerMember(base, uniqueName('she'), 0);
  // A paid level for both: free members may open a chat only from a profile, and he writes freely.
  await deployment.sql('update users set vip = 1, vip1_until = 0 where id in ($1, $2)', [he.id, she.id]);

  const [hisBrowser, herBrowser] = await Promise.all([newContext(browser, 'phone', base), newContext(browser, 'phone', base)]);
  const [his, her] = await Promise.all([hisBrowser.page(), herBrowser.page()]);

  // Each opens the conversation; their sockets land where round robin puts them. Until they are on
  // different nodes, she reloads (a new socket, the next upstream).
  const [hisNode, herNode] = await timed('sign in and place the sockets on two nodes', async () => {
    await Promise.all([signIn(his, he), signIn(her, she)]);
    await Promise.all([his.goto(`/m/home/chat/index?uid=${she.id}`), her.goto(`/m/home/chat/index?uid=${he.id}`)]);
    const mine = await placed(his, he);
    for (let attempt = 0; attempt < 12; attempt++) {
      const hers = await placed(her, she);
      if (hers !== mine) return [mine, hers] as const;
      // Every request of a reload goes round robin too: when a reload makes an even number of them,
      // her socket lands on the same node each time. One more request every other try breaks that.
      if (attempt % 2 === 1) await her.request.get(`${base}/healthz`);
      await her.reload();
    }
    throw new Error('round robin never put the two sockets on different nodes');
  });

  // Live chat across the nodes (Redis rings the other node's doorbell).
  await timed('live chat across nodes', async () => {
    await send(his, `Hello from node ${hisNode.name}`);
    await eventually(() => lines(his, `Hello from node ${hisNode.name}`).getAttribute('data-state')).toBe('stored');
    await lines(her, `Hello from node ${hisNode.name}`).waitFor();
    await send(her, `Hi from node ${herNode.name}`);
    await lines(his, `Hi from node ${herNode.name}`).waitFor();
  });

  // A photo: uploaded through nginx, stored once in the bucket, served by every node.
  await timed('photo through the bucket', async () => {
    await his.getByTestId('chat-file').setInputFiles(await samplePhoto());
    const picture = her.getByTestId('chat-image');
    await eventually(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const src = new URL((await picture.getAttribute('src'))!, base).pathname;
    expect(src).toMatch(new RegExp(`^/uploads/dynamic/${he.id}/[A-Za-z0-9_-]{16}\\.jpg$`));
    const direct = await Promise.all(deployment.nodes.map((n) => fetch(`http://127.0.0.1:${n.port}${src}`)));
    for (const res of direct) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const [a, b] = await Promise.all(direct.map(async (res) => Buffer.from(await res.arrayBuffer())));
    expect(a!.equals(b!)).toBe(true);
    // Neither node kept a copy on its own disk: the bucket is the only one.
    for (const node of deployment.nodes) expect(fsHasUploads(node)).toBe(false);
  });

  // Mid-conversation his node dies (SIGKILL): one message acknowledged before, two on the way,
  // three typed while his client reconnects through nginx to the other node.
  const texts = Array.from({ length: 6 }, (_, i) => `Kill test ${i + 1}`);
  await timed('node killed mid-conversation, until every message is stored once', async () => {
    await send(his, texts[0]!);
    await eventually(() => lines(his, texts[0]!).getAttribute('data-state')).toBe('stored');
    await send(his, texts[1]!);
    await send(his, texts[2]!);
    hisNode.process.kill('SIGKILL');
    const killedAt = Date.now();
    // His screen says it lost the connection; what he types now waits and goes once it is back.
    await his.getByTestId('chat-connection').waitFor();
    for (const text of texts.slice(3)) await send(his, text);
    await his.getByTestId('chat-connection').waitFor({ state: 'detached' });
    deployment.timings['his client connected again through nginx, after the kill'] = Date.now() - killedAt;
    // On the other node (Redis drops the dead node's entries once its heartbeat lapses: PRESENCE_TTL_MS).
    await eventually(() => deployment.nodeOf(he.id).then((n) => n?.name)).toBe(herNode.name);
    for (const text of texts) await eventually(() => lines(his, text).getAttribute('data-state')).toBe('stored');
    for (const text of texts) await lines(her, text).waitFor();
  });
  expect((await hisNode.exited).signal).toBe('SIGKILL');

  // Stored once, shown once on both screens: nothing acknowledged lost, nothing doubled.
  const rows = await deployment.sql<{ content: string; n: string }>(
    'select content, count(*) as n from messages where sender_id = $1 and content like $2 group by content order by content',
    [he.id, 'Kill test %'],
  );
  expect(rows.map((r) => [r.content, Number(r.n)])).toEqual(texts.map((t) => [t, 1]));
  for (const text of texts) {
    expect(await lines(his, text).count(), `his ${text}`).toBe(1);
    expect(await lines(her, text).count(), `her ${text}`).toBe(1);
  }
  // And the conversation goes on, both now on the surviving node.
  await send(her, 'Still here');
  await lines(his, 'Still here').waitFor();
  expect(hisBrowser.outbound).toEqual([]);
  expect(herBrowser.outbound).toEqual([]);
});

test('compose.yaml runs nginx from the same template, fills every placeholder and sets the same node settings', () => {
  const compose = fs.readFileSync(path.join(path.dirname(NGINX_TEMPLATE), 'compose.yaml'), 'utf8');
  const placeholders = new Set([...fs.readFileSync(NGINX_TEMPLATE, 'utf8').matchAll(/\$\{(KINDRED_[A-Z_]+)\}/g)].map((m) => m[1]!));
  expect([...placeholders].sort()).toEqual(['KINDRED_LISTEN', 'KINDRED_NODE_A', 'KINDRED_NODE_B']);
  for (const name of placeholders) expect(compose, name).toMatch(new RegExp(`^\\s+${name}: \\S+`, 'm'));
  expect(compose).toContain(`./${path.basename(NGINX_TEMPLATE)}:/etc/nginx/templates/default.conf.template:ro`);
  for (const setting of ['TRUST_PROXY: "1"', 'S3_BUCKET: kindred', 'S3_ENDPOINT: http://minio:9000', 'REDIS_URL: redis://redis:6379']) expect(compose).toContain(setting);
});

function fsHasUploads(node: KindredNode): boolean {
  return fs.existsSync(path.join(node.dataDir, 'uploads', 'dynamic'));
}
