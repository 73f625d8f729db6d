import type { Locator, Page } from 'playwright-core';

/**
 * Opens an antd dropdown by its trigger and answers once its opening motion has ended. Clicking an
 * item while the menu still zooms in can land where the item is about to be, not where it is: on a
 * loaded machine Playwright may see two still frames before the motion starts. A member cannot hit
 * a moving target either, so the journey waits for the menu to settle, as a member would.
 */
export async function openMenu(page: Page, trigger: Locator): Promise<Locator> {
  await trigger.click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden):not([class*="-appear"]):not([class*="-enter"])');
  await menu.waitFor();
  return menu;
}
