import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { newContext } from '../support/browser.js';
import { samplePhoto, uniqueName } from '../support/fixtures.js';
import { useJourneyEnv } from '../support/journey.js';
import { clickStill, openMenu } from '../support/menus.js';

const env = useJourneyEnv();

const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('kindred.user') ?? 'null'));

async function pickSelect(page: Page, id: string, text: string) {
  await page.click(`#${id}`);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

async function signOut(page: Page) {
  await (await openMenu(page, page.getByTestId('user-menu'))).locator('.ant-dropdown-menu-item-danger').click();
  await page.waitForURL(/\/w\/login/);
}

async function signIn(page: Page, account: string, password: string, remember = true) {
  await page.fill('input[name=account]', account);
  await page.fill('input[name=password]', password);
  if (!remember) await page.click('[data-testid=remember-me]');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/w\/home\/index/);
}

test('desktop: register, sign in, edit the profile, change language and password, sign out', async () => {
  const { context, outbound, errors } = await newContext(env.browser, 'desktop', env.servers[0]!.url);
  const page = await context.newPage();
  const user = uniqueName('w');

  await page.goto('/w/regist');
  await page.fill('input[name=username]', user);
  await page.fill('input[name=email]', `${user}@example.com`);
  await page.fill('input[name=password]', 'secret123');
  await page.click('label:has(input[name=sex][value="0"])');
  await pickSelect(page, 'birthday-year', '1992');
  await pickSelect(page, 'birthday-month', 'Feb');
  await pickSelect(page, 'birthday-day', '29');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/w\/home\/index/);
  expect((await stored(page)).username).toBe(user);

  // Without "remember me" the session lives in this tab only.
  await signOut(page);
  expect(await page.evaluate(() => localStorage.getItem('kindred.token') ?? sessionStorage.getItem('kindred.token'))).toBeNull();
  await signIn(page, user, 'secret123', false);
  expect(await page.evaluate(() => [Boolean(sessionStorage.getItem('kindred.token')), Boolean(localStorage.getItem('kindred.token'))])).toEqual([true, false]);
  await signOut(page);
  await signIn(page, user.toUpperCase(), 'secret123');

  // Avatar through the crop dialog.
  await page.goto('/w/home/user/edit');
  await page.click('[data-testid=change-avatar]');
  await page.setInputFiles('[data-testid=crop-dialog] input[type=file]', await samplePhoto());
  await clickStill(page.locator('.ant-modal-footer .ant-btn-primary'));
  await page.waitForSelector('[data-testid=crop-dialog][data-loading="2"]');
  expect((await stored(page)).avatar).toMatch(/^\/uploads\/avatar\/\d+\/.+\.png$/);
  await page.click('.ant-modal-footer .ant-btn-primary');

  // E-mail, birthday and gender.
  await page.fill('input[name=email]', `${user}.new@example.com`);
  // Gender before the date picker: its closing popup would swallow a click that follows at once.
  await page.click('label:has(input[name=sex][value="1"])');
  await expect.poll(() => page.isChecked('input[name=sex][value="1"]')).toBe(true);
  await page.click('input[name=birthday]');
  await page.fill('input[name=birthday]', '1990-05-17');
  await page.keyboard.press('Enter');
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor({ state: 'hidden' });
  // A new e-mail needs the current password: a wrong one is refused, the right one saves.
  await page.fill('input#profile_password', 'nottheone');
  await page.click('[data-testid=save-profile]');
  await expect.poll(() => page.textContent('.kd-edit-form .ant-alert')).toMatch(/password is incorrect/i);
  await page.fill('input#profile_password', 'secret123');
  await page.click('[data-testid=save-profile]');
  await page.waitForFunction((email) => JSON.parse(localStorage.getItem('kindred.user') ?? '{}').email === email, `${user}.new@example.com`);
  const saved = await stored(page);
  expect([saved.sex, saved.birthday]).toEqual([1, Date.UTC(1990, 4, 17)]);

  // Password: the wrong old one is refused, the right one changes it.
  await page.click('[data-testid=change-password]');
  await page.fill('input[name=oldpassword]', 'nottheone');
  await page.fill('input[name=newpassword]', 'newsecret1');
  await page.fill('input[name=passwordRepeat]', 'newsecret1');
  await page.click('.ant-modal-footer .ant-btn-primary');
  await expect.poll(() => page.textContent('.ant-modal .ant-alert')).toMatch(/old password/i);
  await page.fill('input[name=oldpassword]', 'secret123');
  await page.click('.ant-modal-footer .ant-btn-primary');
  await page.waitForSelector('.ant-modal', { state: 'hidden' });

  // Signature.
  await page.goto('/w/home/user/index');
  await page.click('[data-testid=edit-signature]');
  await page.fill('textarea[name=signature]', 'Hello from the desktop [Smile]');
  await page.click('[data-testid=save-signature]');
  await expect.poll(() => page.textContent('[data-testid=profile-signature]')).toContain('Hello from the desktop');

  // Language: the interface switches and the account remembers it.
  await (await openMenu(page, page.getByTestId('language-menu'))).locator('.ant-dropdown-menu-item:has-text("繁體中文")').click();
  await expect.poll(() => page.textContent('.kd-main-menu')).toContain('首頁');
  await expect.poll(async () => (await stored(page)).lang).toBe('zh-TW');

  await signOut(page);
  await signIn(page, user, 'newsecret1');
  expect(outbound).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
