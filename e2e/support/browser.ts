import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export type Device = 'phone' | 'desktop';
export const DEVICES: Device[] = ['phone', 'desktop'];

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

/**
 * A fresh context per journey. Any request that leaves the machine fails the journey:
 * the product must work with no outside service.
 */
export async function newContext(browser: Browser, device: Device, baseURL: string, locale = 'en-US') {
  const context: BrowserContext = await browser.newContext({
    baseURL,
    locale,
    ...(device === 'phone'
      ? { viewport: { width: 390, height: 844 }, userAgent: IPHONE_UA, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
      : { viewport: { width: 1440, height: 900 } }),
  });
  const outbound: string[] = [];
  await context.route('**/*', (route) => {
    const { hostname, protocol } = new URL(route.request().url());
    if (protocol === 'data:' || protocol === 'blob:' || hostname === '127.0.0.1' || hostname === 'localhost') return route.continue();
    outbound.push(route.request().url());
    return route.abort();
  });
  const errors: string[] = [];
  context.on('weberror', (e) => errors.push(e.error().message));
  return {
    context,
    outbound,
    errors,
    async page(): Promise<Page> {
      return context.newPage();
    },
  };
}

export const prefix = (device: Device) => (device === 'phone' ? '/m' : '/w');
