import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { newContext } from '../support/browser.js';
import { uniqueName } from '../support/fixtures.js';
import { catalogueGift, giftShot, grantCredits } from '../support/gifts.js';
import { useJourneyEnv } from '../support/journey.js';
import { registerMember, setVip, type Member } from '../support/members.js';

const env = useJourneyEnv();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

async function signIn(page: Page, member: Member) {
  await page.goto('/m/login');
  await page.fill('input[name=account]', member.username);
  await page.fill('input[name=password]', 'secret123');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/m\/home\/index/);
}

test('phone: a member sends a gift from the store; the recipient sees the notice live, in My Received and in the chat; too expensive says Insufficient Credits', async () => {
  const server = env.servers[0]!;
  const base = server.url;
  const he = await registerMember(base, uniqueName('gh'), 1);
  const she = await registerMember(base, uniqueName('gs'), 0);
  // She opens the chat from her list: that needs a paid level.
  setVip(server, she.id, 1);
  const rose = catalogueGift(server, 'rose');
  grantCredits(server, he.id, 1000);

  const hisBrowser = await newContext(env.browser, 'phone', base);
  const herBrowser = await newContext(env.browser, 'phone', base);
  const his = await hisBrowser.page();
  const her = await herBrowser.page();
  await signIn(his, he);
  await signIn(her, she);
  // She waits on her Mine page: the gift notice must come to her, live.
  await her.goto('/m/home/my/index');
  await her.getByTestId('mine-username').waitFor();

  // The store, by category, with My Received on top.
  await his.goto('/m/home/my/index');
  await his.getByTestId('mine-gifts').click();
  await his.waitForURL(/\/m\/home\/gift\/list$/);
  await poll(() => his.getByTestId('gift-category').count()).toBeGreaterThanOrEqual(4);
  await his.locator(`[data-testid=gift-tile][data-gift-id="${rose.id}"]`).waitFor();
  await giftShot(his, 'phone-store');
  await his.locator(`[data-testid=gift-tile][data-gift-id="${rose.id}"]`).click();
  await his.waitForURL(new RegExp(`/m/home/gift/send/${rose.id}$`));

  // Send: recipient, a message (at most 50 characters), the balance falls by the price.
  await his.fill('#gift-username', she.username);
  await his.fill('#gift-message', 'x'.repeat(60));
  expect((await his.inputValue('#gift-message')).length).toBe(50);
  await his.fill('#gift-message', 'A rose for you [rose]');
  await giftShot(his, 'phone-send');
  await his.getByTestId('gift-send-submit').click();
  await his.waitForURL(/\/m\/home\/gift\/list$/);

  // Her notice arrives on the Mine page without a reload.
  const notice = her.getByTestId('gift-notice');
  await notice.waitFor({ timeout: 15_000 });
  expect(await notice.innerText()).toContain(he.username);
  expect(await notice.innerText()).toContain('A rose for you');
  await giftShot(her, 'phone-mine-notice');
  await notice.click();
  await her.waitForURL(/\/m\/home\/gift\/listbox$/);
  const received = her.locator(`[data-testid=gift-received-item][data-gift-id="${rose.id}"]`);
  await received.waitFor();
  expect(await received.innerText()).toContain('Rose');
  expect(await received.innerText()).toContain(he.username);
  await giftShot(her, 'phone-received');

  // The gift is in their conversation on both sides.
  await her.goto(`/m/home/chat/index?uid=${he.id}`);
  await poll(() => her.getByTestId('chat-gift-message').count()).toBe(1);
  await poll(() => her.getByTestId('chat-gift-message').innerText()).toContain('Sent you Rose');
  await giftShot(her, 'phone-chat-gift');
  await his.goto(`/m/home/chat/index?uid=${she.id}`);
  await poll(() => his.getByTestId('chat-gift-message').count()).toBe(1);
  await poll(() => his.getByTestId('chat-gift-message').innerText()).toContain('You sent Rose');

  // His balance is 9.00 now; the castle (520.00) is too expensive.
  const castle = catalogueGift(server, 'castle');
  await his.goto(`/m/home/gift/send/${castle.id}?to=${she.username}`);
  await his.getByTestId('gift-send-submit').click();
  const problem = his.getByTestId('gift-send-error');
  await poll(() => problem.innerText()).toContain('Insufficient Credits');
  await giftShot(his, 'phone-insufficient');
  await his.getByTestId('gift-recharge').click();
  await his.waitForURL(/\/m\/home\/invest\/index$/);

  expect(hisBrowser.outbound).toEqual([]);
  expect(herBrowser.errors).toEqual([]);
  expect(hisBrowser.errors).toEqual([]);
});
