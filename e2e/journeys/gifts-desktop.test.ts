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
  await page.goto('/w/login');
  await page.fill('input[name=account]', member.username);
  await page.fill('input[name=password]', 'secret123');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/w\/home\/index/);
}

/** The notice bell's count, '' when there is none. */
const bellCount = (page: Page) =>
  page.locator('[data-testid=notice-bell] .ant-badge-count:not(.ant-badge-zoom-leave)').evaluateAll((els) => els[0]?.getAttribute('title') ?? '');

test('desktop: gifts from the store and from the chat reach the recipient live (notice bell, My gifts, conversation); too expensive says Insufficient Credits', async () => {
  const server = env.servers[0]!;
  const base = server.url;
  const he = await registerMember(base, uniqueName('dh'), 1);
  const she = await registerMember(base, uniqueName('ds'), 0);
  setVip(server, he.id, 2);
  setVip(server, she.id, 1);
  const coffee = catalogueGift(server, 'coffee');
  const bouquet = catalogueGift(server, 'bouquet');
  grantCredits(server, he.id, 800);

  const hisBrowser = await newContext(env.browser, 'desktop', base);
  const herBrowser = await newContext(env.browser, 'desktop', base);
  const his = await hisBrowser.page();
  const her = await herBrowser.page();
  await signIn(his, he);
  await signIn(her, she);

  // The store: category tabs, tiles with picture, name, price and a send button opening the dialog.
  await his.goto('/w/home/store/index');
  await poll(() => his.getByTestId('gift-category').count()).toBeGreaterThanOrEqual(4);
  await his.getByTestId('gift-category').filter({ hasText: 'Sweets' }).click();
  const tile = his.locator(`[data-testid=gift-tile][data-gift-id="${coffee.id}"]`);
  await tile.waitFor();
  expect(await tile.innerText()).toContain('1.50 credits');
  await giftShot(his, 'desktop-store');
  await tile.getByTestId('gift-send').click();
  const dialog = his.getByTestId('gift-dialog');
  await dialog.waitFor();
  expect(await his.locator('.ant-modal').innerText()).toContain('Let us have a coffee together.');
  await his.getByTestId('gift-recipient').fill(she.username);
  await his.getByTestId('gift-message').fill('Coffee time? [coffee]');
  await giftShot(his, 'desktop-send-dialog');
  await his.getByTestId('gift-dialog-send').click();
  await dialog.waitFor({ state: 'detached' });

  // Her bell counts the notice live; the dropdown shows it and leads to her received gifts.
  await poll(() => bellCount(her)).toBe('1');
  await her.getByTestId('notice-bell').click();
  const entry = her.locator('[data-testid=notice-item][data-type=gift]');
  await entry.waitFor();
  expect(await entry.innerText()).toContain(he.username);
  await giftShot(her, 'desktop-notice');
  await entry.locator('button').click();
  await her.waitForURL(/\/w\/home\/store\/mine$/);
  const mine = her.locator(`[data-testid=gift-received-item][data-gift-id="${coffee.id}"]`);
  await mine.waitFor();
  expect(await mine.innerText()).toContain('Coffee');
  await giftShot(her, 'desktop-mine');

  // From the chat: the gift picker sends to the open peer; both conversations show the gifts.
  await his.goto(`/w/home/chat?uid=${she.id}&from=member`);
  const page = his.getByTestId('chat-page');
  await poll(() => page.getByTestId('chat-gift-message').count()).toBe(1);
  await page.getByTestId('chat-gift').click();
  await his.getByTestId('chat-gift-picker').waitFor();
  await his.getByTestId('chat-gift-picker').getByTestId('gift-category').first().click();
  await his.locator(`[data-testid=chat-gift-picker] [data-testid=gift-tile][data-gift-id="${bouquet.id}"] button`).first().click();
  await his.getByTestId('gift-dialog').waitFor();
  expect(await his.getByTestId('gift-recipient').inputValue()).toBe(she.username);
  await giftShot(his, 'desktop-chat-picker-dialog');
  await his.getByTestId('gift-dialog-send').click();
  await his.getByTestId('gift-dialog').waitFor({ state: 'detached' });
  await poll(() => page.getByTestId('chat-gift-message').count()).toBe(2);
  await poll(() => page.getByTestId('chat-gift-message').last().innerText()).toContain('You sent Bouquet');
  await giftShot(his, 'desktop-chat');

  await her.goto(`/w/home/chat?uid=${he.id}&from=member`);
  await poll(() => her.getByTestId('chat-page').getByTestId('chat-gift-message').count()).toBe(2);
  await poll(() => her.getByTestId('chat-gift-message').last().innerText()).toContain('Sent you Bouquet');
  await poll(() => bellCount(her)).toBe('1');

  // 8.00 - 1.50 - 5.00 = 1.50 left: the bouquet again is too expensive. The member card's gift button says so.
  await his.goto(`/w/home/user/detail/${she.id}`);
  await his.getByTestId('detail-gift').click();
  await his.getByTestId('gift-dialog-choose').waitFor();
  await his.getByTestId('gift-dialog-choose').getByTestId('gift-category').first().click();
  await his.locator(`[data-testid=gift-dialog-choose] [data-testid=gift-tile][data-gift-id="${bouquet.id}"] button`).first().click();
  await his.getByTestId('gift-dialog-send').click();
  const short = his.getByTestId('gift-insufficient');
  await poll(() => short.innerText()).toContain('Insufficient Credits');
  await giftShot(his, 'desktop-insufficient');
  await his.getByTestId('gift-recharge').click();
  await his.waitForURL(/\/w\/home\/pay$/);

  expect(hisBrowser.outbound).toEqual([]);
  expect(herBrowser.errors).toEqual([]);
  expect(hisBrowser.errors).toEqual([]);
});
