import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { newContext } from '../support/browser.js';
import { samplePhoto, uniqueName } from '../support/fixtures.js';
import { useJourneyEnv } from '../support/journey.js';
import { clickStill } from '../support/menus.js';
import { callAs, registerMember, setVip, uploadFile, type Member } from '../support/members.js';

const env = useJourneyEnv();

/** Confirms the one open delete confirmation. */
const confirmDelete = (page: Page) => clickStill(page.locator('.ant-popconfirm:not(.ant-popover-hidden) .ant-btn-dangerous'));

/** Lists load over the network on a busy machine: give polled state more than vitest's default second. */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

const card = (page: Page, member: Member) => page.locator(`[data-testid=member-card][data-member-id="${member.id}"]`);

/**
 * Twenty women who registered a moment ago (so they are online and newest), then Star, the newest,
 * with a signature, a post with an emoticon and a photo. The viewer is a man: lists show the opposite sex.
 */
async function createMembers(base: string) {
  const others = await Promise.all(Array.from({ length: 20 }, (_, i) => registerMember(base, uniqueName(`f${i}`), 0)));
  const star = await registerMember(base, uniqueName('star'), 0);
  await callAs(base, star.token, '/member/index/changesignature', { signature: 'Coffee and long walks [Smile]' });
  await callAs(base, star.token, '/member/trend/released', { content: 'Sunny day at the lake [Laugh]', img: '' });
  const img = await uploadFile(base, star.token, await samplePhoto(), 'photo');
  await callAs(base, star.token, '/member/photo/released', { img });
  const viewer = await registerMember(base, uniqueName('viewer'), 1);
  return { others, star, viewer };
}

test('desktop: browse, hover, search, follow, open a profile, post and delete a trend, album and background', async () => {
  const server = env.servers[0]!;
  const { star, viewer } = await createMembers(server.url);
  // Searching by name is a paid privilege (Search_users).
  setVip(server, viewer.id, 1);

  const { context, outbound, errors } = await newContext(env.browser, 'desktop', server.url);
  const page = await context.newPage();
  await page.goto('/w/login');
  await page.fill('input[name=account]', viewer.username);
  await page.fill('input[name=password]', 'secret123');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/w\/home\/index/);

  // Home: the member panel's hover card opens after the pointer rests on a member.
  const panelStar = page.locator(`[data-testid=member-panel] [data-testid=panel-member][data-member-id="${star.id}"]`);
  await panelStar.hover();
  const hoverCard = page.getByTestId('hover-card');
  await hoverCard.waitFor();
  expect(await hoverCard.innerText()).toContain(star.username);
  expect(await hoverCard.innerText()).toContain('Coffee and long walks');
  expect(await hoverCard.locator('img.k-emo[alt="[Smile]"]').count()).toBe(1);
  // The popover zooms in from 80 % scale; its box reaches the full 350 px once the animation ends.
  await eventually(async () => (await hoverCard.boundingBox())?.width ?? 0).toBeGreaterThan(300);
  await page.mouse.move(720, 10);
  await hoverCard.waitFor({ state: 'detached' });

  // Online: one full page, then "click for more" brings the rest and hides at the last page.
  await page.goto('/w/home/member/online');
  await page.getByTestId('member-list-online').waitFor();
  await eventually(() => page.getByTestId('member-card').count()).toBe(20);
  await page.getByTestId('load-more').click();
  await eventually(() => page.getByTestId('member-card').count()).toBe(21);
  await page.getByTestId('load-more').waitFor({ state: 'detached' });
  await page.locator('.kd-list-end').waitFor();

  // Latest: the newest member comes first.
  await page.goto('/w/home/member/latest');
  await page.getByTestId('member-list-latest').waitFor();
  await eventually(() => page.getByTestId('member-card').first().getAttribute('data-member-id')).toBe(String(star.id));

  // Follow, and the state survives a reload; then unfollow, which survives too.
  const follow = card(page, star).getByTestId('follow-toggle');
  expect(await follow.getAttribute('data-liked')).toBe('0');
  await follow.click();
  await eventually(() => follow.getAttribute('data-liked')).toBe('1');
  await page.reload();
  await eventually(() => follow.getAttribute('data-liked')).toBe('1');
  await follow.click();
  await eventually(() => follow.getAttribute('data-liked')).toBe('0');
  await page.reload();
  await eventually(() => follow.getAttribute('data-liked')).toBe('0');

  // Search trims the name; a name nobody has says "No users found".
  await page.goto('/w/home/member/search');
  const search = page.locator('input[data-testid=member-search], [data-testid=member-search] input').first();
  await search.fill(`  ${star.username}  `);
  await search.press('Enter');
  await eventually(() => page.getByTestId('member-card').count()).toBe(1);
  await card(page, star).waitFor();
  await search.fill('qzxnobody');
  await search.press('Enter');
  await page.getByTestId('no-users-found').waitFor();
  expect(await page.getByTestId('member-card').count()).toBe(0);

  // A profile: from the search result to the detail page, with the member's posts and photos.
  await search.fill(star.username);
  await search.press('Enter');
  await card(page, star).locator('.kd-member-name').click();
  await page.waitForURL(new RegExp(`/w/home/user/detail/${star.id}$`));
  await page.getByTestId('member-detail').waitFor();
  const starPost = page.getByTestId('trend-item').filter({ hasText: 'Sunny day at the lake' });
  await starPost.waitFor();
  expect(await starPost.locator('img.k-emo[alt="[Laugh]"]').count()).toBe(1);
  expect(await starPost.getByTestId('trend-delete').count()).toBe(0);
  await page.locator('[data-testid=member-detail] .ant-tabs-tab').nth(1).click();
  await page.getByTestId('photo-item').first().waitFor();
  expect(await page.getByTestId('photo-item').count()).toBe(1);
  expect(await page.getByTestId('photo-delete').count()).toBe(0);
  // Your own id is your own profile.
  await page.goto(`/w/home/user/detail/${viewer.id}`);
  await page.waitForURL(/\/w\/home\/user\/index$/);

  // A post with an emoticon and an image shows in the feed, and its author deletes it.
  await page.goto('/w/home/index');
  const composer = page.getByTestId('trend-composer');
  await composer.getByTestId('trend-content').fill('Hello from the journey ');
  await composer.getByTestId('trend-emoticons').click();
  await page.locator('[data-testid=emoticon-picker] button[data-code="Smile"]').click();
  await eventually(() => composer.getByTestId('trend-content').inputValue()).toBe('Hello from the journey [Smile]');
  await composer.getByTestId('trend-image-input').setInputFiles(await samplePhoto());
  await composer.locator('.kd-composer-image img').waitFor();
  await composer.getByTestId('trend-post').click();
  const mine = page.getByTestId('trend-item').filter({ hasText: 'Hello from the journey' });
  await mine.waitFor();
  expect(await mine.locator('img.k-emo[alt="[Smile]"]').count()).toBe(1);
  expect(await mine.locator('img[src^="/uploads/dynamic/"]').count()).toBe(1);
  await eventually(() => composer.getByTestId('trend-content').inputValue()).toBe('');
  await mine.getByTestId('trend-delete').click();
  await confirmDelete(page);
  await mine.waitFor({ state: 'detached' });

  // Own profile: upload a photo to the album and delete it.
  await page.goto('/w/home/user/index');
  await page.locator('[data-testid=my-activity] .ant-tabs-tab').nth(1).click();
  await page.getByTestId('photo-upload').setInputFiles(await samplePhoto());
  const photo = page.getByTestId('photo-item');
  await photo.waitFor();
  expect(await photo.count()).toBe(1);
  await photo.hover();
  await photo.getByTestId('photo-delete').click();
  await confirmDelete(page);
  await photo.waitFor({ state: 'detached' });

  // Background photo: change it (it stays after a reload and others see it), then remove it.
  const cover = page.getByTestId('profile-cover');
  expect(await cover.getAttribute('data-background')).toBe('');
  await page.getByTestId('background-upload').setInputFiles(await samplePhoto());
  await eventually(() => cover.getAttribute('data-background')).not.toBe('');
  expect(await cover.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('/uploads/');
  await page.reload();
  await eventually(() => cover.getAttribute('data-background')).not.toBe('');
  const seen = await callAs<{ backphotos: { img: string }[] }>(server.url, star.token, '/member/index/userdetail', { id: String(viewer.id) });
  expect(seen.backphotos).toHaveLength(1);
  await page.getByTestId('background-delete').click();
  await confirmDelete(page);
  await eventually(() => cover.getAttribute('data-background')).toBe('');
  await page.getByTestId('background-delete').waitFor({ state: 'detached' });

  expect(outbound).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
