import { expect, test } from '@playwright/test';
import { seedStorage } from '../support/accounts';
import { shoot } from '../support/shots';

test('a health ping slower than 500 ms turns the indicator orange (unstable), a fast one green again', async ({
  page,
}) => {
  await seedStorage(page, { cookies: true, language: 'en' });
  let delayMs = 800;
  await page.route('**/actuator/health/ping', async (route) => {
    await new Promise((done) => setTimeout(done, delayMs));
    await route.continue();
  });
  await page.goto('/register');
  const indicator = page.getByTestId('connection-indicator');
  await expect(indicator).toHaveAttribute('data-state', 'UNSTABLE', { timeout: 10_000 });
  await expect(indicator).toHaveAccessibleName('The connection is slow');
  // Slow is not lost: no notice.
  await expect(page.getByText('Connection lost')).toHaveCount(0);
  await shoot(page, 'connection-unstable-en');

  delayMs = 0;
  await expect(indicator).toHaveAttribute('data-state', 'CONNECTED', { timeout: 10_000 });
  await expect(indicator).toHaveAccessibleName('Connected to the server');
});
