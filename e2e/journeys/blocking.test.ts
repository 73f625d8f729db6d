import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { newContext, type Device } from '../support/browser.js';
import { uniqueName } from '../support/fixtures.js';
import { useJourneyEnv } from '../support/journey.js';
import { callAs, registerMember, sendChatTexts, setVip, type Member } from '../support/members.js';
import type { RunningServer } from '../support/server.js';

const env = useJourneyEnv();
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/blocking-shots';

/** Live state can take a few seconds on a busy machine. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

async function signIn(page: Page, device: Device, member: Member) {
  const p = device === 'phone' ? '/m' : '/w';
  await page.goto(`${p}/login`);
  await page.fill('input[name=account]', member.username);
  await page.fill('input[name=password]', 'secret123');
  await page.click('button[type=submit]');
  await page.waitForURL(new RegExp(`${p}/home/index`));
}

/** Whether a message with this text was ever stored, read from the journey server's own SQLite file. */
function storedTexts(server: RunningServer, content: string): number {
  const SQLite = createRequire(path.join(ROOT, 'apps/server/package.json'))('better-sqlite3') as typeof import('better-sqlite3');
  const db = new SQLite(path.join(server.dataDir, 'kindred.sqlite'), { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    return (db.prepare('SELECT count(*) AS n FROM messages WHERE content = ?').get(content) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** What a member list by username answers for `viewer` looking for `name` (member ids). */
const searchIds = async (base: string, viewer: Member, name: string) =>
  (await callAs<{ data: { id: number }[] }>(base, viewer.token, '/member/index/userlist', { username: name.slice(0, 6) })).data.map((m) => m.id);

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

for (const device of ['phone', 'desktop'] as const) {
  test(`blocking (${device}): A blocks B in a chat, B is refused and loses A everywhere, A unblocks from the blocked members screen`, async () => {
    const server = env.servers[0]!;
    const base = server.url;
    const a = await registerMember(base, uniqueName('ann'), 0);
    const b = await registerMember(base, uniqueName('bob'), 1);
    setVip(server, a.id, 2);
    setVip(server, b.id, 2);
    await sendChatTexts(base, b, a.id, ['Hi Ann']);
    expect(await searchIds(base, b, a.username)).toContain(a.id);

    const aliceBrowser = await newContext(env.browser, device, base);
    const bobBrowser = await newContext(env.browser, device, base);
    const ap = await aliceBrowser.page();
    const bp = await bobBrowser.page();
    await signIn(ap, device, a);
    await signIn(bp, device, b);

    const chatUrl = (other: Member) => (device === 'phone' ? `/m/home/chat/index?uid=${other.id}&from=profile` : `/w/home/chat?uid=${other.id}&from=member`);
    const line = (page: Page, text: string) => page.getByTestId(device === 'phone' ? 'chat-line' : 'chat-message').filter({ hasText: text });
    const input = (page: Page) => (device === 'phone' ? page.locator('#m-chat-text') : page.getByTestId('chat-input'));
    const write = async (page: Page, text: string) => {
      await input(page).fill(text);
      await page.getByTestId('chat-send').click();
    };

    // Chatting: B writes, A reads it live.
    await ap.goto(chatUrl(b));
    await bp.goto(chatUrl(a));
    await line(ap, 'Hi Ann').waitFor();
    await write(bp, 'Are you there?');
    await line(ap, 'Are you there?').waitFor();

    // A blocks B from the chat, after a confirmation.
    if (device === 'phone') {
      await ap.getByTestId('chat-menu').click();
      await ap.getByTestId('chat-block').click();
      await ap.getByRole('button', { name: 'Block', exact: true }).waitFor();
      await shot(ap, `${device}-block-confirm`);
      await ap.getByRole('button', { name: 'Block', exact: true }).click();
      await ap.waitForURL((url) => !url.pathname.includes('/chat/index'));
    } else {
      await ap.getByTestId('chat-head').getByTestId('block-member').click();
      await ap.getByTestId('block-confirm').waitFor();
      await shot(ap, `${device}-block-confirm`);
      await ap.getByTestId('block-confirm').click();
      await ap.waitForURL(/\/w\/home\/chat$/);
    }

    // B's next message is refused, with the clear message in place of the input; A never gets it.
    await write(bp, 'Hello?');
    await eventually(() => line(bp, 'Hello?').getAttribute('data-state')).toBe('failed');
    const refusal = bp.getByTestId('chat-refusal');
    await eventually(() => refusal.getAttribute('data-error')).toBe('blocked_by_member');
    expect(await refusal.innerText()).toContain('This member is not accepting contact from you.');
    await shot(bp, `${device}-refused`);
    expect(storedTexts(server, 'Hello?')).toBe(0);
    expect(await ap.getByTestId('chat-contact').filter({ hasText: b.username }).count()).toBe(0);

    // A's profile of someone else offers the block too (phone: the bar's menu; desktop: beside report).
    const c = await registerMember(base, uniqueName('cat'), 1);
    await ap.goto(device === 'phone' ? `/m/home/my/newsfeed/${c.id}` : `/w/home/user/detail/${c.id}`);
    if (device === 'phone') {
      await ap.getByTestId('profile-menu').click();
      await ap.getByTestId('profile-block').waitFor();
    } else await ap.getByTestId('block-member').waitFor();
    await shot(ap, `${device}-profile-block`);

    // B no longer finds A: not in search, and A's profile "does not exist".
    expect(await searchIds(base, b, a.username)).not.toContain(a.id);
    await bp.goto(device === 'phone' ? `/m/home/my/newsfeed/${a.id}` : `/w/home/user/detail/${a.id}`);
    await eventually(() => bp.getByText('User does not exist').count()).toBeGreaterThan(0);

    // A's blocked members screen: B is there; axe finds nothing serious; unblocking asks, then empties it.
    if (device === 'phone') {
      await ap.goto('/m/home/my/setup/index');
      await ap.getByTestId('setup-blocked').click();
    } else {
      await ap.goto('/w/home/user/general');
      await ap.getByRole('link', { name: 'Blocked members' }).click();
    }
    await ap.getByTestId('blocked-screen').getByText(b.username).waitFor();
    expect(await seriousViolations(ap), `axe on the blocked members screen (${device})`).toEqual([]);
    await shot(ap, `${device}-blocked-list`);
    await ap.getByTestId(`unblock-${b.id}`).click();
    if (device === 'phone') await ap.getByRole('button', { name: 'Unblock', exact: true }).click();
    else await ap.getByTestId('block-confirm').click();
    await ap.getByTestId('blocked-empty').waitFor();
    await shot(ap, `${device}-blocked-empty`);

    // Unblocked: B finds A again and may write.
    expect(await searchIds(base, b, a.username)).toContain(a.id);
    await sendChatTexts(base, b, a.id, ['Thanks']);

    expect([...aliceBrowser.outbound, ...bobBrowser.outbound]).toEqual([]);
    await aliceBrowser.context.close();
    await bobBrowser.context.close();
  });
}
