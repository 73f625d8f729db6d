import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { seriousViolations, settle } from '../support/axe.js';
import { openMenu } from '../support/menus.js';
import { newContext } from '../support/browser.js';
import { samplePhoto, uniqueName } from '../support/fixtures.js';
import { useJourneyEnv } from '../support/journey.js';
import { callAs, registerMember, sendChatTexts, setVip, uploadFile, type Member } from '../support/members.js';

/** One free chat, so the second new conversation is the refused one (issue 13, item 6). */
const env = useJourneyEnv({ FREE_CHATS: '1' });

/** The machine is shared: polled state gets more than vitest's default second. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

async function accessible(page: Page, screen: string) {
  expect(await seriousViolations(page), `axe on ${screen}`).toEqual([]);
}

const card = (page: Page, member: Member) => page.locator(`[data-testid=member-card][data-member-id="${member.id}"]`);
const chatWindow = (page: Page, member: Member) => page.locator(`[data-testid=chat-window][data-uid="${member.id}"]`);

/** Where the page's content ends on the right: the content box of the centred container. */
const contentRight = (page: Page) =>
  page.locator('.kd-main > .kd-container').evaluate((el) => el.getBoundingClientRect().right - parseFloat(getComputedStyle(el).paddingRight));

/** The closed customer-service and chat launchers sit right of the content, never on it (item 4). */
async function launchersBesideContent(page: Page) {
  // The launchers load after the first members are drawn, and the page makes room for them (its
  // right padding) in the same style pass: the content's edge is read once they are there.
  for (const id of ['service-bar', 'chat-dock-bar']) await page.getByTestId(id).waitFor();
  const right = await contentRight(page);
  for (const id of ['service-bar', 'chat-dock-bar']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.x, `${id} at ${page.viewportSize()!.width} px`).toBeGreaterThanOrEqual(right);
  }
}

/** The element a click at the middle of `target` would reach is `target` itself (nothing floats over it). */
const reachable = (target: Locator) =>
  target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return Boolean(hit && el.contains(hit));
  });

/** A woman on the free level, and three men, one per membership level, each with a post. */
async function createCommunity(base: string) {
  const server = env.servers[0]!;
  const she = await registerMember(base, uniqueName('she'), 0);
  const men = await Promise.all([0, 1, 2].map((vip) => registerMember(base, uniqueName(`w${vip}v`), 1)));
  setVip(server, men[1]!.id, 1);
  setVip(server, men[2]!.id, 2);
  const img = await uploadFile(base, men[2]!.token, await samplePhoto(), 'dynamic');
  await callAs(base, men[2]!.token, '/member/trend/released', { content: 'Golden hour [Laugh]', img });
  await callAs(base, men[1]!.token, '/member/trend/released', { content: 'Silver lining [Smile]', img: '' });
  await callAs(base, men[0]!.token, '/member/index/changesignature', { signature: 'Tea and books [Smile]' });
  // A mail for her inbox (a man writes first: his first mail to her is free).
  await callAs(base, men[2]!.token, '/member/email/released', { email: she.username, content: 'Hello from the gold member' });
  return { she, men: men as [Member, Member, Member] };
}

test('desktop polish: preloads, header from 1024 px, launchers beside the page, dead ends, permissions, switch, blank and refused chats, axe', async () => {
  const server = env.servers[0]!;
  const { she, men } = await createCommunity(server.url);
  const [free, silver, gold] = men;
  const desk = await newContext(env.browser, 'desktop', server.url);
  const page = await desk.page();
  const warnings: string[] = [];
  const styles: string[] = [];
  page.on('console', (m) => void (m.type() === 'warning' && warnings.push(m.text())));
  page.on('request', (r) => void (new URL(r.url()).pathname.endsWith('.css') && styles.push(r.url())));

  // ---- A full load fetches each style sheet once: the preloads carry crossorigin (item 10).
  await page.goto('/w/login');
  await page.locator('input[name=account]').waitFor();
  await accessible(page, '/w/login');
  await page.fill('input[name=account]', she.username);
  await page.fill('input[name=password]', 'secret123');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/w\/home\/index/);
  warnings.length = 0;
  styles.length = 0;
  await page.reload();
  await page.getByTestId('member-panel').waitFor();
  await settle(page);
  expect(warnings.filter((w) => /preload/i.test(w))).toEqual([]);
  expect(styles.length).toBeGreaterThan(0);
  expect(styles.filter((url, i) => styles.indexOf(url) !== i), 'style sheets downloaded twice').toEqual([]);
  await accessible(page, '/w/home/index');

  // ---- The header is one row from 1024 px up, every menu item visible inside it (item 4).
  for (const [width, height] of [[1440, 900], [1152, 800], [1024, 768]] as const) {
    await page.setViewportSize({ width, height });
    const header = (await page.locator('.kd-header').boundingBox())!;
    const items = page.locator('.kd-main-menu > .ant-menu-item');
    await eventually(() => items.count()).toBe(6);
    for (const box of await items.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.top, `menu item at ${width} px`).toBeGreaterThanOrEqual(header.y);
      expect(box.bottom, `menu item at ${width} px`).toBeLessThanOrEqual(header.y + header.height);
    }
    expect(header.height).toBeLessThanOrEqual(65);
    await page.locator('.kd-main-menu').getByText('Store').waitFor();
    await launchersBesideContent(page);
  }

  // ---- Members at 1024 and 1440: the launchers never cover a card (item 4); badges of every level pass axe (item 3).
  await page.goto('/w/home/member/latest');
  await card(page, gold).waitFor();
  for (const [vip, member] of [[0, free], [1, silver], [2, gold]] as const) {
    expect(await card(page, member).getByTestId('vip-badge').getAttribute('data-vip')).toBe(String(vip));
  }
  await launchersBesideContent(page);
  await accessible(page, '/w/home/member/latest at 1024 px');
  await page.setViewportSize({ width: 1440, height: 900 });
  await launchersBesideContent(page);
  await accessible(page, '/w/home/member/latest');
  await page.goto('/w/home/member/online');
  await page.getByTestId('member-list-online').waitFor();
  await accessible(page, '/w/home/member/online');

  // ---- Edit profile: the change-password button is never under a floating box, at either size (item 4).
  for (const [width, height] of [[1440, 900], [1024, 768]] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/w/home/user/edit');
    const change = page.getByTestId('change-password');
    await change.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    expect(await reachable(change), `change password at ${width} px`).toBe(true);
  }
  await accessible(page, '/w/home/user/edit');
  await page.setViewportSize({ width: 1440, height: 900 });

  // ---- Other main screens pass axe: own profile, another member's, mail, chat page.
  await page.goto('/w/home/user/index');
  await page.getByTestId('profile-signature').waitFor();
  await accessible(page, '/w/home/user/index');
  await page.goto(`/w/home/user/detail/${free.id}`);
  await page.getByTestId('detail-cover').getByTestId('banner-default').waitFor();
  await accessible(page, 'a member profile');
  await page.goto('/w/home/message');
  await page.getByTestId('mail-row').first().waitFor();
  await accessible(page, '/w/home/message');

  // ---- Each mail refusal names its own reason: reading a member's mail, writing to him again (item 7).
  await page.getByTestId('mail-row').first().click();
  const reason = page.locator('.kd-mail-upgrade-modal').getByTestId('mail-upgrade-reason');
  await eventually(() => reason.innerText()).toContain('read mails from customer service');
  await page.locator('.kd-mail-upgrade-modal').getByRole('button', { name: 'Not now' }).click();
  await reason.waitFor({ state: 'detached' });
  await page.getByTestId('mail-new').click();
  const compose = page.locator('.kd-mail-send-modal .ant-modal');
  await compose.locator('input[name=email]').fill(gold.username);
  await compose.locator('textarea[name=content]').fill('Thank you!');
  await compose.locator('.ant-btn-primary').click();
  await eventually(() => reason.innerText()).toContain('write one mail to each member');
  expect(await reason.innerText()).not.toContain('read');
  await page.locator('.kd-mail-upgrade-modal').getByRole('button', { name: 'Not now' }).click();
  await reason.waitFor({ state: 'detached' });
  await compose.locator('.ant-btn').filter({ hasText: 'Cancel' }).click();

  // ---- An unknown address says so and offers the way home; a real address stays where it is (item 1).
  for (const path of ['/w/home/nowhere', '/w/nowhere']) {
    await page.goto(path);
    await page.getByTestId('not-found').waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
  }
  await accessible(page, 'not found');
  await page.getByTestId('not-found-home').click();
  await page.waitForURL('**/w/home/index');
  await page.goto('/w/home/pay');
  await page.getByTestId('pay-screen').waitFor();
  expect(new URL(page.url()).pathname).toBe('/w/home/pay');

  // ---- A page she may not open says so, by address as by the menu (item 2).
  await page.goto('/w/home/member/search');
  await page.locator('.ant-message-notice').filter({ hasText: "You dont't have permission!!" }).waitFor();
  await page.waitForURL('**/w/home/index');
  await page.goto('/w/home/member/online');
  await page.getByTestId('member-list-online').waitFor();
  await page.locator('.kd-section-tabs').getByText('Search').click();
  await page.locator('.ant-message-notice').filter({ hasText: "You dont't have permission!!" }).waitFor();
  await page.waitForURL('**/w/home/index');

  // ---- The online / invisible switch moves when chosen, in the open menu (item 8).
  await openMenu(page, page.getByTestId('user-menu'));
  const visibility = page.getByTestId('invisible-switch');
  await eventually(() => visibility.getAttribute('aria-checked')).toBe('true');
  await visibility.click();
  await eventually(() => visibility.getAttribute('aria-checked')).toBe('false');
  expect(await visibility.isVisible()).toBe(true);
  await eventually(async () => (await callAs<{ is_yin: number }>(server.url, she.token, '/member/index/userinfo', {})).is_yin).toBe(0);
  await visibility.click();
  await eventually(() => visibility.getAttribute('aria-checked')).toBe('true');
  await eventually(async () => (await callAs<{ is_yin: number }>(server.url, she.token, '/member/index/userinfo', {})).is_yin).toBe(1);
  await page.keyboard.press('Escape');

  // ---- Send with nothing typed stores nothing, for a woman too (item 5).
  await page.goto('/w/home/member/latest');
  await card(page, free).getByTestId('member-chat').click();
  const first = chatWindow(page, free);
  await first.getByTestId('chat-send').click();
  await page.locator('.ant-message-notice').filter({ hasText: "Content can't empty" }).waitFor();
  await first.getByTestId('chat-input').fill('   ');
  await first.getByTestId('chat-input').press('Enter');
  expect(await first.getByTestId('chat-message').count()).toBe(0);
  await first.getByTestId('chat-input').fill('Hello there');
  await first.getByTestId('chat-input').press('Enter');
  await eventually(() => first.getByTestId('chat-message').getAttribute('data-state')).toBe('stored');
  await sendChatTexts(server.url, free, she.id, ['Hi, nice to meet you [Smile]']);
  await first.getByTestId('chat-message').filter({ hasText: 'nice to meet you' }).waitFor();
  await accessible(page, 'a chat window');

  // ---- Her free chat is used: the next window keeps the name and picture, says why once, offers the upgrade (item 6).
  await card(page, silver).getByTestId('member-chat').click();
  const refused = chatWindow(page, silver);
  await refused.getByTestId('chat-refusal').waitFor();
  expect(await refused.getByTestId('chat-window-name').innerText()).toBe(silver.username);
  expect(await refused.locator('.kd-chat-window-head').getByRole('img', { name: silver.username, exact: true }).count()).toBe(1);
  expect(await refused.getByTestId('chat-refusal').innerText()).toContain('Frequency is used up');
  expect(await refused.getByTestId('chat-input').count()).toBe(0);
  await settle(page);
  expect(await page.locator('.ant-message-notice').filter({ hasText: 'Frequency is used up' }).count()).toBe(0);
  expect(await page.getByTestId('chat-retry').count()).toBe(0);
  await accessible(page, 'a refused chat window');

  await refused.getByTestId('chat-refusal-upgrade').click();
  await page.waitForURL('**/w/home/upgrade');

  // ---- The chat page with the conversation open.
  // Opened as from his card: a free member may not open chats from the list itself (docs/product-rules.md §6).
  await page.goto(`/w/home/chat?uid=${free.id}&from=member`);
  await page.getByTestId('chat-message').filter({ hasText: 'Hello there' }).waitFor();
  await accessible(page, '/w/home/chat');

  expect(desk.outbound).toEqual([]);
  expect(desk.errors).toEqual([]);
  await desk.context.close();
});
