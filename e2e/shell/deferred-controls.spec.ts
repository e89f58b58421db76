import { expect, test } from '@playwright/test';
import { seedStorage } from '../support/accounts';

// The sign-in page loads the code of the connection tooltip and of the language menu only when they
// are first used (e2e/shell/bundle.spec.ts keeps the page light). They still behave as before, for
// mouse and keyboard, and a failed load (server away) neither reloads nor breaks the page.

test('the connection tooltip shows on hover and on keyboard focus, and hides on leave and Escape', async ({
  page,
}) => {
  await seedStorage(page, { cookies: true, language: 'en' });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const indicator = page.getByTestId('connection-indicator');
  await indicator.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Connected to the server');
  await page.mouse.move(5, 500);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await indicator.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tooltip')).toHaveText('Connected to the server');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
});

test('the language menu opens from the keyboard on first use and gives focus back on Escape', async ({
  page,
}) => {
  await seedStorage(page, { cookies: true, language: 'nl' });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Aanmelden' })).toBeVisible();
  const button = page.getByRole('button', { name: /Taal kiezen/ });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'English' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem')).toHaveCount(0);
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  // As a person does: the arrow keys until English has the focus, once the menu is there. A key pressed
  // while the menu still opens can be lost on a loaded CI machine (seen twice), so the test keeps pressing
  // as a person would rather than counting presses; the menu loops, so English comes round.
  const english = page.getByRole('menuitem', { name: 'English' });
  await expect(english).toBeVisible();
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(english).toBeFocused({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('when the tooltip code cannot be loaded the page stays, and the next hover tries again', async ({
  page,
}) => {
  await seedStorage(page, { cookies: true, language: 'en' });
  await page.route('**/assets/tooltip-chunk-*.js', (route) => route.abort('connectionrefused'));
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill('kept@example.com');
  const indicator = page.getByTestId('connection-indicator');
  await indicator.hover();
  await page.waitForTimeout(500);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  // No reload: the typed address is still there.
  await expect(page.getByLabel('E-mail address')).toHaveValue('kept@example.com');
  await page.unroute('**/assets/tooltip-chunk-*.js');
  await page.mouse.move(5, 500);
  await indicator.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Connected to the server');
  await expect(page.getByLabel('E-mail address')).toHaveValue('kept@example.com');
});
