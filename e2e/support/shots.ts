import { join } from 'node:path';
import type { Page } from '@playwright/test';

export const SHOTS_DIR = join(import.meta.dirname, '..', '.artifacts', 'screenshots');

/** Saves a full-page screenshot as e2e/.artifacts/screenshots/<name>.png. */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}
