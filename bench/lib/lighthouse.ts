import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseFigures {
  lcpMs: number;
  tbtMs: number;
  accessibility: number;
  bestPractices: number;
}

/**
 * Lighthouse's default (mobile) preset on one URL in the local Chromium, as docs/architecture.md §9 asks: a
 * Moto G Power viewport with simulated slow 4G and a 4× slower CPU, so LCP and TBT are the
 * figures a phone on a weak network would see, not loopback figures.
 */
export async function runLighthouse(url: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { audits, categories, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    return {
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
      accessibility: categories.accessibility?.score ?? NaN,
      bestPractices: categories['best-practices']?.score ?? NaN,
    };
  } finally {
    chrome.kill();
  }
}
