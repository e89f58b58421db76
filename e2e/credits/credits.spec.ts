import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addMonths, businessToday, DEFAULT_BUSINESS_TIME_ZONE } from '@groeipad/core';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { seedStorage, type Tokens } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { shoot } from '../support/shots';
import { checkState, DESKTOP, expectNoSidewaysScroll, PHONE } from '../support/states';
import { DEMO_OWNER, listTrajectories, signInDemo } from '../trajectories/detail-support';

/**
 * Credits (issue 11; spec part 2 §2 "Credits", "Extend trajectories wizard", organisation screens; §4, §5;
 * D22–D25): the demo owner works out an amount with the calculator, meets the 10–1000 range, buys credits
 * at the built-in test checkout and sees them arrive; requests a quote, opens it and accepts it; downloads
 * the invoice (rendered to PNG here); extends the three demo trajectories by a year in one order and sees
 * their new dates; and finds it all among the organisation's transactions. English on a phone at the end.
 * The demo data needs its own server (SEED_DEMO).
 */

const DEMO_PORT = Number(process.env.E2E_PORT) + 1100;
const chip = (page: Page) => page.getByTestId('credit-chip');

/** The test checkout: the payer chooses how the payment ends and comes back to /credits-success. */
async function payAtTestCheckout(page: Page, outcome: 'Betaald' | 'Geannuleerd' | 'Paid'): Promise<void> {
  await expect(page).toHaveURL(/\/test-checkout\/tr_test_\w+$/);
  await page.getByRole('button', { name: outcome, exact: true }).click();
  await expect(page).toHaveURL(/\/credits-success\?transaction=\d+$/);
}

test.describe('credits on the demo data', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://localhost:${DEMO_PORT}` });
  let server: ServerHandle;
  let owner: Tokens;

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(DEMO_PORT, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('the owner works out an amount, pays at the test checkout and sees the credits arrive (nl)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto('/trajectories');
    await expect(chip(page)).toHaveText('€ 250');
    // The chip is a button for the owner: it leads to /credits.
    await page.getByRole('button', { name: /Tegoed: € 250. Tegoed opwaarderen/ }).click();
    await expect(page).toHaveURL(/\/credits$/);
    await expect(page.getByRole('heading', { name: 'Tegoed', level: 1 })).toBeVisible();

    // The calculator: two trajectories for a year (45 credits each); the amount follows it.
    const amount = page.getByTestId('credit-amount');
    await expect(amount).toHaveValue('10');
    await page.getByTestId('tier-12').fill('2');
    await page.getByTestId('tier-1').fill('geen getal');
    await expect(page.getByTestId('calculator-total')).toHaveText('Samen 90 credits');
    await expect(amount).toHaveValue('90');
    const overview = page.getByTestId('credit-overview');
    await expect(overview).toContainText('Bedrag€ 90,00');
    await expect(overview).toContainText('Btw 21%€ 18,90');
    await expect(overview).toContainText('Totaal inclusief btw€ 108,90');
    // No discount: no discount lines.
    await expect(overview).not.toContainText('Korting');
    await checkState(page, 'credits-calculator', () =>
      expect(page.getByRole('heading', { name: 'Rekenhulp' })).toBeVisible(),
    );

    // Outside 10–1000: the range message, and checkout does nothing.
    await amount.fill('5');
    await expect(page.getByText('Kies een waarde van 10 tot en met 1000.')).toBeVisible();
    await page.getByRole('button', { name: 'Afrekenen' }).click();
    await expect(page).toHaveURL(/\/credits$/);
    await shoot(page, 'credits-range-1280');

    await amount.fill('100');
    await page.getByLabel('Referentie').fill('Inkooporder 2026-17');
    await page.getByRole('button', { name: 'Afrekenen' }).click();
    await expect(page.getByTestId('test-payment-amount')).toHaveText('€ 121,00');
    await checkState(page, 'credits-test-checkout', () =>
      expect(page.getByRole('heading', { name: 'Testbetaling' })).toBeVisible(),
    );
    await payAtTestCheckout(page, 'Betaald');
    await expect(page.getByRole('status')).toContainText('opgewaardeerd met 100 credits');
    await expect(page.getByRole('status')).toContainText('€ 121,00');
    await expect(chip(page)).toHaveText('€ 350');
    await checkState(page, 'credits-success', () =>
      expect(page.getByRole('heading', { name: 'Tegoed gekocht' })).toBeVisible(),
    );
  });

  test('a cancelled payment adds nothing and says so', async ({ page }) => {
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto('/credits');
    await page.getByTestId('credit-amount').fill('25');
    await page.getByRole('button', { name: 'Afrekenen' }).click();
    await payAtTestCheckout(page, 'Geannuleerd');
    await expect(page.getByRole('heading', { name: 'Betaling niet gelukt' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('status: Geannuleerd');
    await expect(chip(page)).toHaveText('€ 350');
    await shoot(page, 'credits-not-paid-1280');
  });

  test('a quote is requested, opened in a new tab, accepted and paid', async ({ page, context }) => {
    test.setTimeout(120_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto('/credits');
    await page.getByTestId('credit-amount').fill('200');
    await page.getByLabel('Referentie').fill('Offerte schooljaar 2027');
    await page.getByRole('button', { name: 'Offerte aanvragen' }).click();
    await expect(page).toHaveURL(/\/quote-success$/);
    await checkState(page, 'credits-quote-success', () =>
      expect(page.getByRole('heading', { name: 'Offerte aangevraagd' })).toBeVisible(),
    );
    await page.getByRole('link', { name: 'Naar de openstaande offertes' }).click();
    const card = page.getByRole('article', { name: /^Offerte Q\d{4}-\d{6}$/ });
    await expect(card).toContainText('200');
    await expect(card).toContainText('€ 242,00');
    await expect(card.getByLabel('Referentie')).toHaveValue('Offerte schooljaar 2027');
    await checkState(page, 'credits-open-quotes', () => expect(card).toBeVisible());

    // The quote opens in a tab of its own.
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      card.getByRole('button', { name: /Offerte Q\d{4}-\d{6} openen/ }).click(),
    ]);
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    // Chromium's PDF viewer shows it (the blob is the PDF the API answered).
    await expect.poll(() => tab.evaluate(() => document.contentType)).toBe('application/pdf');
    await tab.close();

    await card.getByLabel('Referentie').fill('Inkooporder 88');
    await card.getByRole('button', { name: 'Accepteren' }).click();
    await expect(page.getByTestId('test-payment-amount')).toHaveText('€ 242,00');
    await payAtTestCheckout(page, 'Betaald');
    await expect(page.getByRole('status')).toContainText('opgewaardeerd met 200 credits');
    await expect(chip(page)).toHaveText('€ 550');
    await page.goto('/credits?section=quotes');
    await expect(page.getByText('Er zijn geen openstaande offertes.')).toBeVisible();
  });

  test('the organisation page lists the purchases; the invoice downloads with its VAT lines', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    const organisationId = JSON.parse(
      Buffer.from(owner.accessToken.split('.')[1]!, 'base64url').toString(),
    ).organisation_id;
    await page.goto(`/organisations/${organisationId}?section=creditTransactions`);
    const rows = page.getByTestId('credit-transaction');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Betaald');
    await expect(rows.nth(0)).toContainText('Inkooporder 88');
    await expect(rows.nth(1)).toContainText('Geannuleerd');
    await expect(rows.nth(2)).toContainText('Inkooporder 2026-17');
    await expect(rows.nth(2)).toContainText(DEMO_OWNER);
    await checkState(page, 'organisation-credit-transactions', () => expect(rows.first()).toBeVisible());

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rows
        .nth(2)
        .getByRole('button', { name: /Factuur \d{4}-\d{6} downloaden/ })
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Factuur-\d{4}-\d{6}\.pdf$/);
    const dir = mkdtempSync(join(tmpdir(), 'groeipad-invoice-'));
    const pdf = join(dir, 'factuur.pdf');
    await download.saveAs(pdf);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
    for (const words of [
      'Factuur',
      'Groeipad B.V.',
      'Demoschool',
      'Inkooporder 2026-17',
      '€ 100,00',
      'Btw 21%',
      '€ 21,00',
      '€ 121,00',
    ])
      expect(text).toContain(words);
    // A picture of the invoice, to look at (e2e/.artifacts/screens/invoice-1.png).
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdf, join(dir, 'invoice')]);
    const png = readFileSync(join(dir, 'invoice-1.png'));
    await test.info().attach('invoice', { body: png, contentType: 'image/png' });
    await page.setContent(`<img alt="invoice" src="data:image/png;base64,${png.toString('base64')}">`);
    await shoot(page, 'invoice-page-1');
  });

  test('three trajectories extended by a year in one order, and their new dates', async ({ page }) => {
    test.setTimeout(150_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto('/extend-trajectories');
    await expect(page.getByRole('heading', { name: 'Trajecten verlengen', level: 1 })).toBeVisible();
    const candidates = page.getByTestId('extend-candidate');
    await expect(candidates).toHaveCount(3);
    await checkState(page, 'extend-select', () => expect(candidates.first()).toBeVisible());

    // Next needs an order; Add needs a selected row that is shown.
    await expect(page.getByRole('button', { name: 'Volgende' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Toevoegen' })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Zoeken' }).fill('lotte');
    await expect(candidates).toHaveCount(1);
    await page.getByRole('textbox', { name: 'Zoeken' }).fill('');
    await page.getByLabel('Verlengen met').selectOption({ label: '12 maanden (€ 45,00)' });
    await page.getByRole('checkbox', { name: 'Alles selecteren' }).check();
    await page.getByRole('button', { name: 'Toevoegen' }).click();
    await expect(page.getByTestId('order-count')).toHaveText('3 trajecten in de bestelling');
    // Trajectories in the order are no longer offered.
    await expect(page.getByText('Geen trajecten gevonden die je kunt verlengen.')).toBeVisible();
    await page.getByRole('button', { name: 'Volgende' }).click();

    const lines = page.getByTestId('extend-line');
    await expect(lines).toHaveCount(3);
    await expect(page.getByTestId('order-total')).toHaveText('€ 135,00');
    await checkState(page, 'extend-overview', () => expect(lines.first()).toContainText('€ 45,00'));
    // Remove one, take it back in at the select step, and go on.
    await lines.first().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(lines).toHaveCount(2);
    await expect(page.getByTestId('order-total')).toHaveText('€ 90,00');
    await page.getByRole('button', { name: 'Vorige' }).click();
    await page.getByRole('checkbox', { name: 'Alles selecteren' }).check();
    await page.getByRole('button', { name: 'Toevoegen' }).click();
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page.getByTestId('order-total')).toHaveText('€ 135,00');

    const before = await page.request.get('/api/v2/trajectories?status=LIVE', {
      headers: { Authorization: `Bearer ${owner.accessToken}` },
    });
    const untilBefore = new Map<number, string | null>(
      (await before.json()).map((item: { id: number; activeUntil: string | null }) => [
        item.id,
        item.activeUntil,
      ]),
    );
    await page.getByRole('button', { name: 'Verlengen', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Je bestelling is verwerkt.' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('3 trajecten zijn verlengd voor 135 credits');
    await expect(page.getByRole('status')).toContainText('€ 415,00');
    await expect(chip(page)).toHaveText('€ 415');
    await checkState(page, 'extend-done', () => expect(page.getByTestId('extended')).toBeVisible());

    // Each new end is a year after the old one (the demo's are still to come).
    const request = page.request;
    const after = await listTrajectories(request, owner);
    expect(after).toHaveLength(3);
    const today = businessToday(DEFAULT_BUSINESS_TIME_ZONE);
    for (const item of after) {
      const previous = untilBefore.get(item.id) ?? null;
      const from = previous && previous > today ? previous : today;
      expect(item.activeUntil?.slice(0, 10)).toBe(addMonths(from, 12));
      const [y, m, d] = addMonths(from, 12).split('-');
      await expect(page.getByTestId('extended')).toContainText(
        `${item.name}: actief tot en met ${d}/${m}/${y}`,
      );
    }

    const organisationId = JSON.parse(
      Buffer.from(owner.accessToken.split('.')[1]!, 'base64url').toString(),
    ).organisation_id;
    await page.goto(`/organisations/${organisationId}?section=trajectoryTransactions`);
    const rows = page.getByTestId('trajectory-transaction');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText('12 maanden');
    await checkState(page, 'organisation-trajectory-transactions', () => expect(rows.first()).toBeVisible());
  });

  test('the test checkout works in a browser that is not signed in (D46), nl and en', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto('/credits');
    await page.getByTestId('credit-amount').fill('20');
    await page.getByRole('button', { name: 'Afrekenen' }).click();
    await expect(page).toHaveURL(/\/test-checkout\/tr_test_\w+$/);
    const address = page.url();

    // The payer opens the link elsewhere: a browser with no session, no tokens, nothing stored.
    for (const [language, width] of [
      ['nl', DESKTOP],
      ['en', PHONE],
    ] as const) {
      const payer = await browser.newContext({
        viewport: width,
        locale: language === 'nl' ? 'nl-NL' : 'en-GB',
      });
      const other = await payer.newPage();
      // nl: nothing stored at all (the cookie notice shows); en: a session that ended (tokens no longer valid).
      if (language === 'en')
        await seedStorage(other, {
          cookies: true,
          language,
          tokens: { accessToken: 'ended.session.token', refreshToken: 'ended-refresh-token' },
        });
      await other.goto(address);
      await expect(other.getByTestId('test-payment-amount')).toHaveText(
        language === 'nl' ? '€ 24,20' : '€24.20',
      );
      const label = language === 'nl' ? 'signed-out-nl-1280' : 'signed-out-en-375';
      await expectAccessible(other, `test-checkout-${label}`);
      await expectNoSidewaysScroll(other, `test-checkout-${label}`);
      await shoot(other, `test-checkout-${label}`);
      if (language === 'en') {
        await other.getByRole('button', { name: 'Paid', exact: true }).click();
        // Back where the purchase began: that page needs the owner, so a stranger is asked to sign in.
        await expect(other).toHaveURL(/\/login/);
        await shoot(other, 'test-checkout-signed-out-after-en-375');
      }
      await payer.close();
    }
    // The owner's own browser sees the payment done.
    await page.reload();
    await expect(page.getByRole('status')).toContainText('Betaald');
  });

  test('in English on a phone: buy credits and the wizard', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'en' });
    await page.goto('/credits');
    await expect(page.getByRole('heading', { name: 'Credits', level: 1 })).toBeVisible();
    await page.getByTestId('tier-6').fill('3');
    await expect(page.getByTestId('credit-amount')).toHaveValue('75');
    await expect(page.getByTestId('credit-overview')).toContainText('Total including VAT€90.75');
    await expectAccessible(page, 'credits-en-375');
    await expectNoSidewaysScroll(page, 'credits-en-375');
    await shoot(page, 'credits-en-375');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByTestId('test-payment-amount')).toHaveText('€90.75');
    await expectAccessible(page, 'test-checkout-en-375');
    await expectNoSidewaysScroll(page, 'test-checkout-en-375');
    await shoot(page, 'test-checkout-en-375');
    await payAtTestCheckout(page, 'Paid');
    await expect(page.getByRole('status')).toContainText('topped up with 75 credits');

    await page.goto('/extend-trajectories');
    await expect(page.getByTestId('extend-candidate')).toHaveCount(3);
    await expectAccessible(page, 'extend-en-375');
    await expectNoSidewaysScroll(page, 'extend-en-375');
    await shoot(page, 'extend-en-375');
    await page.setViewportSize(DESKTOP);
  });
});
