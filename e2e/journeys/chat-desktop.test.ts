import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { newContext } from '../support/browser.js';
import { clickStill, openMenu } from '../support/menus.js';
import { samplePhoto, uniqueName } from '../support/fixtures.js';
import { useJourneyEnv } from '../support/journey.js';
import { registerMember, sendChatTexts, setVip, type Member } from '../support/members.js';

const env = useJourneyEnv();

/** Live state (delivery, presence, a translation) can take a few seconds on a busy machine. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

async function signIn(page: Page, member: Member) {
  await page.goto('/w/login');
  await page.fill('input[name=account]', member.username);
  await page.fill('input[name=password]', 'secret123');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/w\/home\/index/);
}

const contact = (scope: Page | Locator, member: Member | number) =>
  scope.locator(`[data-testid=chat-contact][data-uid="${typeof member === 'number' ? member : member.id}"]`);
const chatWindow = (page: Page, member: Member) => page.locator(`[data-testid=chat-window][data-uid="${member.id}"]`);
const message = (scope: Page | Locator, text: string | RegExp) => scope.getByTestId('chat-message').filter({ hasText: text });
/** The unread count on the header's "Chat" item, '' when there is none. */
const headerUnread = (page: Page) =>
  page.locator('[data-testid=chat-unread] .ant-badge-count:not(.ant-badge-zoom-leave)').evaluateAll((els) => els[0]?.getAttribute('title') ?? '');

test('desktop chat: page, windows, live messages, history, translation, invisible mode, support, delete and window capacity', async () => {
  const server = env.servers[0]!;
  const base = server.url;
  // Chatting from the chat list needs a paid level; his gold level also translates for free.
  const he = await registerMember(base, uniqueName('he'), 1);
  const she = await registerMember(base, uniqueName('she'), 0);
  setVip(server, he.id, 2);
  setVip(server, she.id, 1);
  // More than one page of history (20), written before either of them opens the chat.
  await sendChatTexts(base, she, he.id, Array.from({ length: 22 }, (_, i) => `Seed message ${i + 1}`));
  // Five more women, the newest members, for the window-capacity check at the end.
  const others: Member[] = [];
  for (let i = 0; i < 5; i += 1) others.push(await registerMember(base, uniqueName(`w${i}`), 0));

  const hisBrowser = await newContext(env.browser, 'desktop', base);
  const herBrowser = await newContext(env.browser, 'desktop', base);
  const his = await hisBrowser.page();
  const her = await herBrowser.page();
  await signIn(his, he);
  await signIn(her, she);
  await poll(() => headerUnread(his)).toBe('22');

  // From her profile, "send message" opens a floating window with the latest page of the conversation.
  await his.goto(`/w/home/user/detail/${she.id}`);
  await his.getByTestId('detail-message').click();
  const herWindow = chatWindow(his, she);
  await message(herWindow, 'Seed message 22').waitFor();
  await poll(() => headerUnread(his)).toBe('');

  // The window opens the chat page on her conversation; the history button loads the older page.
  await herWindow.getByTestId('chat-window-page').click();
  await his.waitForURL(new RegExp(`/w/home/chat\\?uid=${she.id}&from=member$`));
  const page = his.getByTestId('chat-page');
  expect(await page.getByTestId('chat-head').innerText()).toContain(she.username);
  await poll(() => page.getByTestId('chat-message').count()).toBe(20);
  expect(await message(page, /Seed message 2$/).count()).toBe(0);
  await page.getByTestId('chat-history').click();
  await message(page, /Seed message 1$/).waitFor();
  await poll(() => page.getByTestId('chat-message').count()).toBe(22);
  await page.getByTestId('chat-history').waitFor({ state: 'detached' });

  // He writes a text with an emoticon from the picker, then an image.
  const input = page.getByTestId('chat-input');
  await input.fill('Hello there ');
  await page.getByTestId('chat-emoticons').click();
  await his.locator('[data-testid=emoticon-picker] button[data-code="Smile"]').click();
  await poll(() => input.inputValue()).toBe('Hello there [Smile]');
  await page.getByTestId('chat-send').click();
  const hello = message(page, 'Hello there');
  await poll(() => hello.getAttribute('data-state')).toBe('stored');
  expect(await hello.locator('img.k-emo[alt="[Smile]"]').count()).toBe(1);
  expect(await input.inputValue()).toBe('');
  await page.getByTestId('chat-image-input').setInputFiles(await samplePhoto());
  const sentImage = page.locator('[data-testid=chat-message][data-mine="1"] img[src^="/uploads/dynamic/"]');
  await sentImage.waitFor();
  await poll(async () => (await sentImage.boundingBox())?.width ?? 0).toBeGreaterThan(0);
  expect((await sentImage.boundingBox())!.width).toBeLessThanOrEqual(200);

  // She sees the header badge and the dock's count, opens his conversation from the dock and answers.
  await poll(() => headerUnread(her)).toBe('2');
  const dock = her.getByTestId('chat-dock');
  expect(await dock.getByTestId('chat-dock-bar').locator('.ant-badge-count').getAttribute('title')).toBe('2');
  await dock.getByTestId('chat-dock-bar').click();
  expect(await contact(dock, he).getAttribute('data-unread')).toBe('2');
  await contact(dock, he).click();
  const hisWindow = chatWindow(her, he);
  await message(hisWindow, 'Hello there').locator('img.k-emo[alt="[Smile]"]').waitFor();
  await hisWindow.locator('[data-testid=chat-message] img[src^="/uploads/dynamic/"]').waitFor();
  await poll(() => headerUnread(her)).toBe('');
  await hisWindow.getByTestId('chat-input').fill('你好，这是简体中文');
  await hisWindow.getByTestId('chat-input').press('Enter');
  await poll(() => message(hisWindow, '你好，这是简体中文').getAttribute('data-state')).toBe('stored');

  // Both live: her answer reaches his open page, his reply reaches her window.
  const answer = message(page, '你好，这是简体中文');
  await answer.waitFor();
  expect(await answer.getAttribute('data-mine')).toBe('0');
  await input.fill('Nice to meet you');
  await input.press('Enter');
  await message(hisWindow, 'Nice to meet you').waitFor();

  // He translates her simplified-Chinese message to traditional Chinese in the translate box.
  await answer.hover();
  await answer.getByTestId('chat-translate-message').click();
  const box = page.getByTestId('translate-box');
  expect(await box.getByTestId('translate-source').inputValue()).toBe('你好，这是简体中文');
  await box.locator('.ant-segmented-item').filter({ hasText: 'Traditional Chinese' }).click();
  await box.getByTestId('translate-run').click();
  await poll(() => box.getByTestId('translate-result').innerText()).toContain('這是簡體中文');
  await box.getByTestId('translate-use').click();
  await poll(() => input.inputValue()).toContain('這是簡體中文');
  await input.fill('');

  // Invisible mode: she hides with the switch in her account menu (women only), and his list and
  // conversation head show her offline; the switch moves at once and follows the server's answer.
  const herMenu = her.getByTestId('user-menu');
  const herSwitch = her.getByTestId('invisible-switch');
  const herRow = contact(page, she);
  await herRow.getByTestId('online-dot').waitFor();
  expect(await page.getByTestId('chat-head').innerText()).toContain('Online');
  await openMenu(her, herMenu);
  expect(await herSwitch.getAttribute('aria-checked')).toBe('true');
  await herSwitch.click();
  await her.locator('.ant-message-notice').filter({ hasText: 'You are invisible' }).waitFor();
  await herRow.getByTestId('online-dot').waitFor({ state: 'detached' });
  await poll(() => page.getByTestId('chat-head').innerText()).not.toContain('Online');
  // The menu stays open and the switch shows the new state without reopening it (issue 13).
  await poll(() => herSwitch.getAttribute('aria-checked')).toBe('false');
  await herSwitch.click();
  await herRow.getByTestId('online-dot').waitFor();
  await poll(() => herSwitch.getAttribute('aria-checked')).toBe('true');
  await her.keyboard.press('Escape');
  // His account menu has no such switch.
  await his.getByTestId('user-menu').click();
  await his.locator('.ant-dropdown-menu').getByText('Sign out').waitFor();
  expect(await his.getByTestId('invisible-switch').count()).toBe(0);
  await his.keyboard.press('Escape');

  // The customer-service widget writes to the support account.
  await his.goto('/w/home/index');
  const widget = his.getByTestId('service-widget');
  await widget.getByTestId('service-bar').click();
  await widget.getByTestId('chat-input').fill('Hello support');
  await widget.getByTestId('chat-send').click();
  await poll(() => message(widget, 'Hello support').getAttribute('data-state')).toBe('stored');
  await widget.getByTestId('service-bar').click();

  // Deleting the conversation removes it from his side only.
  await his.goto(`/w/home/chat?uid=${she.id}`);
  await his.getByTestId('chat-delete').click();
  await clickStill(his.locator('.ant-popconfirm:not(.ant-popover-hidden) .ant-btn-dangerous'));
  await his.waitForURL(/\/w\/home\/chat$/);
  await contact(his, she).waitFor({ state: 'detached' });
  await his.reload();
  await contact(his, 2).waitFor();
  expect(await contact(his, she).count()).toBe(0);
  await her.reload();
  await her.getByTestId('chat-dock-bar').click();
  await contact(her.getByTestId('chat-dock'), he).waitFor();

  // A free member may not open a chat from the chat list: "Need to upgrade~", then the upgrade page.
  setVip(server, she.id, 0);
  await her.reload();
  await her.getByTestId('chat-dock-bar').click();
  await contact(her.getByTestId('chat-dock'), he).click();
  await her.locator('.ant-message-notice').filter({ hasText: 'Need to upgrade~' }).waitFor();
  await her.waitForURL(/\/w\/home\/upgrade$/);
  expect(await chatWindow(her, he).count()).toBe(0);

  // Window capacity: floor((1440 - 300) / 300) = 3 windows at 1440 px, the other two behind "+2".
  await his.goto('/w/home/member/latest');
  await his.getByTestId('member-list-latest').waitFor();
  for (const woman of others) {
    await his.locator(`[data-testid=member-card][data-member-id="${woman.id}"] [data-testid=member-chat]`).click();
    await chatWindow(his, woman).waitFor();
  }
  expect(await his.getByTestId('chat-window').count()).toBe(3);
  const more = his.getByTestId('chat-windows-more');
  expect(await more.innerText()).toBe('+2');
  // The newest three are shown; the first two opened wait in the dropdown and one swaps in.
  await chatWindow(his, others[0]!).waitFor({ state: 'detached' });
  await more.click();
  await his.locator(`[data-testid=chat-hidden-window][data-uid="${others[0]!.id}"]`).click();
  await chatWindow(his, others[0]!).waitFor();
  expect(await his.getByTestId('chat-window').count()).toBe(3);
  expect(await more.innerText()).toBe('+2');
  // Collapse and expand a window.
  const first = chatWindow(his, others[0]!);
  await first.getByTestId('chat-window-toggle').click();
  await first.getByTestId('chat-conversation').waitFor({ state: 'detached' });
  await first.getByTestId('chat-window-toggle').click();
  await first.getByTestId('chat-conversation').waitFor();
  // 1000 px wide: two windows once the resize settles.
  await his.setViewportSize({ width: 1000, height: 900 });
  await poll(() => his.getByTestId('chat-window').count()).toBe(2);
  expect(await more.innerText()).toBe('+3');
  // Closing one brings a hidden one back.
  await chatWindow(his, others[4]!).getByTestId('chat-window-close').click();
  await poll(() => more.innerText()).toBe('+2');
  expect(await his.getByTestId('chat-window').count()).toBe(2);

  for (const browser of [hisBrowser, herBrowser]) {
    expect(browser.outbound).toEqual([]);
    expect(browser.errors).toEqual([]);
    await browser.context.close();
  }
});
