import { randomUUID } from 'node:crypto';
import {
  businessToday,
  type CreditPurchaseRequest,
  type CreditTransaction,
  type ExtensionResult,
  extendedActiveUntil,
  fromCents,
  mayMovePayment,
  type OrderRequest,
  type PricedOrderAnswer,
  type PurchaseResponse,
  priceBreakdown,
  priceExtensionOrder,
  type Quote,
  type TrajectoryTransaction,
  toCents,
  UnknownPriceTierError,
} from '@groeipad/core';
import { sql } from 'kysely';
import type { Actor } from '../../actor.ts';
import { type PaymentProvider, PaymentProviderError } from '../../adapters/payments/payments.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { defineJob } from '../../jobs/queue.ts';
import type { RequestOrigin } from '../auth/index.ts';
import { loadGrants } from '../trajectories/index.ts';
import { limitPaymentCall, limitPurchase } from './limits.ts';
import { type CreditAction, creditPolicy } from './policy.ts';
import {
  bookLedgerEntry,
  type CreditTransactionRow,
  countRows,
  findCreditTransaction,
  listCreditTransactionRows,
  listTrajectoryTransactionRows,
  nextInvoiceNumber,
} from './repository.ts';

/** The payment provider of the app (set by buildApp from the configuration, D22). */
export function paymentsOf(ctx: AppContext): PaymentProvider {
  if (!ctx.payments) throw new Error('no payment provider: buildApp sets one');
  return ctx.payments;
}

/**
 * Credits exist only in a private organisation (DESIGN "Things the spec leaves open"); within one the
 * role decides (policy.ts). 403 privateOrganisationRequired in organisation 0.
 */
export function authorizeCredits(actor: Actor, action: CreditAction): void {
  if (actor.organisationId === 0) throw forbidden('privateOrganisationRequired');
  if (!creditPolicy[action](actor.role)) throw forbidden();
}

// ── Prices and extension orders (D24) ────────────────────────────────────────────────────────────────

export function listPrices(ctx: AppContext) {
  return ctx.config.priceTiers;
}

/**
 * The trajectories of an order that the actor may extend: live ones of their organisation they may read
 * (others: 404, as if not there) on which the policy allows them `purchase` (PURCHASE; else 403).
 */
function purchasable(ctx: AppContext, db: Db, actor: Actor, ids: readonly number[]) {
  return loadGrants(ctx, db, actor, ids, 'purchase');
}

function priced(ctx: AppContext, order: OrderRequest) {
  try {
    return priceExtensionOrder(order, ctx.config.priceTiers);
  } catch (error) {
    if (!(error instanceof UnknownPriceTierError)) throw error;
    const index = order.trajectories.findIndex((line) => line.months === error.months);
    throw badRequest('validationError', [{ path: `trajectories.${index}.months`, key: 'invalidValue' }]);
  }
}

/** POST /api/prices/calculations: the credits per line and in total, for trajectories the actor may extend. */
export async function priceOrder(
  ctx: AppContext,
  actor: Actor,
  order: OrderRequest,
): Promise<PricedOrderAnswer> {
  authorizeCredits(actor, 'extend');
  await purchasable(
    ctx,
    ctx.db,
    actor,
    order.trajectories.map((line) => line.trajectoryId),
  );
  return priced(ctx, order);
}

/**
 * POST /api/credits/trajectories (D24): in one transaction, the order's credits leave the balance (one
 * ledger entry; too few: 409 insufficientCredits and nothing changes) and each trajectory's active
 * period moves to max(today, activeUntil) + months. The balance update locks the organisation's row, so
 * orders of one organisation take turns and each sees the balance the one before it left.
 */
export async function extendTrajectories(
  ctx: AppContext,
  actor: Actor,
  order: OrderRequest,
): Promise<ExtensionResult> {
  authorizeCredits(actor, 'extend');
  const ids = order.trajectories.map((line) => line.trajectoryId);
  const today = businessToday(ctx.config.businessTimeZone);
  return ctx.db.transaction().execute(async (trx) => {
    await purchasable(ctx, trx, actor, ids);
    const pricing = priced(ctx, order);
    const orderId = randomUUID();
    const totalCents = toCents(pricing.credits);
    const balance =
      totalCents === 0
        ? await lockedBalance(trx, actor.organisationId)
        : await bookLedgerEntry(trx, {
            organisationId: actor.organisationId,
            kind: 'extension',
            amountCents: -totalCents,
            userId: actor.userId,
            orderId,
          });
    if (balance === null) throw conflict('insufficientCredits');
    const current = await trx
      .selectFrom('trajectories')
      .select(['id', 'name', sql<string | null>`active_until::text`.as('active_until')])
      .where('organisation_id', '=', actor.organisationId)
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
    const byId = new Map(current.map((row) => [row.id, row]));
    const lines: ExtensionResult['trajectories'] = [];
    for (const line of pricing.trajectories) {
      const trajectory = byId.get(line.trajectoryId)!;
      const activeUntil = extendedActiveUntil(trajectory.active_until, today, line.months);
      await trx
        .updateTable('trajectories')
        .set({ active_until: activeUntil })
        .where('id', '=', line.trajectoryId)
        .execute();
      await trx
        .insertInto('trajectory_transactions')
        .values({
          organisation_id: actor.organisationId,
          order_id: orderId,
          trajectory_id: line.trajectoryId,
          trajectory_name: trajectory.name,
          months: line.months,
          credits_cents: toCents(line.credits),
          user_id: actor.userId,
          previous_active_until: trajectory.active_until,
          active_until: activeUntil,
        })
        .execute();
      lines.push({ ...line, activeUntil });
    }
    return { trajectories: lines, credits: pricing.credits, balance: fromCents(balance) };
  });
}

async function lockedBalance(db: Db, organisationId: number): Promise<number> {
  const row = await db
    .selectFrom('organisations')
    .select('balance_cents')
    .where('id', '=', organisationId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return Number(row.balance_cents);
}

// ── Transactions (the organisation page's lists) ────────────────────────────────────────────────────

function presentTransaction(row: CreditTransactionRow & { user_email: string | null }): CreditTransaction {
  return {
    id: row.id,
    createdOn: row.created_at.toISOString(),
    credits: fromCents(Number(row.credits_cents)),
    price: fromCents(Number(row.price_cents)),
    userId: row.user_id,
    userEmail: row.user_email,
    paymentStatus: row.payment_status,
    quoteId: row.quote_number,
    invoiceId: row.invoice_number,
    reference: row.reference,
    kind: row.kind,
  };
}

export async function listCreditTransactions(
  ctx: AppContext,
  actor: Actor,
  page: { page: number; size: number },
) {
  authorizeCredits(actor, 'readTransactions');
  const [total, rows] = await Promise.all([
    countRows(ctx.db, 'credit_transactions', actor.organisationId),
    listCreditTransactionRows(ctx.db, actor.organisationId, page.page, page.size),
  ]);
  return { total, content: rows.map(presentTransaction) };
}

export async function getCreditTransaction(ctx: AppContext, actor: Actor, id: number) {
  authorizeCredits(actor, 'readTransactions');
  const row = await ctx.db
    .selectFrom('credit_transactions as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select('u.email as user_email')
    .where('c.organisation_id', '=', actor.organisationId)
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return presentTransaction(row);
}

export async function listTrajectoryTransactions(
  ctx: AppContext,
  actor: Actor,
  page: { page: number; size: number },
) {
  authorizeCredits(actor, 'readTransactions');
  const [total, rows] = await Promise.all([
    countRows(ctx.db, 'trajectory_transactions', actor.organisationId),
    listTrajectoryTransactionRows(ctx.db, actor.organisationId, page.page, page.size),
  ]);
  const content: TrajectoryTransaction[] = rows.map((row) => ({
    id: row.id,
    createdOn: row.created_at.toISOString(),
    trajectoryId: row.trajectory_id,
    trajectoryName: row.trajectory_id === null ? null : row.trajectory_name,
    months: row.months,
    credits: fromCents(Number(row.credits_cents)),
    userId: row.user_id,
    userEmail: row.user_email,
    previousActiveUntil: row.previous_active_until,
    activeUntil: row.active_until,
  }));
  return { total, content };
}

// ── Purchases and quotes (D22, D23, D25) ────────────────────────────────────────────────────────────

/**
 * Where the checkout sends the payer: the request's `redirect` — a path of this app or an address on
 * its own origin, nowhere else (no open redirect); checked before anything is written. The transaction's
 * id goes along (`withTransaction`), so the page can show how the payment ended.
 */
function returnUrl(ctx: AppContext, redirect: string | undefined) {
  const base = new URL(ctx.config.publicUrl);
  const requested = redirect ?? '/credits-success';
  const refuse = () => badRequest('validationError', [{ path: 'redirect', key: 'invalidValue' }]);
  let target: URL;
  try {
    target = new URL(requested, base);
  } catch {
    throw refuse();
  }
  // The origin the URL parser arrives at decides, never the text: `/\evil.example` and `//evil.example`
  // start with a slash but leave the application (a browser reads a backslash as a slash).
  if (target.origin !== base.origin || target.username !== '' || target.password !== '') throw refuse();
  return {
    withTransaction(id: number): string {
      const url = new URL(target);
      url.searchParams.set('transaction', String(id));
      return url.toString();
    },
  };
}

/** The buyer's details as they are now, kept with the transaction for its quote and invoice. */
async function billingOf(db: Db, organisationId: number) {
  const row = await db
    .selectFrom('organisations')
    .select([
      'name',
      'street_name',
      'street_number',
      'postal_code',
      'city',
      'country',
      'vat_identification',
      'email',
      'discount',
    ])
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  const { discount, ...billing } = row;
  return { billing, discountPercent: Number(discount) };
}

async function languageOf(db: Db, userId: number) {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language ?? 'nl';
}

/** A new credit transaction (an open purchase or a quote), its amounts computed once (D23). */
async function insertCreditTransaction(
  db: Db,
  actor: Actor,
  input: CreditPurchaseRequest,
  status: 'open' | 'quote',
) {
  const { billing, discountPercent } = await billingOf(db, actor.organisationId);
  const price = priceBreakdown(input.amount, discountPercent);
  const inserted = await db
    .insertInto('credit_transactions')
    .values({
      organisation_id: actor.organisationId,
      user_id: actor.userId,
      credits_cents: price.amountCents,
      discount_percent: price.discountPercent,
      discount_cents: price.discountCents,
      net_cents: price.netCents,
      vat_percent: price.vatPercent,
      vat_cents: price.vatCents,
      price_cents: price.totalCents,
      payment_status: status,
      reference: input.reference ?? null,
      language: await languageOf(db, actor.userId),
      billing: JSON.stringify(billing),
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return inserted;
}

/**
 * Creates the provider's payment for a transaction that is `open` (after its own transaction
 * committed: the provider is another system, and PGlite has one connection) and links it. A provider
 * that fails answers 502 paymentProviderError; `onFailure` puts the transaction back as it should stay.
 */
async function startCheckout(
  ctx: AppContext,
  transaction: { id: number; priceCents: number; redirect: string },
  onFailure: (db: Db) => Promise<unknown>,
): Promise<PurchaseResponse> {
  try {
    const payment = await paymentsOf(ctx).createPayment({
      amountCents: transaction.priceCents,
      description: `Groeipad credits #${transaction.id}`,
      redirectUrl: transaction.redirect,
      webhookUrl: `${ctx.config.publicUrl}/api/payments/webhook`,
      transactionId: transaction.id,
    });
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('credit_transactions')
        .set({ payment_id: payment.id, checkout_url: payment.checkoutUrl, updated_at: new Date() })
        .where('id', '=', transaction.id)
        .execute();
      // A payment that expires without telling the webhook (the test checkout, D46) is asked about then.
      if (payment.expiresAt)
        await ctx.jobs.enqueue(trx, paymentCheckJob, { paymentId: payment.id }, { runAt: payment.expiresAt });
    });
    return { redirect: payment.checkoutUrl };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.logger.error({ err: error, transaction: transaction.id }, 'the payment provider refused a payment');
    await onFailure(ctx.db);
    throw new AppError(502, 'paymentProviderError');
  }
}

/** D45: no payment provider configured: refused before anything is written. */
function refuseWithoutCheckout(ctx: AppContext): void {
  if (paymentsOf(ctx).kind === 'none') throw new AppError(503, 'paymentsUnavailable');
}

/** POST /api/credits: the OWNER buys `amount` credits; answers the checkout address (D22). */
export async function buyCredits(
  ctx: AppContext,
  actor: Actor,
  input: CreditPurchaseRequest,
  origin: RequestOrigin,
): Promise<PurchaseResponse> {
  authorizeCredits(actor, 'buy');
  refuseWithoutCheckout(ctx);
  const back = returnUrl(ctx, input.redirect);
  await limitPurchase(ctx, 'purchase', actor, origin);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertCreditTransaction(trx, actor, input, 'open');
    return trx
      .updateTable('credit_transactions')
      .set({ redirect: back.withTransaction(created.id) })
      .where('id', '=', created.id)
      .returning(['id', 'price_cents', 'redirect'])
      .executeTakeFirstOrThrow();
  });
  const redirect = row.redirect!;
  return startCheckout(ctx, { id: row.id, priceCents: Number(row.price_cents), redirect }, (db) =>
    db
      .updateTable('credit_transactions')
      .set({ payment_status: 'failed', updated_at: new Date() })
      .where('id', '=', row.id)
      .execute(),
  );
}

/** POST /api/credits/quotes: a quote (D25), numbered; its PDF is drawn when downloaded. */
export async function requestQuote(
  ctx: AppContext,
  actor: Actor,
  input: CreditPurchaseRequest,
  origin: RequestOrigin,
): Promise<PurchaseResponse> {
  authorizeCredits(actor, 'buy');
  // The quote sends nobody anywhere yet (its acceptance names the return), but the body is the
  // purchase's: an address away from the application is refused here too rather than ignored.
  returnUrl(ctx, input.redirect);
  await limitPurchase(ctx, 'quote', actor, origin);
  await ctx.db.transaction().execute(async (trx) => {
    const created = await insertCreditTransaction(trx, actor, input, 'quote');
    const year = businessToday(ctx.config.businessTimeZone, created.created_at).slice(0, 4);
    await trx
      .updateTable('credit_transactions')
      .set({ quote_number: `Q${year}-${String(created.id).padStart(6, '0')}` })
      .where('id', '=', created.id)
      .execute();
  });
  return {};
}

export async function listOpenQuotes(ctx: AppContext, actor: Actor): Promise<Quote[]> {
  authorizeCredits(actor, 'readTransactions');
  const rows = await ctx.db
    .selectFrom('credit_transactions')
    .select(['id', 'created_at', 'credits_cents', 'price_cents', 'reference', 'quote_number'])
    .where('organisation_id', '=', actor.organisationId)
    .where('payment_status', '=', 'quote')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdOn: row.created_at.toISOString(),
    credits: fromCents(Number(row.credits_cents)),
    price: fromCents(Number(row.price_cents)),
    reference: row.reference,
    quoteId: row.quote_number,
  }));
}

/**
 * POST /api/credits/transactions/{id}/accept (D25): the quote itself goes to checkout, for exactly the
 * quoted amount (and the quoted price); the reference may change. Accepting twice: 409 quoteAccepted —
 * the row lock makes two concurrent accepts take turns, and the second finds it accepted.
 */
export async function acceptQuote(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: CreditPurchaseRequest,
  origin: RequestOrigin,
): Promise<PurchaseResponse> {
  authorizeCredits(actor, 'buy');
  refuseWithoutCheckout(ctx);
  const back = returnUrl(ctx, input.redirect);
  // Counted with purchases: accepting starts a checkout as buying does.
  await limitPurchase(ctx, 'purchase', actor, origin);
  const accepted = await ctx.db.transaction().execute(async (trx) => {
    const row = await findCreditTransaction(trx, actor.organisationId, id, true);
    if (!row || row.quote_number === null) throw notFound();
    if (row.payment_status !== 'quote') throw conflict('quoteAccepted');
    if (toCents(input.amount) !== Number(row.credits_cents))
      throw badRequest('validationError', [{ path: 'amount', key: 'invalidValue' }]);
    const redirect = back.withTransaction(row.id);
    await trx
      .updateTable('credit_transactions')
      .set({
        payment_status: 'open',
        accepted_at: new Date(),
        reference: input.reference ?? null,
        redirect,
        user_id: actor.userId,
        updated_at: new Date(),
      })
      .where('id', '=', row.id)
      .execute();
    return { id: row.id, priceCents: Number(row.price_cents), redirect };
  });
  // The provider failed: the quote stays a quote, to be accepted again.
  return startCheckout(ctx, accepted, (db) =>
    db
      .updateTable('credit_transactions')
      .set({ payment_status: 'quote', accepted_at: null, updated_at: new Date() })
      .where('id', '=', accepted.id)
      .execute(),
  );
}

// ── Payment status (the webhook, D22) ───────────────────────────────────────────────────────────────

/** POST /api/payments/webhook: anonymous, so limited per client address before anything is looked up. */
export async function receivePaymentWebhook(
  ctx: AppContext,
  paymentId: string,
  origin: RequestOrigin,
): Promise<void> {
  await limitPaymentCall(ctx, 'webhook', origin);
  await applyPaymentStatus(ctx, paymentId);
}

/**
 * Asks the provider for a payment's status at the moment it expires and applies it (D46): the built-in
 * test checkout tells no webhook when an abandoned payment expires, so the transaction would stay `open`.
 */
export const paymentCheckJob = defineJob<{ paymentId: string }>('credits.payment-check', { maxAttempts: 10 });

export function registerCreditJobs(ctx: AppContext): void {
  ctx.jobs.handle(paymentCheckJob, (job) => applyPaymentStatus(ctx, job.payload.paymentId));
}

/**
 * Applies a payment's status as the provider reports it now — never as a caller says it is. Idempotent:
 * the transaction's row is locked, a status already there or a move Mollie does not make (a final
 * status never changes) is left alone, and a paid payment books its credits once (and the ledger's
 * unique transaction reference would refuse a second entry). A paid amount other than the price is
 * logged and not booked.
 */
export async function applyPaymentStatus(ctx: AppContext, paymentId: string): Promise<void> {
  const known = await ctx.db
    .selectFrom('credit_transactions')
    .select('id')
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  // Not ours: answered like any other call, so a prober learns nothing.
  if (!known) return;
  let payment: Awaited<ReturnType<PaymentProvider['getPayment']>>;
  try {
    payment = await paymentsOf(ctx).getPayment(paymentId);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // A 5xx makes the provider call again later.
    throw new AppError(502, 'paymentProviderError');
  }
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('credit_transactions')
      .selectAll()
      .where('id', '=', known.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.payment_status === payment.status || !mayMovePayment(row.payment_status, payment.status)) return;
    const now = new Date();
    if (payment.status !== 'paid') {
      await trx
        .updateTable('credit_transactions')
        .set({ payment_status: payment.status, updated_at: now })
        .where('id', '=', row.id)
        .execute();
      return;
    }
    if (payment.amountCents !== Number(row.price_cents)) {
      ctx.logger.error(
        { transaction: row.id, paid: payment.amountCents, price: Number(row.price_cents) },
        'a payment was paid with another amount than its price; not booked',
      );
      return;
    }
    const year = Number(businessToday(ctx.config.businessTimeZone, now).slice(0, 4));
    await trx
      .updateTable('credit_transactions')
      .set({
        payment_status: 'paid',
        paid_at: now,
        updated_at: now,
        invoice_number: await nextInvoiceNumber(trx, year),
      })
      .where('id', '=', row.id)
      .execute();
    await bookLedgerEntry(trx, {
      organisationId: row.organisation_id,
      kind: 'purchase',
      amountCents: Number(row.credits_cents),
      userId: row.user_id,
      creditTransactionId: row.id,
    });
  });
}

// ── The discount (D23) ──────────────────────────────────────────────────────────────────────────────

/**
 * PUT /api/organisations/{id}/discount: the provider's staff (ADMIN or OWNER of organisation 0) set an
 * organisation's discount. For anyone else the organisation is not there (404).
 */
export async function setDiscount(
  ctx: AppContext,
  userId: number,
  organisationId: number,
  discount: number,
): Promise<void> {
  const staff = await ctx.db
    .selectFrom('memberships')
    .select('role')
    .where('organisation_id', '=', 0)
    .where('user_id', '=', userId)
    .where('role', 'in', ['ADMIN', 'OWNER'])
    .executeTakeFirst();
  if (!staff) throw notFound();
  if (organisationId === 0) throw forbidden('privateOrganisationRequired');
  const updated = await ctx.db
    .updateTable('organisations')
    .set({ discount, updated_at: new Date() })
    .where('id', '=', organisationId)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw notFound();
}
