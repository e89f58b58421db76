import { expect, test } from '@playwright/test';
import { createReadyUser, PASSWORD, seedStorage, uniqueEmail } from '../support/accounts';
import { waitForLink } from '../support/outbox';
import { checkState } from '../support/states';

/**
 * D53 on the activation page: someone registered an invited member's address with a password of their own;
 * the invitee follows the mailed link, the page asks for the password (access waits for the account), and
 * the account gets the password chosen there — never the registration's.
 */
test('an invited address is activated with the password chosen on the activation page', async ({
  page,
  request,
}) => {
  const owner = await createReadyUser(request, uniqueEmail('eigenaar'));
  const email = uniqueEmail('uitgenodigd');
  const invited = await request.post(`/api/organisations/${owner.organisationId}/users`, {
    data: { email },
    headers: { Authorization: `Bearer ${owner.accessToken}` },
  });
  expect(invited.status()).toBe(201);
  const registered = await request.post('/api/auth/register', {
    data: { email, password: 'Aanvaller-wachtwoord9' },
  });
  expect(registered.status()).toBe(200);

  await seedStorage(page, { cookies: true, language: 'nl' });
  await page.goto(await waitForLink(email, '/activate'));
  const form = page.getByTestId('activation-password');
  await expect(form).toBeVisible();
  await expect(page.getByText('Er staat toegang voor je klaar.', { exact: false })).toBeVisible();
  await checkState(page, 'activation-password-nl', () => expect(form).toBeVisible());
  // The client-side checks first: a weak password is refused before anything is sent.
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill('kort');
  await page.getByLabel('Herhaal wachtwoord').fill('kort');
  await page.getByRole('button', { name: 'Activeren' }).click();
  await expect(form).toBeVisible();
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(PASSWORD);
  await page.getByLabel('Herhaal wachtwoord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Activeren' }).click();
  await expect(page.getByTestId('activation-result')).toContainText('Je account is geactiveerd');

  const attacker = await request.post('/api/auth/login', {
    data: { email, password: 'Aanvaller-wachtwoord9' },
  });
  expect(attacker.status()).toBe(401);
  const invitee = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(invitee.status()).toBe(200);
});

test('the activation page asks for the password in English too, on a phone and a laptop', async ({
  page,
  request,
}) => {
  const owner = await createReadyUser(request, uniqueEmail('eigenaar'));
  const email = uniqueEmail('invited');
  const invited = await request.post(`/api/organisations/${owner.organisationId}/users`, {
    data: { email },
    headers: { Authorization: `Bearer ${owner.accessToken}` },
  });
  expect(invited.status()).toBe(201);
  expect((await request.post('/api/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(
    200,
  );
  await seedStorage(page, { cookies: true, language: 'en' });
  await page.goto(await waitForLink(email, '/activate'));
  const form = page.getByTestId('activation-password');
  await expect(form).toBeVisible();
  await expect(page.getByText('Access is waiting for you.', { exact: false })).toBeVisible();
  await checkState(page, 'activation-password-en', () => expect(form).toBeVisible());
});
