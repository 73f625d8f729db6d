import type { Locator, Page } from 'playwright-core';
import { settle } from './axe.js';

/**
 * Popups (antd's dropdowns, confirm dialogs, popconfirms, select lists; antd-mobile's dialogs and
 * action sheets) open with a motion. A click aimed while one still moves can land where the target
 * is about to be: Playwright's "stable" check needs only two equal frames, which a loaded machine
 * gives it before or during the motion, and then mousedown and mouseup hit different nodes, the
 * browser makes no click, and the journey waits 30 s for what never happens (CI saw it on the
 * console's Sign out and its Confirm button). A member cannot hit a moving target either, so the
 * journeys wait for the popup to be still: its CSS motions over (`settle`), then no rc-motion phase
 * class on it or its ancestors and the same box for 3 frames (antd-mobile moves its popups from
 * script, react-spring, which no CSS animation shows).
 */
async function untilStill(target: Locator): Promise<void> {
  await target.waitFor();
  await settle(target.page());
  await target.evaluate(async (element) => {
    // rc-motion's phases: `-appear`/`-enter`/`-leave` (+ `-prepare`, `-start`, `-active`).
    const phase = /(^|\s)[\w-]+-(appear|enter|leave)(-(prepare|start|active))?(?=\s|$)/;
    const inMotion = () => {
      for (let node: Element | null = element; node; node = node.parentElement) if (phase.test(node.getAttribute('class') ?? '')) return true;
      return false;
    };
    const box = () => JSON.stringify(element.getBoundingClientRect());
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const deadline = Date.now() + 5_000;
    let last = box();
    for (let same = 0; same < 3 && Date.now() < deadline; ) {
      await frame();
      const now = box();
      same = now === last && !inMotion() ? same + 1 : 0;
      last = now;
    }
  });
}

/** Clicks something inside a popup once the popup has stopped moving. */
export async function clickStill(target: Locator): Promise<void> {
  await untilStill(target);
  await target.click();
}

/** Opens an antd dropdown by its trigger and answers its menu once the menu has stopped moving. */
export async function openMenu(page: Page, trigger: Locator): Promise<Locator> {
  await trigger.click();
  // One menu closing while this one opens is in the page too, until its motion ends.
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden):not([class*="-leave"])');
  await untilStill(menu);
  return menu;
}
