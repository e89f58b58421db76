import { expect, test } from '@playwright/test';
import { seedStorage } from '../support/accounts';
import { shoot } from '../support/shots';

test('a health ping slower than 500 ms turns the indicator orange (unstable), a fast one green again', async ({
  page,
}) => {
  await seedStorage(page, { cookies: true, language: 'en' });
  // Slower than the 3 s between pings: still an answer, so unstable, not lost (spec part 2 §4).
  let delayMs = 3500;
  await page.route('**/actuator/health/ping', async (route) => {
    await new Promise((done) => setTimeout(done, delayMs));
    await route.continue();
  });
  await page.goto('/register');
  const indicator = page.getByTestId('connection-indicator');
  // Every state the indicator shows, from now on.
  await indicator.evaluate((element) => {
    const seen: string[] = [element.getAttribute('data-state') ?? ''];
    (window as unknown as { seenStates: string[] }).seenStates = seen;
    new MutationObserver(() => seen.push(element.getAttribute('data-state') ?? '')).observe(element, {
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
  await expect(indicator).toHaveAttribute('data-state', 'UNSTABLE', { timeout: 10_000 });
  // Two more slow pings: still unstable, never lost.
  await page.waitForTimeout(7000);
  await expect(indicator).toHaveAttribute('data-state', 'UNSTABLE');
  const seen = await page.evaluate(() => (window as unknown as { seenStates: string[] }).seenStates);
  expect(seen).not.toContain('DISCONNECTED');
  await expect(indicator).toHaveAccessibleName('The connection is slow');
  // Slow is not lost: no notice.
  await expect(page.getByText('Connection lost')).toHaveCount(0);
  await shoot(page, 'connection-unstable-en');

  delayMs = 0;
  await expect(indicator).toHaveAttribute('data-state', 'CONNECTED', { timeout: 10_000 });
  await expect(indicator).toHaveAccessibleName('Connected to the server');
});
