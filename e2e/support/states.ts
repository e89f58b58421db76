import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { shoot } from './shots';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

/** The page does not scroll sideways at its current width. */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${label} overflows at ${page.viewportSize()?.width}px`,
    })
    .toBeLessThanOrEqual(0);
}

/** axe, then screenshots at 1280 and 375 px with no sideways scroll on the phone. */
export async function checkState(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  await ready();
  await expectAccessible(page, name);
  await page.mouse.move(0, 0); // no hover tooltips in the pictures
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await ready();
  await expectNoSidewaysScroll(page, name);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
  await ready();
}

/** Waits until the notifications have closed themselves, so that screenshots show the page. */
export async function notificationsGone(page: Page): Promise<void> {
  await page.mouse.move(0, 400);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}
