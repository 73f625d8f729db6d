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
  await page.goto('/m/login');
  await page.fill('input[name=account]', member.username);
  await page.fill('input[name=password]', 'secret123');
  await page.locator('input[name=password]').press('Enter');
  await page.waitForURL('**/m/home/index');
}

const field = (page: Page, name: string) => page.locator(`[data-testid=pay-${name}] input`);

/** The payer's fields of the phone's payment page: name, e-mail, phone, and for method 4 the card. */
async function fillPayer(page: Page, card?: string) {
  await field(page, 'name').fill('Journey');
  if (card) await field(page, 'lastname').fill('Payer');
  await field(page, 'email').fill('payer@example.com');
  await field(page, 'phone').fill('+1 555 0100');
  if (!card) return;
  await field(page, 'cardnumber').fill(card);
  await page.selectOption('[data-testid=pay-expMonth]', '12');
  await page.selectOption('[data-testid=pay-expYear]', String(new Date().getFullYear() + 2));
  await field(page, 'cvv').fill('123');
  await page.selectOption('[data-testid=pay-country]', 'TW');
  await field(page, 'state').fill('Taipei');
  await field(page, 'city').fill('Taipei');
  await field(page, 'address').fill('1 Main Street');
  await field(page, 'zip').fill('100');
}

/** From the recharge page: choose package `id`, go on, choose `method`, and continue to its form (or pay at once). */
async function startRecharge(page: Page, id: number, method: number) {
  await page.goto('/m/home/invest/index');
  await page.getByTestId(`recharge-package-${id}`).click();
  await page.getByTestId('recharge-next').click();
  await page.waitForURL(/\/m\/home\/invest\/list\?/);
  await page.getByTestId(`pay-method-${method}`).click();
  await page.getByTestId('pay-next').click();
}

const balance = (page: Page) => page.getByTestId('pay-result-balance').innerText();
const toast = (page: Page) => page.locator('.adm-toast-main').innerText();

test('phone: recharge by card, by challenge (approve and decline), by hosted page and by scan-code', async () => {
  const server = env.servers[0]!;
  seedShop(server);
  const member = await registerMember(server.url, uniqueName('mpay'), 1);
  const { recharge } = await shopPackages(server.url, member);
  const { context, outbound, errors } = await newContext(env.browser, 'phone', server.url);
  const page = await context.newPage();
  await signIn(page, member);

  // Mine → recharge: the third package is chosen after a second; the custom amount keeps to the rule.
  await page.goto('/m/home/my/index');
  await page.getByTestId('mine-recharge').click();
  await page.waitForURL('**/m/home/invest/index');
  await eventually(() => page.getByTestId(`recharge-package-${recharge[2]!.id}`).getAttribute('aria-checked')).toBe('true');
  const amount = page.locator('[data-testid=recharge-amount] input');
  expect(await amount.inputValue()).toBe(recharge[2]!.amounts);
  await shot(page, 'phone-recharge');
  await amount.fill('');
  await amount.pressSequentially('007a.5.67');
  expect(await amount.inputValue()).toBe('7.56');
  await amount.fill('0');
  await page.getByTestId('recharge-next').click();
  expect(await page.getByTestId('recharge-problem').innerText()).toBe('Money wrong');

  // Card that succeeds: "Recharge success", the result page and the new balance.
  await startRecharge(page, recharge[0]!.id, 4);
  await page.waitForURL(/\/m\/home\/payment\/10\.00\/\d+\/4\/1/);
  await shot(page, 'phone-payment-card');
  await page.getByTestId('pay-submit').click();
  await eventually(() => toast(page)).toContain('First name is required');
  await fillPayer(page, CARDS.success);
  await page.getByTestId('pay-submit').click();
  await page.waitForURL(/\/m\/home\/pay\/result\?guid=/);
  await page.getByTestId('pay-result-paid').waitFor();
  expect(await page.getByTestId('pay-result-paid').innerText()).toContain('Recharge success');
  expect(await balance(page)).toContain('10.00');
  await shot(page, 'phone-result-paid');

  // A declined card: "Payment failed" and the page stays; asking again at once: "Please wait patiently".
  await startRecharge(page, recharge[0]!.id, 4);
  await fillPayer(page, CARDS.declined);
  await page.getByTestId('pay-submit').click();
  await eventually(() => toast(page)).toContain('Payment failed');
  await page.getByTestId('pay-submit').click();
  await eventually(() => toast(page)).toContain('Please wait patiently');
  expect(page.url()).toMatch(/\/m\/home\/payment\//);

  // A card that asks for a challenge: the full-page frame (/m/UpgradeCode); approving pays.
  await startRecharge(page, recharge[1]!.id, 4);
  await fillPayer(page, CARDS.challenge);
  await page.getByTestId('pay-submit').click();
  await page.waitForURL(/\/m\/UpgradeCode\?url=/);
  const frame = page.frameLocator('[data-testid=pay-frame]');
  await frame.getByRole('button', { name: 'Approve' }).waitFor();
  await shot(page, 'phone-upgrade-code');
  await frame.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/m\/home\/pay\/result\?guid=/);
  await page.getByTestId('pay-result-paid').waitFor();
  expect(await balance(page)).toContain('42.00');

  // ... and declining it fails.
  await startRecharge(page, recharge[1]!.id, 4);
  await fillPayer(page, CARDS.challenge);
  await page.getByTestId('pay-submit').click();
  await page.waitForURL(/\/m\/UpgradeCode\?url=/);
  await page.frameLocator('[data-testid=pay-frame]').getByRole('button', { name: 'Decline' }).click();
  await page.getByTestId('pay-result-failed').waitFor();
  expect(await page.getByTestId('pay-result-failed').innerText()).toContain('Payment failed');
  await shot(page, 'phone-result-failed');

  // The hosted page (method 3, the default): the browser goes there and comes back paid.
  await page.goto('/m/home/invest/index');
  await page.getByTestId(`recharge-package-${recharge[0]!.id}`).click();
  await page.getByTestId('recharge-next').click();
  await page.getByTestId('pay-next').click();
  await page.waitForURL(/\/m\/home\/payment\/10\.00\/\d+\/3\/1/);
  await fillPayer(page);
  await page.getByTestId('pay-submit').click();
  await page.waitForURL(/\/payments\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/m\/home\/pay\/result\?guid=/);
  await page.getByTestId('pay-result-paid').waitFor();
  expect(await balance(page)).toContain('52.00');

  // Scan-code: after the confirmation the QR page opens in a new window; paying it there (a second
  // device) turns the waiting result page into success.
  await startRecharge(page, recharge[0]!.id, 6);
  await page.locator('.adm-dialog-button-bold').waitFor();
  await shot(page, 'phone-scan-confirm');
  const [qr] = await Promise.all([context.waitForEvent('page'), clickStill(page.locator('.adm-dialog-button-bold'))]);
  await page.getByTestId('pay-result-pending').waitFor();
  await qr.waitForLoadState();
  await qr.locator('img.qr').waitFor();
  const confirmUrl = await qr.getByRole('link').getAttribute('href');
  const second = await context.newPage();
  await second.goto(confirmUrl!);
  await second.getByRole('button', { name: 'Confirm payment' }).click();
  await second.getByText('Payment complete').waitFor();
  await page.getByTestId('pay-result-paid').waitFor({ timeout: 20_000 });
  expect(await balance(page)).toContain('62.00');

  // The Mine page shows the balance without signing in again.
  await page.goto('/m/home/my/index');
  await eventually(() => page.getByTestId('mine-balance').innerText()).toBe('62.00');

  expect(outbound).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('phone: upgrade by card and by balance → badge, expiry and search without signing in again', async () => {
  const server = env.servers[0]!;
  seedShop(server);
  const member = await registerMember(server.url, uniqueName('mup'), 1);
  const other = await registerMember(server.url, uniqueName('find'), 0);
  const { recharge, vip1, vip2 } = await shopPackages(server.url, member);
  const { context, outbound, errors } = await newContext(env.browser, 'phone', server.url);
  const page = await context.newPage();
  await signIn(page, member);

  // Free: searching by name is not allowed.
  await page.goto('/m/home/index?tab=search');
  await page.locator('[data-testid=member-search] input').fill(other.username);
  await page.getByTestId('search-no-permission').waitFor();

  // No package in the query: "Please choose a set meal".
  await page.goto('/m/home/upgrade/list');
  expect(await page.getByTestId('pay-problem').innerText()).toContain('Please choose a set meal');

  // Mine → upgrade: tabs VIP and SVIP with their privileges; the first silver package after a second.
  await page.goto('/m/home/my/index');
  await page.getByTestId('mine-upgrade').click();
  await page.waitForURL('**/m/home/upgrade/index');
  await eventually(() => page.getByTestId(`upgrade-package-${vip1[0]!.id}`).getAttribute('aria-checked')).toBe('true');
  expect(await page.getByTestId('privileges-1').innerText()).toContain('Search members');
  await shot(page, 'phone-upgrade');
  await page.getByTestId('upgrade-tab-2').click();
  await page.getByTestId('privileges-2').waitFor();
  expect(await page.getByTestId('privileges-2').innerText()).toContain('Free translation');

  // By balance with no credits: "Sorry, your credit is running low" and the way to recharge.
  await page.getByTestId('upgrade-tab-1').click();
  await page.getByTestId('upgrade-next').click();
  await page.waitForURL(/\/m\/home\/upgrade\/list\?/);
  await page.getByTestId('pay-method-0').click();
  await page.getByTestId('pay-next').click();
  await page.locator('.adm-dialog').getByText('Sorry, your credit is running low').waitFor();
  await shot(page, 'phone-credit-low');
  await clickStill(page.locator('.adm-dialog-button-bold'));
  await page.waitForURL('**/m/home/invest/index');

  // By card: VIP for three months.
  await page.goto('/m/home/upgrade/index');
  await page.getByTestId(`upgrade-package-${vip1[1]!.id}`).click();
  await page.getByTestId('upgrade-next').click();
  await page.getByTestId('pay-method-4').click();
  await page.getByTestId('pay-next').click();
  await page.waitForURL(/\/m\/home\/payment\/74\.99\/\d+\/4\/2/);
  await fillPayer(page, CARDS.success);
  await page.getByTestId('pay-submit').click();
  await page.getByTestId('pay-result-paid').waitFor();
  expect(await page.getByTestId('pay-result-paid').innerText()).toContain('Upgrade success');
  expect(await page.getByTestId('pay-result-level').innerText()).toContain('VIP');
  await shot(page, 'phone-upgrade-paid');

  // The badge with its expiry on the Mine page, and searching now works: no new sign-in.
  await page.goto('/m/home/my/index');
  await eventually(() => page.locator('[data-testid=mine-badge] [data-testid=vip-badge]').getAttribute('data-vip')).toBe('1');
  expect(await page.getByTestId('mine-badge').innerText()).toMatch(/until/);
  await page.goto('/m/home/index?tab=search');
  await page.locator('[data-testid=member-search] input').fill(other.username);
  await eventually(() => page.getByTestId('member-row').count()).toBe(1);

  // By balance: credits bought first, then SVIP for a month from them.
  await rechargeByApi(server.url, member, recharge[3]!);
  await page.goto('/m/home/upgrade/index');
  await page.getByTestId('upgrade-tab-2').click();
  await page.getByTestId(`upgrade-package-${vip2[0]!.id}`).click();
  await page.getByTestId('upgrade-next').click();
  await page.getByTestId('pay-method-0').click();
  await page.getByTestId('pay-next').click();
  await page.getByTestId('pay-result-paid').waitFor();
  expect(await balance(page)).toContain('70.01');
  await page.goto('/m/home/my/index');
  await eventually(() => page.locator('[data-testid=mine-badge] [data-testid=vip-badge]').getAttribute('data-vip')).toBe('2');
  expect(await page.getByTestId('mine-balance').innerText()).toBe('70.01');

  expect(outbound).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
