import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { newContext } from '../support/browser.js';
import { samplePhoto, uniqueName } from '../support/fixtures.js';
import { useJourneyEnv } from '../support/journey.js';
import { clickStill } from '../support/menus.js';
import { callAs, registerMember, setVip, uploadFile, type Member } from '../support/members.js';

const env = useJourneyEnv();

/** Lists load over the network on a busy machine: give polled state more than vitest's default second. */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** Confirms the open antd-mobile confirmation dialog (its confirm button carries the testid). */
async function confirmDelete(page: Page) {
  await clickStill(page.getByTestId('confirm-delete'));
  await page.locator('.adm-dialog').waitFor({ state: 'detached' });
}

const row = (page: Page, member: Member) => page.locator(`[data-testid=member-row][data-member-id="${member.id}"]`);

/**
 * Twenty-one women (one page of members and one more), among them Star with a signature, a post with
 * an emoticon and a photo. The viewer is a man: the recommend list puts the opposite sex first.
 */
async function createMembers(base: string) {
  const others = await Promise.all(Array.from({ length: 20 }, (_, i) => registerMember(base, uniqueName(`w${i}`), 0)));
  const star = await registerMember(base, uniqueName('star'), 0);
  await callAs(base, star.token, '/member/index/changesignature', { signature: 'Tea and long walks [Smile]' });
  await callAs(base, star.token, '/member/trend/released', { content: 'Lovely evening [Laugh]', img: '' });
  await callAs(base, star.token, '/member/photo/released', { img: await uploadFile(base, star.token, await samplePhoto(), 'photo') });
  const viewer = await registerMember(base, uniqueName('phone'), 1);
  return { others, star, viewer };
}

test('phone: browse, search, like, open a profile, post and delete a trend, album and background', async () => {
  const server = env.servers[0]!;
  const { star, viewer } = await createMembers(server.url);
  const photo = await samplePhoto();
  const { context, outbound, errors } = await newContext(env.browser, 'phone', server.url);
  const page = await context.newPage();

  await page.goto('/m/login');
  await page.fill('input[name=account]', viewer.username);
  await page.fill('input[name=password]', 'secret123');
  await page.locator('input[name=password]').press('Enter');
  await page.waitForURL('**/m/home/index');

  // Recommend: a full first page; a free member asking for more is sent to the upgrade page.
  await page.getByTestId('recommend-list').waitFor();
  await eventually(() => page.getByTestId('member-row').count()).toBe(20);
  await page.getByTestId('load-more').click();
  await page.getByText('Need to upgrade~').waitFor();
  await page.waitForURL('**/m/home/upgrade/index');

  // Searching by name is a paid privilege (Search_users): the viewer becomes VIP.
  setVip(server, viewer.id, 1);
  await page.goto('/m/home/index');
  await page.getByTestId('tab-search').click();
  await page.waitForURL('**/m/home/index?tab=search');
  const search = page.locator('[data-testid=member-search] input');
  await search.fill(`  ${star.username}  `);
  await eventually(() => page.getByTestId('member-row').count()).toBe(1);
  await row(page, star).waitFor();
  await search.fill(`nobody${Date.now().toString(36).slice(-5)}`);
  await page.getByTestId('members-empty').waitFor();
  expect(await page.getByTestId('members-empty').innerText()).toContain('No users found');

  // Like from the row, then open the profile (the like shows there too) and unlike it there.
  await search.fill(star.username);
  const like = row(page, star).getByTestId('like-toggle');
  await eventually(() => like.getAttribute('data-liked')).toBe('0');
  await like.click();
  await eventually(() => like.getAttribute('data-liked')).toBe('1');
  await row(page, star).getByTestId('member-name').click();
  await page.waitForURL(`**/m/home/my/newsfeed/${star.id}`);
  await eventually(() => page.getByTestId('profile-name').innerText()).toBe(star.username);
  const profileLike = page.getByTestId('newsfeed-screen').getByTestId('like-toggle');
  await eventually(() => profileLike.getAttribute('data-liked')).toBe('1');
  await eventually(() => page.getByTestId('like-count').innerText()).toBe('1');
  await profileLike.click();
  await eventually(() => profileLike.getAttribute('data-liked')).toBe('0');
  await eventually(() => page.getByTestId('like-count').innerText()).toBe('0');
  const report = new URL((await page.getByTestId('profile-report').getAttribute('href'))!, server.url);
  expect(report.pathname).toBe('/m/report');
  expect(Object.fromEntries(report.searchParams)).toEqual({ userid: String(star.id), username: star.username });
  // Dynamic: Star's post with its emoticon; Photo: her photo, with no delete icon for a visitor.
  const starPost = page.getByTestId('trend-item').filter({ hasText: 'Lovely evening' });
  await starPost.locator('img.k-emo[alt="[Laugh]"]').waitFor();
  expect(await starPost.getByTestId('trend-delete').count()).toBe(0);
  expect(await starPost.getByTestId('trend-chat').count()).toBe(1);
  await page.getByTestId('profile-tab-2').click();
  await page.waitForURL(`**/m/home/my/newsfeed/${star.id}?type=2`);
  await eventually(() => page.getByTestId('photo-item').count()).toBe(1);
  expect(await page.getByTestId('photo-delete').count()).toBe(0);
  expect(await page.getByTestId('photo-upload-button').count()).toBe(0);

  // Post a trend with an emoticon and an image; it heads the feed; then delete it.
  await page.goto('/m/home/trend/list');
  await page.getByTestId('trend-add').click();
  await page.waitForURL('**/m/home/trend/new');
  await page.fill('textarea[name=content]', 'Hello from my phone ');
  await page.getByTestId('trend-emoticons').click();
  await page.locator('[data-testid=emoticon-picker] [data-code=Smile]').click();
  expect(await page.inputValue('textarea[name=content]')).toBe('Hello from my phone [Smile]');
  await page.getByTestId('trend-image-input').setInputFiles(photo);
  await page.locator('[data-testid=trend-image-preview] img').waitFor();
  await page.getByTestId('trend-post').click();
  await page.waitForURL('**/m/home/trend/list');
  const mine = page.getByTestId('trend-item').first();
  await eventually(() => mine.getByTestId('trend-text').innerText()).toContain('Hello from my phone');
  expect(await mine.locator('img.k-emo[alt="[Smile]"]').count()).toBe(1);
  await mine.getByTestId('trend-image').waitFor();
  const postId = await mine.getAttribute('data-trend-id');
  await mine.getByTestId('trend-delete').click();
  await confirmDelete(page);
  await page.locator(`[data-testid=trend-item][data-trend-id="${postId}"]`).waitFor({ state: 'detached' });

  // Album: Mine → Albums opens the own profile's Photo tab; upload a photo, then delete it.
  await page.getByTestId('tab-mine').click();
  await page.getByTestId('mine-albums').click();
  await page.waitForURL(`**/m/home/my/newsfeed/${viewer.id}?type=2`);
  await page.getByTestId('photos-empty').waitFor();
  await page.getByTestId('photo-upload').setInputFiles(photo);
  await eventually(() => page.getByTestId('photo-item').count()).toBe(1);
  await page.getByTestId('photo-delete').click();
  await confirmDelete(page);
  await page.getByTestId('photos-empty').waitFor();

  // Background: the drawer uploads a new one (the banner shows it), then deletes it (back to the
  // designed default banner, never the avatar blown up: issue 13).
  const banner = page.getByTestId('profile-banner');
  expect(await banner.getAttribute('data-slides')).toBe('0');
  await banner.getByTestId('banner-default').waitFor();
  await page.getByTestId('background-open').click();
  await page.getByTestId('background-drawer').waitFor();
  await page.getByTestId('background-upload').setInputFiles(photo);
  await eventually(() => page.getByTestId('background-item').count()).toBe(1);
  await eventually(() => banner.getAttribute('data-slides')).toBe('1');
  expect(await banner.getByTestId('banner-image').first().getAttribute('src')).toMatch(/^\/uploads\//);
  await page.getByTestId('background-delete').click();
  await confirmDelete(page);
  await eventually(() => page.getByTestId('background-item').count()).toBe(0);
  await eventually(() => banner.getAttribute('data-slides')).toBe('0');
  await banner.getByTestId('banner-default').waitFor();
  expect(await banner.getByTestId('banner-image').count()).toBe(0);

  expect(outbound).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
