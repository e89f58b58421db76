import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { seedStorage } from '../support/accounts';

for (const [language, title, ok, privacy] of [
  ['nl', 'Cookies', 'OK', 'Lees onze privacyverklaring'],
  ['en', 'Cookies', 'OK', 'Read our privacy statement'],
] as const) {
  test(`cookie notice is shown until OK is clicked (${language})`, async ({ page, context }) => {
    await seedStorage(page, { language });
    await page.goto('/register');
    const notice = page.getByTestId('cookie-notice');
    await expect(notice).toBeVisible();
    await expect(notice.getByText(title, { exact: true })).toBeVisible();
    const link = notice.getByRole('link', { name: privacy });
    await expect(link).toHaveAttribute('target', '_blank');
    const popup = context.waitForEvent('page');
    await link.click();
    const privacyPage = await popup;
    await expect(privacyPage.locator('#privacy')).toBeVisible();
    await privacyPage.close();
    await expectAccessible(page, 'cookie notice');

    await notice.getByRole('button', { name: ok }).click();
    await expect(notice).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookies'))).toBe('true');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('cookie-notice')).toBeHidden();
  });
}
