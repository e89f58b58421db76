import { expect, test } from '@playwright/test';
import { PASSWORD, seedStorage, uniqueEmail } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { checkState } from '../support/states';

// Its own server with REGISTRATION=closed (D52): a school that lets only invited people in.
const port = Number(process.env.E2E_PORT) + 3;
const base = `http://localhost:${port}`;

const TEXTS = {
  nl: {
    email: 'E-mailadres',
    password: 'Wachtwoord',
    repeat: 'Herhaal wachtwoord',
    register: 'Registreren',
    closed: 'Met dit e-mailadres kun je je hier niet zelf registreren.',
  },
  en: {
    email: 'E-mail address',
    password: 'Password',
    repeat: 'Repeat password',
    register: 'Register',
    closed: 'You cannot register yourself here with this e-mail address.',
  },
} as const;

test.describe('registration closed (D52)', () => {
  test.describe.configure({ mode: 'serial' });
  let server: ServerHandle;

  test.beforeAll(async () => {
    server = await startServer(port, freshDataDir(), { REGISTRATION: 'closed' });
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  for (const language of ['nl', 'en'] as const) {
    const x = TEXTS[language];
    test(`a stranger is told to ask the school for an invitation, and nothing is made (${language})`, async ({
      page,
      request,
    }) => {
      const email = uniqueEmail(`dicht-${language}`);
      await seedStorage(page, { cookies: true, language });
      await page.goto(`${base}/register`);
      await page.getByLabel(x.email).fill(email);
      await page.getByRole('textbox', { name: x.password, exact: true }).fill(PASSWORD);
      await page.getByLabel(x.repeat).fill(PASSWORD);
      await page.getByRole('button', { name: x.register }).click();
      const message = page.getByText(x.closed, { exact: false });
      await checkState(page, `registration-closed-${language}`, () => expect(message).toBeVisible());
      // Nothing was made: signing in with that address finds no account.
      const login = await request.post(`${base}/api/auth/login`, { data: { email, password: PASSWORD } });
      expect(login.status()).toBe(401);
    });
  }
});
