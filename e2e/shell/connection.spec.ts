import { expect, test } from '@playwright/test';
import { seedStorage } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { shoot } from '../support/shots';

// This spec runs its own server so it can stop and start it without disturbing the others.
const port = Number(process.env.E2E_PORT) + 1;
let server: ServerHandle | null = null;
let dataDir: string | null = null;

test.afterAll(async () => {
  if (server) await stopServer(server);
  if (dataDir) removeDataDir(dataDir);
});

const TEXTS = {
  nl: {
    lost: 'Verbinding verbroken',
    back: 'Verbinding hersteld',
    disconnected: 'Geen verbinding met de server',
    email: 'E-mailadres',
    password: 'Wachtwoord',
    repeat: 'Herhaal wachtwoord',
    submit: 'Registreren',
    unreachable: 'De server is niet bereikbaar. Probeer het zo opnieuw.',
  },
  en: {
    lost: 'Connection lost',
    back: 'Connection restored',
    disconnected: 'No connection to the server',
    email: 'E-mail address',
    password: 'Password',
    repeat: 'Repeat password',
    submit: 'Register',
    unreachable: 'The server cannot be reached. Try again in a moment.',
  },
} as const;

for (const language of ['nl', 'en'] as const) {
  const x = TEXTS[language];
  test(`the connection monitor turns red when the server stops and green when it returns (${language})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    dataDir ??= freshDataDir();
    if (!server || server.process.exitCode !== null || server.process.signalCode !== null) {
      server = await startServer(port, dataDir);
    }
    await seedStorage(page, { cookies: true, language });
    await page.goto(`${server.url}/register`);
    const indicator = page.getByTestId('connection-indicator');
    await expect(indicator).toHaveAttribute('data-state', /^(CONNECTED|UNSTABLE)$/);
    // The page's own chunk too: a screen whose code fails to load reloads the page (spec part 2 §9),
    // which, with the server gone, would leave the browser's error page instead of ours.
    await expect(page.getByLabel(x.email)).toBeVisible();

    await stopServer(server);
    await expect(indicator).toHaveAttribute('data-state', 'DISCONNECTED', { timeout: 15_000 });
    await expect(indicator).toHaveAccessibleName(x.disconnected);
    await expect(page.getByText(x.lost)).toBeVisible();
    await shoot(page, `connection-lost-${language}`);

    // A call while the server is away says the server did not answer: the browser is online (issue 21).
    await page.getByLabel(x.email).fill('offline@example.com');
    await page.getByRole('textbox', { name: x.password, exact: true }).fill('Offline-test1');
    await page.getByRole('textbox', { name: x.repeat, exact: true }).fill('Offline-test1');
    await page.getByRole('button', { name: x.submit }).click();
    await expect(page.getByRole('alert').filter({ hasText: x.unreachable })).toBeVisible();

    server = await startServer(port, server.dataDir);
    await expect(indicator).toHaveAttribute('data-state', /^(CONNECTED|UNSTABLE)$/, { timeout: 15_000 });
    await expect(page.getByText(x.back)).toBeVisible();
    await shoot(page, `connection-back-${language}`);
    // The notice disappears after 6 seconds.
    await expect(page.getByText(x.back)).toBeHidden({ timeout: 10_000 });
  });
}
