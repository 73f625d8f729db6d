import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { newContext } from '../support/browser.js';
import { samplePhoto, uniqueName } from '../support/fixtures.js';
import { useJourneyEnv } from '../support/journey.js';
import { clickStill } from '../support/menus.js';
import { registerMember, sendChatTexts, setVip, type Member } from '../support/members.js';

const env = useJourneyEnv();

/** Waits for a value on screen; the machine is shared, so allow more than vitest's default second. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

async function signIn(page: Page, member: Member) {
  await page.goto('/m/login');
  await page.fill('input[name=account]', member.username);
  await page.fill('input[name=password]', 'secret123');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/m\/home\/index/);
}

const contact = (page: Page, member: Member) => page.locator(`[data-testid=chat-contact][data-uid="${member.id}"]`);
const lines = (page: Page) => page.getByTestId('chat-line');
const line = (page: Page, text: string | RegExp) => lines(page).filter({ hasText: text });
/** The number on the bottom bar's Messages tab, '' when there is none. */
const tabBadge = async (page: Page) => {
  const badge = page.locator('[data-testid=tab-messages] .adm-badge-content');
  return (await badge.count()) ? badge.innerText() : '';
};
const peerOnline = (page: Page) => page.getByTestId('chat-peer-status').getAttribute('data-online');
const isYin = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('kindred.user') ?? 'null') as { is_yin: number }).is_yin);

/**
 * Swipes a row to the left with a finger: antd-mobile's SwipeAction follows touch events only, so
 * they go through the browser's input layer (CDP), as a phone's touchscreen would send them.
 */
async function swipeLeft(page: Page, row: Locator) {
  const box = (await row.boundingBox())!;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  const from = box.x + box.width - 20;
  await touch('touchStart', from);
  for (let i = 1; i <= 10; i += 1) await touch('touchMove', from - (i * (box.width - 60)) / 10);
  await touch('touchEnd');
  await cdp.detach();
}

test('phone chat: live messages with emoticons and pictures, unread badge, history, translation, invisible mode, swipe delete, support', async () => {
  const server = env.servers[0]!;
  const base = server.url;
  // He chats from the chat list (a paid level may); her gold level translates for free.
  const he = await registerMember(base, uniqueName('he'), 1);
  const she = await registerMember(base, uniqueName('she'), 0);
  setVip(server, he.id, 1);
  setVip(server, she.id, 2);

  const hisBrowser = await newContext(env.browser, 'phone', base);
  const herBrowser = await newContext(env.browser, 'phone', base);
  const his = await hisBrowser.page();
  const her = await herBrowser.page();
  await signIn(his, he);
  await signIn(her, she);

  // He opens her from her profile's chat button: a new conversation, she shows online.
  await his.goto(`/m/home/my/newsfeed/${she.id}`);
  await his.getByTestId('profile-chat').click();
  await his.waitForURL(new RegExp(`/m/home/chat/index\\?uid=${she.id}&from=profile$`));
  await eventually(() => his.getByTestId('chat-peer-name').innerText()).toBe(she.username);
  await eventually(() => peerOnline(his)).toBe('1');
  await his.getByTestId('chat-screen').getByText(`Say hello to ${she.username}`).waitFor();

  // A text with an emoticon picked from the panel, then a picture.
  await his.locator('#m-chat-text').fill('Hello there ');
  await his.getByTestId('chat-emoticons').click();
  await his.locator('[data-testid=emoticon-picker] [data-code=Smile]').click();
  expect(await his.locator('#m-chat-text').inputValue()).toBe('Hello there [Smile]');
  await his.getByTestId('chat-send').click();
  const hello = line(his, 'Hello there');
  await eventually(() => hello.getAttribute('data-state')).toBe('stored');
  expect(await hello.locator('img.k-emo[alt="[Smile]"]').count()).toBe(1);
  expect(await hello.getAttribute('data-mine')).toBe('1');
  expect(await his.locator('#m-chat-text').inputValue()).toBe('');
  // A blank text is refused by the client (he is a man): nothing new appears.
  await his.locator('#m-chat-text').fill('   ');
  await his.getByTestId('chat-send').click();
  await his.getByText("Content can't empty").waitFor();
  expect(await lines(his).count()).toBe(1);
  await his.locator('#m-chat-text').fill('');

  await his.getByTestId('chat-file').setInputFiles(await samplePhoto());
  const hisPicture = lines(his).filter({ has: his.getByTestId('chat-image') });
  await eventually(() => hisPicture.getAttribute('data-state')).toBe('stored');
  await eventually(() => hisPicture.getByTestId('chat-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect((await hisPicture.getByTestId('chat-image').boundingBox())!.width).toBeLessThanOrEqual(200);

  // She sees the unread badge on the Messages tab (2), then the conversation in the list.
  await eventually(() => tabBadge(her)).toBe('2');
  await her.getByTestId('tab-messages').click();
  await her.waitForURL(/\/m\/home\/message$/);
  const him = contact(her, he);
  await eventually(() => him.getByTestId('chat-contact-unread').innerText()).toBe('2');
  expect(await him.getByTestId('chat-contact-last').innerText()).toBe('[Image]');
  await him.click();
  await her.waitForURL(new RegExp(`/m/home/chat/index\\?uid=${he.id}$`));
  await line(her, 'Hello there').locator('img.k-emo[alt="[Smile]"]').waitFor();
  await lines(her).filter({ has: her.getByTestId('chat-image') }).waitFor();
  expect(await line(her, 'Hello there').getAttribute('data-mine')).toBe('0');

  // She answers; both see the messages live, no reload.
  await her.locator('#m-chat-text').fill('Hi! Nice to meet you [Laugh]');
  await her.getByTestId('chat-send').click();
  await line(his, 'Nice to meet you').locator('img.k-emo[alt="[Laugh]"]').waitFor();
  expect(await line(his, 'Nice to meet you').getAttribute('data-mine')).toBe('0');
  await his.locator('#m-chat-text').fill('这个周末你有时间吗？我们一起去公园散步');
  await his.getByTestId('chat-send').click();
  const chinese = line(her, '这个周末你有时间吗');
  await chinese.waitFor();
  // Read while on screen: no badge comes back when she leaves the conversation.
  await her.getByTestId('nav-back').click();
  await her.waitForURL(/\/m\/home\/message$/);
  await eventually(() => contact(her, he).getByTestId('chat-contact-last').innerText()).toContain('这个周末');
  expect(await contact(her, he).getByTestId('chat-contact-unread').count()).toBe(0);
  expect(await tabBadge(her)).toBe('');
  await contact(her, he).click();

  // Translation of his simplified Chinese into traditional characters (offline OpenCC).
  await chinese.getByTestId('chat-translate').click();
  await clickStill(her.locator('.adm-action-sheet-button-item').filter({ hasText: 'Traditional Chinese' }));
  const translation = chinese.getByTestId('chat-translation');
  await eventually(() => translation.getAttribute('data-state')).toBe('done');
  const traditional = await translation.innerText();
  expect(traditional).toContain('這個');
  expect(traditional).toContain('時間');
  expect(traditional).toContain('們');

  // History: past one page (20) the newest page comes first and "load earlier" brings the rest.
  await sendChatTexts(base, he, she.id, Array.from({ length: 21 }, (_, i) => `Story part ${i + 1}`));
  await line(his, 'Story part 21').waitFor();
  await line(her, 'Story part 21').waitFor();
  await his.reload();
  await line(his, 'Story part 21').waitFor();
  await eventually(() => lines(his).count()).toBe(20);
  expect(await line(his, 'Hello there').count()).toBe(0);
  await his.getByTestId('chat-load-earlier').click();
  await eventually(() => lines(his).count()).toBe(25);
  await line(his, 'Hello there').waitFor();
  await his.getByTestId('chat-load-earlier').waitFor({ state: 'detached' });
  await his.getByText('This is the beginning of your conversation').waitFor();
  // Older lines were put above: the view stayed where he was reading, not at the bottom.
  const scroller = his.getByTestId('chat-lines');
  expect(await scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeGreaterThan(20);

  // Invisible: she switches on the Mine page, his conversation shows her offline, then online again.
  await eventually(() => peerOnline(his)).toBe('1');
  await her.goto('/m/home/my/index');
  const visibility = her.getByTestId('invisible-switch');
  expect(await visibility.getAttribute('aria-checked')).toBe('true');
  await visibility.click();
  await eventually(() => isYin(her)).toBe(0);
  await eventually(() => visibility.getAttribute('aria-checked')).toBe('false');
  await eventually(() => peerOnline(his)).toBe('0');
  expect(await his.getByTestId('chat-peer-status').innerText()).toBe('Offline');
  await visibility.click();
  await eventually(() => isYin(her)).toBe(1);
  await eventually(() => peerOnline(his)).toBe('1');

  // She deletes the conversation by swiping it in the chat list: gone for her, still there for him.
  await her.goto('/m/home/chat/list');
  const row = contact(her, he);
  await row.waitFor();
  await swipeLeft(her, row);
  await her.locator('li', { has: row }).locator('.adm-swipe-action-actions-right').getByText('Delete').click();
  await her.locator('.adm-dialog').getByText('Delete this conversation?').waitFor();
  await clickStill(her.locator('.adm-dialog-button').filter({ hasText: 'Delete' }));
  await row.waitFor({ state: 'detached' });
  await her.reload();
  await her.getByTestId('chat-list-empty').waitFor();
  await his.goto('/m/home/chat/list');
  await contact(his, she).waitFor();
  // She is online and visible again: her avatar carries the online dot.
  await contact(his, she).getByTestId('online-dot').waitFor();
  expect(await contact(his, she).getByTestId('chat-contact-last').innerText()).toBe('Story part 21');
  // Men cannot swipe conversations away.
  expect(await his.locator('.adm-swipe-action').count()).toBe(0);

  // He writes to customer service from the Customer tab; the message is stored and stays.
  await his.goto('/m/home/message?tab=customer');
  await his.getByTestId('customer-service').click();
  await his.waitForURL(/\/m\/home\/chat\/service$/);
  await his.getByTestId('service-chat').getByText('Tell us how we can help').waitFor();
  await his.locator('#m-chat-text').fill('How do I change my e-mail? [Smile]');
  await his.getByTestId('chat-send').click();
  await eventually(() => line(his, 'How do I change my e-mail?').getAttribute('data-state')).toBe('stored');
  await his.reload();
  await line(his, 'How do I change my e-mail?').waitFor();
  // Support shows as the highlighted entry of his chat list.
  await his.goto('/m/home/message');
  const support = his.locator('[data-testid=chat-contact][data-uid="2"]');
  await support.waitFor();
  expect(await support.getAttribute('class')).toContain('is-service');

  expect(hisBrowser.outbound).toEqual([]);
  expect(herBrowser.outbound).toEqual([]);
  expect(hisBrowser.errors).toEqual([]);
  expect(herBrowser.errors).toEqual([]);
  await hisBrowser.context.close();
  await herBrowser.context.close();
});

test('phone chat: a free member opening a chat from the list is sent to the upgrade page', async () => {
  const server = env.servers[0]!;
  const base = server.url;
  const free = await registerMember(base, uniqueName('free'), 1);
  const she = await registerMember(base, uniqueName('she'), 0);
  const browser = await newContext(env.browser, 'phone', base);
  const page = await browser.page();
  await signIn(page, free);
  await page.goto(`/m/home/chat/index?uid=${she.id}`);
  await page.getByText('Need to upgrade~').waitFor();
  await page.waitForURL(/\/m\/home\/upgrade\/index$/);
  expect(browser.errors).toEqual([]);
  await browser.context.close();
});
