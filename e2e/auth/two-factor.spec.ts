import { createHmac } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { seedStorage, type Tokens } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { checkState } from '../support/states';
import { auth, DEMO_OWNER, DEMO_PASSWORD, signInDemo } from '../trajectories/detail-support';

/**
 * Two-factor sign-in on the web (issue 33, D57): the demo owner turns it on through the API; in the
 * browser the password then leads to the code step, a wrong code is refused with its message, the right
 * one signs in as a password alone would (the owner's one organisation, the trajectories). In English a
 * recovery code signs in, after an expired challenge sent the user back to the password. Its own server:
 * the demo data, and an owner whose sign-in changes.
 */

const port = Number(process.env.E2E_PORT) + 1;
const base = `http://localhost:${port}`;

const TEXTS = {
  nl: {
    email: 'E-mailadres',
    password: 'Wachtwoord',
    signIn: 'Aanmelden',
    step: 'Code uit je authenticator-app',
    code: 'Code',
    recovery: 'Herstelcode',
    useRecovery: 'Herstelcode gebruiken',
    incomplete: 'Vul de zes cijfers van de code in.',
    invalid: 'Deze code klopt niet of is al gebruikt.',
    expired: 'Het aanmelden duurde te lang.',
    back: 'Terug naar aanmelden',
    trajectories: 'Trajecten',
  },
  en: {
    email: 'E-mail address',
    password: 'Password',
    signIn: 'Sign in',
    step: 'Code from your authenticator app',
    code: 'Code',
    recovery: 'Recovery code',
    useRecovery: 'Use a recovery code',
    incomplete: 'Enter the six digits of the code.',
    invalid: 'This code is wrong or has already been used.',
    expired: 'Signing in took too long.',
    back: 'Back to sign in',
    trajectories: 'Trajectories',
  },
} as const;

// RFC 6238 (SHA-1, 6 digits, 30 s) from the base32 secret: a few lines rather than a dependency of e2e.
function base32Bytes(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const value = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

const currentStep = () => Math.floor(Date.now() / 30_000);

/** A code the server takes now and has not taken before: the next step's (one step ahead is accepted). */
const nextCode = (secret: string) => totp(secret, currentStep() + 1);

/** A six-digit code that none of the steps around now has. */
function wrongCode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((d) => totp(secret, currentStep() + d)));
  for (let n = 0; ; n += 1) {
    const code = String(123_456 + n * 7919).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

async function signInWithPassword(page: Page, x: (typeof TEXTS)['nl' | 'en']): Promise<void> {
  await page.getByLabel(x.email).fill(DEMO_OWNER);
  await page.getByRole('textbox', { name: x.password, exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: x.signIn, exact: true }).click();
}

test.describe('two-factor sign-in on the web (D57)', () => {
  test.describe.configure({ mode: 'serial' });
  let server: ServerHandle;
  let secret: string;
  let recoveryCodes: string[];

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(port, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    const owner: Tokens = await signInDemo(request, DEMO_OWNER);
    const setup = await request.post('/api/auth/two-factor/setup', { data: {}, headers: auth(owner) });
    expect(setup.status()).toBe(200);
    secret = ((await setup.json()) as { secret: string }).secret;
    const confirm = await request.post('/api/auth/two-factor/confirm', {
      data: { code: totp(secret, currentStep()) },
      headers: auth(owner),
    });
    expect(confirm.status()).toBe(200);
    recoveryCodes = ((await confirm.json()) as { recoveryCodes: string[] }).recoveryCodes;
    // The password alone no longer signs in.
    const login = await request.post('/api/auth/login', {
      data: { email: DEMO_OWNER, password: DEMO_PASSWORD },
    });
    expect(await login.json()).toMatchObject({ twoFactor: 'required' });
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('the password leads to the code step; a wrong code is refused, the right one signs in (nl, keyboard)', async ({
    page,
  }) => {
    const x = TEXTS.nl;
    await seedStorage(page, { cookies: true, language: 'nl' });
    await page.goto(`${base}/login`);
    await signInWithPassword(page, x);

    const code = page.getByRole('textbox', { name: x.code });
    await checkState(page, 'two-factor-step-nl', async () => {
      await expect(page.getByRole('heading', { name: x.step })).toBeVisible();
      await expect(code).toBeVisible();
    });
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');

    // Keyboard only: the field has the focus; too few digits are caught before sending.
    await code.focus();
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    await expect(page.getByText(x.incomplete)).toBeVisible();

    // A wrong code: refused with its message, the field emptied for the next one.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(wrongCode(secret));
    await page.keyboard.press('Enter');
    const error = page.getByTestId('two-factor-error');
    await checkState(page, 'two-factor-wrong-code-nl', async () => {
      await expect(error).toContainText(x.invalid);
      await expect(code).toHaveValue('');
    });

    // Pasted with a space, as apps show it: the field keeps the digits.
    const right = nextCode(secret);
    await code.focus();
    await page.keyboard.insertText(`${right.slice(0, 3)} ${right.slice(3)}`);
    await expect(code).toHaveValue(right);
    await page.keyboard.press('Enter');

    // Signed in as with a password: the owner's one organisation opens on the trajectories.
    await expect(page).toHaveURL(/\/trajectories/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: x.trajectories, level: 1 })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tokens') ?? 'null'));
    expect(stored).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(stored).not.toHaveProperty('challenge');
  });

  test('an expired challenge goes back to the password; a recovery code signs in (en)', async ({ page }) => {
    const x = TEXTS.en;
    await seedStorage(page, { cookies: true, language: 'en' });
    await page.goto(`${base}/login`);

    // The first try's challenge has expired (the server answers so after 5 minutes).
    let expire = true;
    await page.route('**/api/auth/login/two-factor', async (route) => {
      if (!expire) return route.continue();
      expire = false;
      await route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ status: 401, key: 'twoFactorChallengeExpired', message: 'expired' }),
      });
    });
    await signInWithPassword(page, x);
    await expect(page.getByRole('heading', { name: x.step })).toBeVisible();
    await page.getByRole('textbox', { name: x.code }).fill(nextCode(secret));
    await page.getByRole('button', { name: x.signIn, exact: true }).click();
    await checkState(page, 'two-factor-expired-en', async () => {
      await expect(page.getByTestId('login-error')).toContainText(x.expired);
      await expect(page.getByLabel(x.email)).toHaveValue(DEMO_OWNER);
    });

    // Again with the password; the way back works too.
    await signInWithPassword(page, x);
    await page.getByRole('button', { name: x.back }).click();
    await expect(page.getByLabel(x.email)).toBeVisible();
    await signInWithPassword(page, x);

    // A recovery code instead of the app's code.
    await page.getByRole('button', { name: x.useRecovery }).click();
    const recovery = page.getByRole('textbox', { name: x.recovery });
    await checkState(page, 'two-factor-recovery-en', async () => {
      await expect(recovery).toBeVisible();
      await expect(recovery).toBeFocused();
    });
    const recoveryCode = recoveryCodes[0];
    if (!recoveryCode) throw new Error('no recovery codes');
    await recovery.fill(recoveryCode.toUpperCase());
    await page.getByRole('button', { name: x.signIn, exact: true }).click();
    await expect(page).toHaveURL(/\/trajectories/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: x.trajectories, level: 1 })).toBeVisible();
  });
});
