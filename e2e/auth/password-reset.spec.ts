import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { createActivatedUser, seedStorage, uniqueEmail } from '../support/accounts';
import { waitForLink } from '../support/outbox';

const TEXTS = {
  nl: {
    forgot: 'Wachtwoord vergeten?',
    requestTitle: 'Wachtwoord vergeten',
    email: 'E-mailadres',
    send: 'Link versturen',
    sent: 'Als er een account bij dit e-mailadres hoort',
    newPassword: 'Nieuw wachtwoord',
    repeat: 'Herhaal wachtwoord',
    save: 'Wachtwoord opslaan',
    done: 'Je wachtwoord is gewijzigd',
    failed: 'Je wachtwoord kon niet worden gewijzigd',
    password: 'Wachtwoord',
    signIn: 'Aanmelden',
    licence: 'Licentieovereenkomst',
  },
  en: {
    forgot: 'Forgot your password?',
    requestTitle: 'Forgot password',
    email: 'E-mail address',
    send: 'Send link',
    sent: 'If an account belongs to this e-mail address',
    newPassword: 'New password',
    repeat: 'Repeat password',
    save: 'Save password',
    done: 'Your password has been changed',
    failed: 'Your password could not be changed',
    password: 'Password',
    signIn: 'Sign in',
    licence: 'Licence agreement',
  },
} as const;

for (const language of ['nl', 'en'] as const) {
  const x = TEXTS[language];
  test(`password reset through the mailed link (${language})`, async ({ page, request }) => {
    const email = uniqueEmail(`reset-${language}`);
    await createActivatedUser(request, email);
    await seedStorage(page, { cookies: true, language });

    await page.goto('/login');
    await page.getByRole('link', { name: x.forgot }).click();
    await expect(page).toHaveURL(/\/request-password-reset$/);
    // The URL changes first; the sign-in form (with its own e-mail field) stays until the page arrived.
    await expect(page.getByRole('heading', { name: x.requestTitle })).toBeVisible();
    await page.getByLabel(x.email).fill(email);
    await expectAccessible(page, 'request password reset');
    await page.getByRole('button', { name: x.send }).click();
    await expect(page.getByTestId('reset-link-sent')).toContainText(x.sent);

    const link = await waitForLink(email, '/reset-password');
    await page.goto(link);
    const newPassword = 'Nieuw-wachtwoord9';
    await page.getByRole('textbox', { name: x.newPassword, exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: x.repeat, exact: true }).fill(newPassword);
    await expectAccessible(page, 'reset password');
    await page.getByRole('button', { name: x.save }).click();
    await expect(page.getByTestId('reset-success')).toContainText(x.done);

    // The link works once only.
    await page.goto(link);
    await page.getByRole('textbox', { name: x.newPassword, exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: x.repeat, exact: true }).fill(newPassword);
    await page.getByRole('button', { name: x.save }).click();
    await expect(page.getByTestId('reset-failed')).toContainText(x.failed);

    // Sign in with the new password.
    await page.goto('/login');
    await page.getByLabel(x.email).fill(email);
    await page.getByRole('textbox', { name: x.password, exact: true }).fill(newPassword);
    await page.getByRole('button', { name: x.signIn, exact: true }).click();
    await expect(page.getByRole('heading', { name: x.licence })).toBeVisible();
  });
}
