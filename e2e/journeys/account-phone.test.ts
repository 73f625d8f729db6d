import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { newContext } from '../support/browser.js';
import { samplePhoto, uniqueName } from '../support/fixtures.js';
import { useJourneyEnv } from '../support/journey.js';
import { clickStill } from '../support/menus.js';

const env = useJourneyEnv();

const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('kindred.user') ?? 'null'));

test('phone: register, edit the profile, change language and password, sign out and back in', async () => {
  const { context, outbound, errors } = await newContext(env.browser, 'phone', env.servers[0]!.url);
  const page = await context.newPage();
  const user = uniqueName('m');

  await page.goto('/m/Register');
  await page.fill('input[name=username]', user);
  await page.fill('input[name=email]', `${user}@example.com`);
  await page.fill('input[name=password]', 'secret12');
  await page.getByTestId('gender-female').click();
  await page.locator('button[type=submit]').click();
  await page.waitForURL('**/m/home/index');
  expect((await stored(page)).username).toBe(user);

  await page.getByTestId('tab-mine').click();
  await expect.poll(() => page.getByTestId('mine-username').innerText()).toBe(user);
  // Women may go invisible.
  await page.getByTestId('invisible-switch').click();
  await expect.poll(async () => (await stored(page)).is_yin).toBe(0);

  // Avatar: choose from the album, crop, upload.
  await page.getByTestId('mine-setup').click();
  await page.getByTestId('setup-avatar').click();
  const chooser = page.waitForEvent('filechooser');
  await clickStill(page.locator('.adm-action-sheet-button-item').first());
  await (await chooser).setFiles(await samplePhoto());
  await page.getByTestId('avatar-crop').waitFor();
  await page.locator('.reactEasyCrop_CropArea').waitFor();
  await page.getByTestId('avatar-crop-save').click();
  await expect.poll(async () => (await stored(page)).avatar).toMatch(/^\/uploads\/avatar\/\d+\/.+\.png$/);

  // Gender.
  await page.getByTestId('avatar-crop').waitFor({ state: 'detached' });
  await page.getByTestId('setup-data').click();
  await page.getByTestId('data-gender').click();
  await page.getByTestId('gender-male').click();
  await page.getByTestId('gender-save').click();
  await expect.poll(async () => (await stored(page)).sex).toBe(1);

  // E-mail: a new address needs the current password; a wrong one is refused (-4).
  await page.getByTestId('data-email').click();
  const popup = page.getByTestId('email-popup');
  await popup.locator('input[name=email]').fill(`${user}.new@example.com`);
  await popup.locator('input[name=password]').fill('wrongpass');
  const wrong = page.waitForResponse((r) => r.url().endsWith('/member/index/profile'));
  await page.getByTestId('email-save').click();
  expect((await (await wrong).json()).status).toBe(-4);
  await popup.locator('input[name=password]').fill('secret12');
  await page.getByTestId('email-save').click();
  await expect.poll(async () => (await stored(page)).email).toBe(`${user}.new@example.com`);
  await popup.waitFor({ state: 'detached' });
  await page.getByTestId('nav-back').click();
  await page.getByTestId('setup-signature').waitFor();

  // Signature.
  await page.getByTestId('setup-signature').click();
  await page.locator('textarea[name=signature]').fill('Hello from my phone [Smile]');
  await page.getByTestId('signature-save').click();
  await expect.poll(async () => (await stored(page)).signature).toBe('Hello from my phone [Smile]');

  // Language.
  await page.getByTestId('setup-lang').waitFor();
  await page.getByTestId('setup-lang').click();
  await page.getByTestId('lang-zh-CN').click();
  await expect.poll(async () => (await stored(page)).lang).toBe('zh-CN');
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');

  // Password: wrong old one refused, then changed.
  await page.goto('/m/home/my/setup/changepwd');
  await page.fill('input[name=oldpassword]', 'wrongold');
  await page.fill('input[name=newpassword]', 'newsecret1');
  await page.fill('input[name=passwordRepeat]', 'newsecret1');
  const refused = page.waitForResponse((r) => r.url().endsWith('/member/index/changepwd'));
  await page.getByTestId('password-save').click();
  expect((await (await refused).json()).status).toBe(0);
  await page.fill('input[name=oldpassword]', 'secret12');
  const accepted = page.waitForResponse((r) => r.url().endsWith('/member/index/changepwd'));
  await page.getByTestId('password-save').click();
  expect((await (await accepted).json()).status).toBe(200);

  await page.goto('/m/home/my/index');
  await page.getByTestId('mine-signout').click();
  await page.waitForURL('**/m/login');
  expect(await page.evaluate(() => localStorage.getItem('kindred.token'))).toBeNull();
  await page.fill('input[name=account]', user);
  await page.fill('input[name=password]', 'newsecret1');
  await page.locator('input[name=password]').press('Enter');
  await page.waitForURL('**/m/home/index');
  expect(outbound).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
