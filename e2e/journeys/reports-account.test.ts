import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { maskUsername } from '@kindred/protocol';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { newContext, prefix, type Device } from '../support/browser.js';
import { samplePhoto, uniqueName } from '../support/fixtures.js';
import { useJourneyEnv } from '../support/journey.js';
import { callAs, registerMember, type Member } from '../support/members.js';

const env = useJourneyEnv();
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/reports-account-shots';
fs.mkdirSync(SHOTS, { recursive: true });
// yauzl comes with the server's test tools: an independent reader of what the member downloaded.
const yauzl = createRequire(path.join(ROOT, 'apps/server/package.json'))('yauzl') as typeof import('yauzl');

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

async function signIn(page: Page, device: Device, member: Member) {
  await page.goto(`${prefix(device)}/login`);
  await page.fill('input[name=account]', member.username);
  await page.fill('input[name=password]', 'secret123');
  await page.click('button[type=submit]');
  await page.waitForURL(new RegExp(`${prefix(device)}/home/index`));
}

/** Every entry of the downloaded ZIP, by name. */
function unzip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: import('yauzl').Entry) =>
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.readEntry();
    });
  });
}

for (const device of ['phone', 'desktop'] as const) {
  test(`reports and account (${device}): report from a profile, see it masked in both lists, download my data, delete the account`, async () => {
    const base = env.servers[0]!.url;
    const reporter = await registerMember(base, uniqueName('rep'), 0);
    const reported = await registerMember(base, uniqueName('bad'), 1);
    const reporterBrowser = await newContext(env.browser, device, base);
    const reportedBrowser = await newContext(env.browser, device, base);
    const rp = await reporterBrowser.page();
    const bp = await reportedBrowser.page();
    await signIn(rp, device, reporter);
    await signIn(bp, device, reported);

    // The report, from the other member's profile.
    if (device === 'phone') {
      await rp.goto(`/m/home/my/newsfeed/${reported.id}`);
      await rp.getByTestId('profile-report').click();
      await rp.waitForURL(/\/m\/report\?/);
      await rp.getByTestId('report-username').filter({ hasText: reported.username }).waitFor();
      await rp.getByRole('option', { name: 'Offensive' }).or(rp.getByText('Offensive', { exact: true })).first().click();
      await rp.fill('#report-email', `${reporter.username}@example.com`);
      await rp.fill('#report-content', 'Keeps sending insults');
      await rp.getByTestId('report-image').setInputFiles(await samplePhoto());
      await rp.getByRole('img', { name: 'Picture attached to the report' }).waitFor();
      expect(await seriousViolations(rp), 'axe on /m/report').toEqual([]);
      await shot(rp, `${device}-report-form`);
      await rp.getByTestId('report-submit').click();
      await rp.getByText('report submitted, result notified by the administrator').waitFor();
      await rp.waitForURL(/\/m\/reportList\?active=1/);
      // The toast is antd-mobile's own; the list is measured once it is gone.
      await rp.getByText('report submitted, result notified by the administrator').waitFor({ state: 'detached' });
    } else {
      await rp.goto(`/w/home/user/detail/${reported.id}`);
      await rp.getByTestId('detail-report').click();
      const dialog = rp.getByRole('dialog');
      await dialog.getByText('Offensive', { exact: true }).click();
      await dialog.locator('textarea').fill('Keeps sending insults');
      await dialog.getByTestId('report-dialog-image').setInputFiles(await samplePhoto());
      expect(await seriousViolations(rp), 'axe on the report dialog').toEqual([]);
      await shot(rp, `${device}-report-dialog`);
      await dialog.getByTestId('report-dialog-submit').click();
      await rp.getByText('report submitted, result notified by the administrator').waitFor();
      await rp.goto('/w/home/user/reports');
    }

    // "Reports I made": the reported name masked, the picture kept.
    const mine = rp.getByTestId('report-list-1').getByTestId('report-card');
    await eventually(() => mine.count()).toBe(1);
    expect(await mine.getByTestId('report-card-username').innerText()).toBe(maskUsername(reported.username));
    expect(await mine.getByText('Keeps sending insults').count()).toBe(1);
    expect(await mine.locator('img[src^="/uploads/report/"]').count()).toBe(1);
    expect(await seriousViolations(rp), 'axe on the report list (mine)').toEqual([]);
    await shot(rp, `${device}-reports-mine`);

    // "Reports against me": the reporter stays anonymous.
    await bp.goto(`${device === 'phone' ? '/m/reportList' : '/w/home/user/reports'}?active=2`);
    const against = bp.getByTestId('report-list-2').getByTestId('report-card');
    await eventually(() => against.count()).toBe(1);
    expect(await against.getByTestId('report-card-username').innerText()).toBe(maskUsername(reporter.username));
    expect(await bp.content()).not.toContain(reporter.username);
    expect(await seriousViolations(bp), 'axe on the report list (against me)').toEqual([]);
    await shot(bp, `${device}-reports-against-me`);

    // Download my data: a ZIP whose JSON parses and holds the report.
    await rp.goto(device === 'phone' ? '/m/home/my/setup/index' : '/w/home/user/general');
    const exportButton = rp.getByTestId(device === 'phone' ? 'setup-export' : 'settings-export');
    await exportButton.waitFor();
    expect(await seriousViolations(rp), 'axe on the settings screen').toEqual([]);
    await shot(rp, `${device}-settings-account-data`);
    const [download] = await Promise.all([rp.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^kindred-${reporter.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    const entries = await unzip((await download.path())!);
    for (const [name, data] of entries) if (name.endsWith('.json')) expect(() => JSON.parse(data.toString('utf8')), name).not.toThrow();
    expect(JSON.parse(entries.get('profile.json')!.toString('utf8'))).toMatchObject([{ id: reporter.id, username: reporter.username }]);
    expect(JSON.parse(entries.get('reports.json')!.toString('utf8'))).toMatchObject([{ reported_id: reported.id, content: 'Keeps sending insults' }]);
    expect([...entries.keys()].some((name) => name.startsWith(`files/report/${reporter.id}/`))).toBe(true);

    // Delete the account: a wrong password is refused, the right one signs out and sign-in is refused.
    await rp.getByTestId(device === 'phone' ? 'setup-delete-account' : 'settings-delete-account').click();
    const password = device === 'phone' ? rp.locator('input[name=password]') : rp.getByTestId('delete-account-password');
    await password.fill('wrong-password');
    await rp.getByTestId('delete-account-confirm').click();
    await rp.getByText('The password is incorrect').first().waitFor();
    expect(await seriousViolations(rp), 'axe on the delete-account dialog').toEqual([]);
    await shot(rp, `${device}-delete-account`);
    await password.fill('secret123');
    await rp.getByTestId('delete-account-confirm').click();
    await rp.waitForURL(new RegExp(`${prefix(device)}/login`));
    expect(await rp.evaluate(() => localStorage.getItem('kindred.token') ?? sessionStorage.getItem('kindred.token'))).toBeNull();
    await rp.fill('input[name=account]', reporter.username);
    await rp.fill('input[name=password]', 'secret123');
    await rp.click('button[type=submit]');
    await rp.getByText(/incorrect username or password/i).first().waitFor();
    await shot(rp, `${device}-signin-refused`);
    await expect(callAs(base, reporter.token, '/member/index/userinfo', {})).rejects.toThrow(/401/);

    expect([...reporterBrowser.outbound, ...reportedBrowser.outbound]).toEqual([]);
    await reporterBrowser.context.close();
    await reportedBrowser.context.close();
  });
}
