import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { newContext } from '../support/browser.js';
import { uniqueName } from '../support/fixtures.js';
import { useJourneyEnv } from '../support/journey.js';
import { clickStill } from '../support/menus.js';
import { registerMember, type Member } from '../support/members.js';
import { CARDS, rechargeByApi, seedShop, shopPackages, shot } from '../support/money.js';

// The sign-up proof of work is not what these journeys are about: members are made through the API.
const env = useJourneyEnv({ ANTISPAM_POW: 'false' });

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });

async function signIn(page: Page, member: Member) {
  await page.goto('/w/login');
  await page.fill('input[name=account]', member.username);
  await page.fill('input[name=password]', 'secret123');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/w\/home\/index/);
}

/** Picks `label` in the antd select whose input has `id` (a form field's name), typing to narrow the list as a member would. */
async function choose(page: Page, id: string, label: string) {
  await page.click(`#${id}`);
  await page.keyboard.type(label);
  await clickStill(page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`));
}

async function fillPayer(page: Page, card?: string) {
  await page.getByTestId('pay-name').fill('Journey');
  if (card) await page.getByTestId('pay-lastname').fill('Payer');
  await page.getByTestId('pay-email').fill('payer@example.com');
  await page.getByTestId('pay-phone').fill('+1 555 0100');
  if (!card) return;
  await page.getByTestId('pay-cardnumber').fill(card);
  await choose(page, 'expMonth', '12');
  await choose(page, 'expYear', String(new Date().getFullYear() + 2));
  await page.getByTestId('pay-cvv').fill('123');
  await choose(page, 'country', 'Hong Kong');
  await page.getByTestId('pay-state').fill('Hong Kong');
  await page.getByTestId('pay-city').fill('Hong Kong');
  await page.getByTestId('pay-address').fill('1 Queen Road');
  await page.getByTestId('pay-zip').fill('000');
}

/** On /w/home/pay: choose package `id` and method `method`. */
async function startRecharge(page: Page, id: number, method: number) {
  await page.goto('/w/home/pay');
  await page.getByTestId(`recharge-package-${id}`).click();
  await page.getByTestId(`pay-method-${method}`).click();
}

const message = (page: Page) => page.locator('.ant-message').innerText();
const balance = (page: Page) => page.getByTestId('pay-result-balance').innerText();

test('desktop: recharge by card, by challenge (approve and decline), by hosted page and by scan-code', async () => {
  const server = env.servers[0]!;
  seedShop(server);
  const member = await registerMember(server.url, uniqueName('wpay'), 0);
  const { recharge } = await shopPackages(server.url, member);
  const { context, outbound, errors } = await newContext(env.browser, 'desktop', server.url);
  const page = await context.newPage();
  await signIn(page, member);

  // The home's pay button leads here; the third package is chosen after a second.
  await page.getByTestId('pay-button').click();
  await page.waitForURL('**/w/home/pay');
  await eventually(() => page.getByTestId(`recharge-package-${recharge[2]!.id}`).getAttribute('aria-checked')).toBe('true');
  const amount = page.getByTestId('recharge-amount');
  expect(await amount.inputValue()).toBe(recharge[2]!.amounts);
  await amount.fill('');
  await amount.pressSequentially('0012.345');
  expect(await amount.inputValue()).toBe('12.34');
  await amount.fill('0');
  expect(await page.getByTestId('recharge-problem').innerText()).toBe('Money wrong');
  await shot(page, 'desktop-pay');

  // A card that succeeds.
  await startRecharge(page, recharge[0]!.id, 4);
  await fillPayer(page, CARDS.success);
  await shot(page, 'desktop-pay-card');
  await page.getByTestId('pay-submit').click();
  await page.waitForURL(/\/w\/home\/pay\/result\?guid=/);
  await page.getByTestId('pay-result-paid').waitFor();
  expect(await page.getByTestId('pay-result-paid').innerText()).toContain('Recharge success');
  expect(await balance(page)).toContain('10.00');
  await shot(page, 'desktop-result-paid');

  // Declined, then at once again: "Please wait patiently" (3 s).
  await startRecharge(page, recharge[0]!.id, 4);
  await fillPayer(page, CARDS.declined);
  await page.getByTestId('pay-submit').click();
  await eventually(() => message(page)).toContain('Payment failed');
  await page.getByTestId('pay-submit').click();
  await eventually(() => message(page)).toContain('Please wait patiently');

  // A challenge in the full-page frame: approved, then declined.
  await startRecharge(page, recharge[1]!.id, 4);
  await fillPayer(page, CARDS.challenge);
  await page.getByTestId('pay-submit').click();
  await page.getByTestId('pay-frame-overlay').waitFor();
  const frame = page.frameLocator('[data-testid=pay-frame]');
  await frame.getByRole('button', { name: 'Approve' }).waitFor();
  await shot(page, 'desktop-frame');
  await frame.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/w\/home\/pay\/result\?guid=/);
  await page.getByTestId('pay-result-paid').waitFor();
  expect(await balance(page)).toContain('42.00');

  await startRecharge(page, recharge[1]!.id, 4);
  await fillPayer(page, CARDS.challenge);
  await page.getByTestId('pay-submit').click();
  await page.frameLocator('[data-testid=pay-frame]').getByRole('button', { name: 'Decline' }).click();
  await page.getByTestId('pay-result-failed').waitFor();
  expect(await page.getByTestId('pay-result-failed').innerText()).toContain('Payment failed');
  await shot(page, 'desktop-result-failed');

  // The hosted page (method 3, the default): away and back, paid.
  await page.goto('/w/home/pay');
  await page.getByTestId(`recharge-package-${recharge[0]!.id}`).click();
  await fillPayer(page);
  await page.getByTestId('pay-submit').click();
  await page.waitForURL(/\/payments\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/w\/home\/pay\/result\?guid=/);
  await page.getByTestId('pay-result-paid').waitFor();
  expect(await balance(page)).toContain('52.00');

  // Scan-code: confirm, the QR page in a new window, paid from a second tab.
  await startRecharge(page, recharge[0]!.id, 6);
  await page.getByTestId('pay-submit').click();
  await page.getByTestId('scan-open').waitFor();
  await shot(page, 'desktop-scan-confirm');
  const [qr] = await Promise.all([context.waitForEvent('page'), page.getByTestId('scan-open').click()]);
  await page.getByTestId('pay-result-pending').waitFor();
  await shot(page, 'desktop-result-pending');
  await qr.locator('img.qr').waitFor();
  const second = await context.newPage();
  await second.goto((await qr.getByRole('link').getAttribute('href'))!);
  await second.getByRole('button', { name: 'Confirm payment' }).click();
  await second.getByText('Payment complete').waitFor();
  await page.getByTestId('pay-result-paid').waitFor({ timeout: 20_000 });
  expect(await balance(page)).toContain('62.00');

  // The home's balance, without signing in again.
  await page.getByTestId('pay-result-home').click();
  await eventually(() => page.getByTestId('balance-amount').innerText()).toBe('62.00');

  expect(outbound).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('desktop: upgrade by card and by balance → badge, expiry and search without signing in again', async () => {
  const server = env.servers[0]!;
  seedShop(server);
  const member = await registerMember(server.url, uniqueName('wup'), 0);
  const other = await registerMember(server.url, uniqueName('wfind'), 1);
  const { recharge, vip1, vip2 } = await shopPackages(server.url, member);
  const { context, outbound, errors } = await newContext(env.browser, 'desktop', server.url);
  const page = await context.newPage();
  await signIn(page, member);

  // Free: member search is refused and sends the member home.
  await page.goto('/w/home/member/search');
  await page.waitForURL(/\/w\/home\/index/);

  // The top menu's upgrade: silver and gold with price, months, price per month and saving.
  await page.locator('.ant-menu').getByText('Upgrade', { exact: true }).click();
  await page.waitForURL('**/w/home/upgrade');
  await eventually(() => page.getByTestId(`upgrade-package-${vip1[0]!.id}`).getAttribute('aria-checked')).toBe('true');
  expect(await page.getByTestId(`upgrade-package-${vip1[2]!.id}`).innerText()).toMatch(/12 months[\s\S]*US\$ 239\.99[\s\S]*US\$ 20\.00 \/ month[\s\S]*Save 33%/);
  expect(await page.getByTestId('privileges-2').innerText()).toContain('Free translation');
  await shot(page, 'desktop-upgrade');

  // By balance without credits: "Insufficient Credits" and the way to recharge.
  await page.getByTestId('pay-method-0').click();
  await page.getByTestId('pay-submit').click();
  await page.locator('.ant-modal-confirm').getByText('Sorry, your credit is running low').waitFor();
  await shot(page, 'desktop-credit-low');
  await page.getByTestId('short-recharge').click();
  await page.waitForURL('**/w/home/pay');

  // By card: VIP for three months.
  await page.goto('/w/home/upgrade');
  await page.getByTestId(`upgrade-package-${vip1[1]!.id}`).click();
  await page.getByTestId('pay-method-4').click();
  await fillPayer(page, CARDS.success);
  await page.getByTestId('pay-submit').click();
  await page.getByTestId('pay-result-paid').waitFor();
  expect(await page.getByTestId('pay-result-paid').innerText()).toContain('Upgrade success');
  expect(await page.getByTestId('pay-result-level').innerText()).toContain('VIP');

  // The badge with its expiry on the profile, and member search now opens: no new sign-in.
  await page.goto('/w/home/user/index');
  await eventually(() => page.locator('.kd-profile-id [data-testid=vip-badge]').getAttribute('data-vip')).toBe('1');
  expect(await page.locator('.kd-profile-id [data-testid=vip-badge]').innerText()).toMatch(/until/);
  await page.goto('/w/home/member/search');
  const search = page.locator('input[data-testid=member-search], [data-testid=member-search] input');
  await search.fill(other.username);
  await search.press('Enter');
  await page.getByText(other.username).first().waitFor();
  expect(page.url()).toMatch(/\/w\/home\/member\/search/);

  // By balance: SVIP for a month from credits bought first.
  await rechargeByApi(server.url, member, recharge[3]!);
  await page.goto('/w/home/upgrade');
  await page.getByTestId(`upgrade-package-${vip2[0]!.id}`).click();
  await page.getByTestId('pay-method-0').click();
  await page.getByTestId('pay-submit').click();
  await page.getByTestId('pay-result-paid').waitFor();
  expect(await balance(page)).toContain('70.01');
  await page.goto('/w/home/upgrade');
  await page.getByTestId('membership-until-2').waitFor();
  expect(await page.getByTestId('money-balance').innerText()).toBe('70.01');

  expect(outbound).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
