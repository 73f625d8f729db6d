import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { seriousViolations, settle } from '../support/axe.js';
import { newContext } from '../support/browser.js';
import { samplePhoto, uniqueName } from '../support/fixtures.js';
import { useJourneyEnv } from '../support/journey.js';
import { clickStill, openMenu } from '../support/menus.js';
import { registerMember, sendChatTexts, type Member } from '../support/members.js';

const ADMIN_PASSWORD = 'console-pass-1';
// Members here are made through the API; the sign-up proof-of-work has its own journeys.
const env = useJourneyEnv({ ADMIN_PASSWORD, ANTISPAM_POW: 'false' }, { ADMIN_PASSWORD, ANTISPAM_POW: 'false', REGISTRATION_APPROVAL: 'true' });

/** Waits for a value on screen; the machine is shared, so allow more than vitest's default second. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

/** JOURNEY_SCREENSHOTS=<folder> keeps a picture of every console screen for a person to look at. */
async function shot(page: Page, name: string) {
  const folder = process.env.JOURNEY_SCREENSHOTS;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  await settle(page);
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
}

async function noSeriousViolations(page: Page, screen: string) {
  expect(await seriousViolations(page), `axe on ${screen}`).toEqual([]);
}

/** The scripts a page requested, by file name. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(path.basename(new URL(r.url()).pathname));
  });
  return scripts;
}

async function memberSignIn(page: Page, member: Member) {
  await page.goto('/m/login');
  await page.fill('input[name=account]', member.username);
  await page.fill('input[name=password]', 'secret123');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/m\/home\/index/);
}

/** What a page's chat socket received: its init answers (kind 0) and its notices (kind 11). */
function socketOf(page: Page) {
  const seen = { inits: 0, notices: [] as object[] };
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      try {
        const message = JSON.parse(String(payload)) as { kind?: number; notice?: object };
        if (message.kind === 0) seen.inits += 1;
        if (message.kind === 11) seen.notices.push(message.notice ?? message);
      } catch {
        // not JSON: nothing of ours
      }
    }),
  );
  return seen;
}

/** Console sign-in the first time: password, enrolment with the QR code's secret, recovery codes. */
async function staffFirstSignIn(page: Page, pictures = true) {
  await page.goto('/admin');
  await page.waitForURL('**/admin/login');
  await page.fill('input[name=account]', 'admin');
  await page.fill('input[name=password]', ADMIN_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.getByTestId('staff-enrol-step').waitFor();
  await page.locator('.ka-qr svg').waitFor();
  if (pictures) await shot(page, 'admin-enrol');
  await noSeriousViolations(page, 'enrolment');
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  await page.fill('input[name=code]', await generate({ secret }));
  await page.locator('button[type=submit]').click();
  await page.getByTestId('staff-codes-step').waitFor();
  const codes = await page.getByTestId('recovery-codes').locator('li').allInnerTexts();
  expect(codes.length).toBeGreaterThanOrEqual(8);
  if (pictures) await shot(page, 'admin-recovery-codes');
  await noSeriousViolations(page, 'recovery codes');
  await page.getByTestId('codes-saved').click();
  await page.getByRole('button', { name: 'Open the console' }).click();
  await page.waitForURL('**/admin/dashboard');
  return codes;
}

test('a phone report → staff act at /admin with TOTP → the reporter is told live; the suspended member is refused', async () => {
  const base = env.servers[0]!.url;
  const reporter = await registerMember(base, uniqueName('rep'), 0);
  const reported = await registerMember(base, uniqueName('bad'), 1);
  await sendChatTexts(base, reported, reporter.id, ['hi there', 'send me money now']);

  // The reporter, on a phone: the console's chunk is never part of the members' pages.
  const phone = await newContext(env.browser, 'phone', base);
  const reporterPage = await phone.context.newPage();
  const phoneScripts = scriptsOf(reporterPage);
  const socket = socketOf(reporterPage);
  await memberSignIn(reporterPage, reporter);
  expect(phoneScripts.length).toBeGreaterThan(0);
  expect(phoneScripts.filter((s) => /^(AdminApp|DashboardCharts)-/.test(s))).toEqual([]);

  // The report, from the phone's report screen (with a picture), while the reporter's phone is connected.
  await reporterPage.goto(`/m/report?userid=${reported.id}&username=${reported.username}`);
  await reporterPage.getByTestId('report-type').getByText('Offensive').click();
  await reporterPage.fill('textarea[name=content]', 'He keeps asking me for money');
  await reporterPage.getByTestId('report-image').setInputFiles(await samplePhoto());
  const sent = reporterPage.waitForResponse((r) => r.url().endsWith('/member/reports/reports'));
  await reporterPage.getByTestId('report-submit').click();
  expect((await (await sent).json()).status).toBe(200);
  await reporterPage.waitForURL('**/m/reportList**');
  // Back home, where the live connection runs.
  const inits = socket.inits;
  await reporterPage.goto('/m/home/index');
  await eventually(() => socket.inits).toBeGreaterThan(inits);

  // The reported member, signed in on another phone.
  const other = await newContext(env.browser, 'phone', base);
  const reportedPage = await other.context.newPage();
  await memberSignIn(reportedPage, reported);

  // Staff, on a desktop: /w/login does not bring the console either.
  const desk = await newContext(env.browser, 'desktop', base);
  const staff = await desk.context.newPage();
  await staff.setViewportSize({ width: 1366, height: 900 });
  const deskScripts = scriptsOf(staff);
  await staff.goto('/w/login');
  await staff.locator('input[name=account]').waitFor();
  expect(deskScripts.filter((s) => /^(AdminApp|DashboardCharts)-/.test(s))).toEqual([]);

  await staffFirstSignIn(staff);
  // Admin sessions are their own: sessionStorage, apart from the member's token.
  expect(await staff.evaluate(() => [Boolean(sessionStorage.getItem('kindred.admin.token')), localStorage.getItem('kindred.token')])).toEqual([true, null]);
  await staff.getByTestId('chart-signups').locator('svg').first().waitFor();
  await eventually(() => staff.locator('.ant-statistic-content-value').first().innerText()).toMatch(/\d/);
  await shot(staff, 'admin-dashboard');
  await noSeriousViolations(staff, 'dashboard');

  // The reports queue: open the report, see both members and their messages, suspend with a result.
  await staff.getByRole('menuitem', { name: /Reports/ }).click();
  await staff.waitForURL('**/admin/reports');
  const row = staff.locator('tr', { hasText: reported.username });
  await row.waitFor();
  await shot(staff, 'admin-reports');
  await noSeriousViolations(staff, 'reports queue');
  await row.click();
  const drawer = staff.getByTestId('report-drawer');
  await drawer.getByTestId('report-content').filter({ hasText: 'He keeps asking me for money' }).waitFor();
  await drawer.getByTestId('report-messages').filter({ hasText: 'send me money now' }).waitFor();
  await eventually(() => drawer.locator('img.ka-report-img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await drawer.getByTestId('report-act').waitFor();
  await shot(staff, 'admin-report-detail');
  await drawer.getByText('Suspend', { exact: true }).click();
  await drawer.locator('input#days').fill('3');
  await drawer.locator('textarea[name=result]').fill('Thank you. The member is suspended for three days.');
  await shot(staff, 'admin-report-drawer');
  await noSeriousViolations(staff, 'report drawer');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  const acted = staff.waitForResponse((r) => r.url().endsWith('/admin/api/reports/act'));
  await clickStill(staff.locator('.ant-modal-confirm').getByRole('button', { name: 'Confirm' }));
  expect((await (await acted).json()).status).toBe(200);
  await staff.locator('.ant-message-notice').filter({ hasText: 'Decision applied' }).waitFor();

  // The reporter's phone hears of it at once, over the socket (kind 11).
  await eventually(() => socket.notices.some((n) => JSON.stringify(n).includes('suspended for three days'))).toBe(true);

  // The suspended member: the next page load ends at sign-in, and signing in is refused.
  await reportedPage.reload();
  await reportedPage.waitForURL('**/m/login');
  await reportedPage.fill('input[name=account]', reported.username);
  await reportedPage.fill('input[name=password]', 'secret123');
  const refused = reportedPage.waitForResponse((r) => r.url().endsWith('/member/index/login'));
  await reportedPage.click('button[type=submit]');
  const answer = (await (await refused).json()) as { status: number; error?: string };
  expect([answer.status, answer.error]).toEqual([-6, 'account_suspended']);
  expect(reportedPage.url()).toMatch(/\/m\/login/);
  await reportedPage.getByText(/suspended until/).first().waitFor();

  // Every other screen of the console, checked by axe and kept as a picture.
  await staff.getByRole('menuitem', { name: /Members/ }).click();
  await staff.locator('tr', { hasText: reported.username }).waitFor();
  await shot(staff, 'admin-members');
  await noSeriousViolations(staff, 'members');
  await staff.locator('tr', { hasText: reported.username }).getByRole('link', { name: reported.username }).click();
  await staff.getByTestId('member-profile').waitFor();
  await staff.getByTestId('admin-member').getByTestId('standing').filter({ hasText: /Suspended/ }).waitFor();
  await shot(staff, 'admin-member');
  await noSeriousViolations(staff, 'member page');

  for (const [menu, testId, name] of [
    [/Pending approvals/, 'admin-approvals', 'admin-approvals'],
    [/Gifts/, 'admin-gifts', 'admin-gifts'],
    [/Packages and prices/, 'admin-packages', 'admin-packages'],
    [/Permissions/, 'admin-permissions', 'admin-permissions'],
  ] as const) {
    await staff.getByRole('menuitem', { name: menu }).click();
    await staff.getByTestId(testId).waitFor();
    await settle(staff);
    await shot(staff, name);
    await noSeriousViolations(staff, name);
  }
  await eventually(() => staff.locator('.ka-matrix input[type=checkbox]').count()).toBe(21 * 3);

  // The audit log recorded the suspension, and offers no way to change it.
  await staff.getByRole('menuitem', { name: /Audit log/ }).click();
  await staff.locator('tr', { hasText: 'Report: suspended' }).waitFor();
  expect(await staff.getByTestId('admin-audit').getByRole('button', { name: /delete|edit/i }).count()).toBe(0);
  await shot(staff, 'admin-audit');
  await noSeriousViolations(staff, 'audit log');

  // Signing out of the console leaves the staff member at the sign-in.
  await (await openMenu(staff, staff.getByTestId('staff-menu'))).getByRole('menuitem', { name: 'Sign out' }).click();
  await staff.waitForURL('**/admin/login');

  // The console's sign-in fits a phone.
  const phoneStaff = await phone.context.newPage();
  await phoneStaff.goto('/admin/login');
  await phoneStaff.locator('input[name=account]').waitFor();
  await shot(phoneStaff, 'admin-login-phone');
  await noSeriousViolations(phoneStaff, 'console sign-in on a phone');

  expect([...phone.outbound, ...other.outbound, ...desk.outbound]).toEqual([]);
  expect([...phone.errors, ...desk.errors]).toEqual([]);
  await Promise.all([phone.context.close(), other.context.close(), desk.context.close()]);
});

test('staff approve pending accounts in bulk, grant credits, add a gift, change a permission, sign in with a recovery code once', async () => {
  const base = env.servers[1]!.url;
  const names = [uniqueName('pa'), uniqueName('pb'), uniqueName('pc')];
  for (const username of names) {
    const res = await fetch(`${base}/member/index/register`, {
      method: 'POST',
      body: new URLSearchParams({ username, email: `${username}@example.com`, password: 'secret123', sex: '1', birthday: String(Date.UTC(1990, 0, 1)) }),
    });
    expect(((await res.json()) as { status: number }).status).toBe(-3);
  }
  const desk = await newContext(env.browser, 'desktop', base);
  const staff = await desk.context.newPage();
  await staff.setViewportSize({ width: 1366, height: 900 });
  const codes = await staffFirstSignIn(staff, false);
  await staff.getByRole('menuitem', { name: /Pending approvals/ }).click();
  for (const name of names) await staff.locator('tr', { hasText: name }).waitFor();
  await shot(staff, 'admin-approvals-pending');
  await noSeriousViolations(staff, 'pending approvals with accounts');

  // Two of three selected, approved at once; the third stays pending.
  for (const name of names.slice(0, 2)) await staff.locator('tr', { hasText: name }).locator('input[type=checkbox]').check();
  await staff.getByRole('button', { name: 'Approve' }).click();
  const decided = staff.waitForResponse((r) => r.url().endsWith('/admin/api/approvals/decide'));
  await clickStill(staff.locator('.ant-modal-confirm').getByRole('button', { name: 'Confirm' }));
  expect((await (await decided).json()).data).toMatchObject({ skipped: [] });
  await staff.locator('.ant-message-notice').filter({ hasText: '2 accounts approved.' }).waitFor();
  await eventually(() => staff.locator('tbody tr.ant-table-row').count()).toBe(1);
  await staff.locator('tr', { hasText: names[2]! }).waitFor();

  const signIn = async (account: string) => {
    const res = await fetch(`${base}/member/index/login`, { method: 'POST', body: new URLSearchParams({ account, password: 'secret123' }) });
    return ((await res.json()) as { data: { status?: number } | null }).data?.status;
  };
  expect(await signIn(names[0]!)).toBe(1);
  expect(await signIn(names[2]!)).toBe(2);

  // Credits granted from the member's page land in the ledger.
  await staff.getByRole('menuitem', { name: /Members/ }).click();
  await staff.getByRole('searchbox').fill(names[0]!);
  await staff.getByRole('searchbox').press('Enter');
  await staff.locator('tr', { hasText: names[0]! }).getByRole('link', { name: names[0]! }).click();
  await staff.getByTestId('member-actions').getByRole('button', { name: 'Credits', exact: true }).click();
  const dialog = staff.locator('.ant-modal').filter({ hasText: 'Grant or deduct credits' });
  await dialog.locator('input#amount').fill('12.5');
  await dialog.locator('textarea[name=reason]').fill('Welcome gift from the team');
  const granted = staff.waitForResponse((r) => r.url().endsWith('/admin/api/members/credits'));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  expect((await (await granted).json()).data).toMatchObject({ credits: 1250 });
  await staff.getByRole('tab', { name: 'Credits ledger' }).click();
  await staff.locator('tr', { hasText: 'Granted by staff' }).filter({ hasText: '+12.50' }).waitFor();

  // A new gift with its picture, and one cell of the permission matrix.
  await staff.getByRole('menuitem', { name: /Gifts/ }).click();
  await staff.getByRole('button', { name: 'New gift' }).click();
  const giftDialog = staff.locator('.ant-modal').filter({ hasText: 'New gift' });
  await giftDialog.locator('input#title_en').fill('Sunrise');
  await giftDialog.locator('input#title_zh_cn').fill('日出');
  await giftDialog.locator('input#title_zh_tw').fill('日出');
  await giftDialog.locator('input[type=file]').setInputFiles(await samplePhoto());
  const saved = staff.waitForResponse((r) => r.url().endsWith('/admin/api/gifts/save'));
  await giftDialog.getByRole('button', { name: 'Save' }).click();
  const gift = ((await (await saved).json()) as { status: number; data: { path: string } }).data;
  expect(gift.path).toMatch(/^\/uploads\//);
  await staff.locator('tr', { hasText: 'Sunrise' }).waitFor();

  await staff.getByRole('menuitem', { name: /Permissions/ }).click();
  const cell = staff.getByTestId('perm-0-Search_users');
  expect(await cell.isChecked()).toBe(false);
  const set = staff.waitForResponse((r) => r.url().endsWith('/admin/api/permissions/set'));
  await cell.click();
  expect((await (await set).json()).data.vip0.Search_users).toBe(1);
  await eventually(() => cell.isChecked()).toBe(true);

  // Signed out, then back in with a recovery code instead of the app's code; that code works once.
  const signInWithRecovery = async (code: string) => {
    await staff.fill('input[name=account]', 'admin');
    await staff.fill('input[name=password]', ADMIN_PASSWORD);
    await staff.locator('button[type=submit]').click();
    await staff.getByTestId('staff-totp-step').waitFor();
    await staff.getByRole('button', { name: 'Use a recovery code' }).click();
    await staff.fill('input[name=code]', code);
    const verified = staff.waitForResponse((r) => r.url().endsWith('/admin/api/auth/verify'));
    await staff.locator('button[type=submit]').click();
    return ((await (await verified).json()) as { status: number }).status;
  };
  await (await openMenu(staff, staff.getByTestId('staff-menu'))).getByRole('menuitem', { name: 'Sign out' }).click();
  await staff.waitForURL('**/admin/login');
  expect(await signInWithRecovery(codes[0]!)).toBe(200);
  // Back where the staff member signed out.
  await staff.waitForURL('**/admin/catalogue/permissions');
  await (await openMenu(staff, staff.getByTestId('staff-menu'))).getByRole('menuitem', { name: 'Sign out' }).click();
  await staff.waitForURL('**/admin/login');
  expect(await signInWithRecovery(codes[0]!)).not.toBe(200);
  await staff.getByRole('alert').filter({ hasText: 'The code is not valid' }).waitFor();
  await shot(staff, 'admin-login-code-refused');
  await noSeriousViolations(staff, 'second step with a refused code');

  expect(desk.outbound).toEqual([]);
  expect(desk.errors).toEqual([]);
  await desk.context.close();
});
