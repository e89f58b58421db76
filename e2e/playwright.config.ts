import { defineConfig, devices } from '@playwright/test';

// Chosen once in the main process; workers inherit the environment, so all agree on the port.
process.env.E2E_PORT ??= String(21000 + (process.pid % 2000));
const port = Number(process.env.E2E_PORT);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '.artifacts/test-results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: '.artifacts/report', open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    screenshot: 'only-on-failure',
    // A trace records every action of every test and costs CI about a tenth of its browser time; CI
    // keeps the failure's screenshot and error, a local run keeps the trace of what failed.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
});
