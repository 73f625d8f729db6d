import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser build, put into the page through the DevTools protocol (the site's CSP allows only its own scripts). */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 A and AA, plus axe's best practices: what a screen must pass. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** Up to five offending elements, as selectors, with axe's explanation of the first. */
  where: string[];
}

/**
 * Waits until every finite animation and transition on the page has finished: a toast fading in
 * or a drawer sliding is measured half transparent and would fail the contrast rule at random.
 * Spinners (infinite animations) are left alone.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    const deadline = Date.now() + 5_000;
    while (finite().length && Date.now() < deadline) await Promise.all(finite().map((a) => a.finished.catch(() => undefined)));
  });
}

/** axe's serious and critical violations on the page as it is now (none is the only good answer). */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      where: v.nodes.slice(0, 5).map((n, i) => `${n.target.join(' ')}${i === 0 && n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`),
    }));
  }, TAGS);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
