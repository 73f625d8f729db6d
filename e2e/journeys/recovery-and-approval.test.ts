import { describe, expect, test } from 'vitest';
import { DEVICES, newContext, prefix } from '../support/browser.js';
import { solvedChallenge } from '../support/antispam.js';
import { uniqueName } from '../support/fixtures.js';
import { resetLinkIn, waitForMail } from '../support/outbox.js';
import { useJourneyEnv } from '../support/journey.js';

const env = useJourneyEnv({}, { REGISTRATION_APPROVAL: 'true' });

async function registerByApi(base: string, username: string, ua?: string) {
  const res = await fetch(`${base}/member/index/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(ua ? { 'user-agent': ua } : {}) },
    body: new URLSearchParams({ username, email: `${username}@example.com`, password: 'secret123', sex: '1', birthday: String(Date.UTC(1990, 0, 1)), altcha: (await solvedChallenge(base)) ?? '' }),
  });
  return (await res.json()) as { status: number };
}

describe.each(DEVICES)('%s', (device) => {
  test('a forgotten password is reset through the e-mailed link', async () => {
    const user = uniqueName(device[0]!);
    expect((await registerByApi(env.servers[0]!.url, user)).status).toBe(200);
    const { context, outbound } = await newContext(env.browser, device, env.servers[0]!.url);
    const page = await context.newPage();

    await page.goto(device === 'phone' ? '/m/Forgotpassword' : '/w/forgot-password');
    await page.fill('input[name=email]', `${user}@example.com`);
    await page.locator('button[type=submit]').click();
    const link = resetLinkIn(await waitForMail(env.servers[0]!.outboxDir, `${user}@example.com`));
    expect(link).toContain(`${prefix(device)}/reset-password?token=`);

    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await page.fill('input[name=password]', 'brandnew1');
    await page.fill('input[name=passwordRepeat]', 'brandnew1');
    const reset = page.waitForResponse((r) => r.url().endsWith('/member/index/resetpassword'));
    await page.locator('button[type=submit]').click();
    expect((await (await reset).json()).status).toBe(200);
    await page.waitForURL(`**${prefix(device)}/login`);
    await page.fill('input[name=account]', `${user}@example.com`);
    await page.fill('input[name=password]', 'brandnew1');
    await page.locator('input[name=password]').press('Enter');
    await page.waitForURL(`**${prefix(device)}/home/index`);
    expect(outbound).toEqual([]);
    await context.close();
  });

  test('with approval on, a new member sees only the pending screen and sign-out', async () => {
    const user = uniqueName(device[0]!);
    expect((await registerByApi(env.servers[1]!.url, user)).status).toBe(-3);
    const { context } = await newContext(env.browser, device, env.servers[1]!.url);
    const page = await context.newPage();
    await page.goto(`${prefix(device)}/login`);
    await page.fill('input[name=account]', user);
    await page.fill('input[name=password]', 'secret123');
    await page.locator('button[type=submit]').click();
    await page.getByTestId('pending-screen').waitFor();
    // Deep links lead to the same screen.
    await page.goto(device === 'phone' ? '/m/home/my/setup/index' : '/w/home/user/edit');
    await page.getByTestId('pending-screen').waitFor();
    await page.getByTestId('pending-screen').locator('button').last().click();
    await page.waitForURL(`**${prefix(device)}/login`);
    await context.close();
  });
});
