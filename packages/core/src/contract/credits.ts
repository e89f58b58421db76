import { z } from 'zod';
import { checkCreditAmount } from '../money/credits-calculator.ts';
import { NAME_MAX, zBodyId, zIdParams, zOptionalText, zPageOf, zPageQuery } from './common.ts';
import { tolerantEnum } from './tolerant-enum.ts';

export const PAYMENT_STATUSES = [
  'quote',
  'open',
  'pending',
  'authorized',
  'paid',
  'canceled',
  'expired',
  'failed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const zPaymentStatus = z.enum(PAYMENT_STATUSES);

/** Page size of the credit and trajectory transaction lists. */
export const CREDIT_PAGE_SIZE = 20;

export const zCreditPageQuery = zPageQuery(CREDIT_PAGE_SIZE);

/** What a credit transaction is (D52): bought (or quoted), or added by the operator. */
export const CREDIT_TRANSACTION_KINDS = ['purchase', 'grant'] as const;

export const zCreditTransaction = z.object({
  id: z.number().int(),
  createdOn: z.string(),
  /** Credits bought (1 credit = €1, before discount and VAT). */
  credits: z.number(),
  /** What the customer pays in EUR, VAT included (D25). */
  price: z.number(),
  userId: z.number().int().nullable(),
  /** Beyond the spec: the e-mail of `userId`; null when that account no longer exists ('unknown'). */
  userEmail: z.string().nullable(),
  /** An unknown status shows an unknown label (spec part 2 §9), the list still loads. */
  paymentStatus: tolerantEnum(PAYMENT_STATUSES),
  /** The quote's number when the transaction began as a quote (its PDF: …/quote). */
  quoteId: z.string().nullable(),
  /** The invoice number once paid, `2026-000123` (D25; its PDF: …/invoice). */
  invoiceId: z.string().nullable(),
  reference: z.string().nullable(),
  /**
   * `purchase` (bought or quoted), or `grant`: credits the operator added without payment (D52,
   * `npm run credits -- grant`), paid at price 0 with no quote or invoice.
   */
  kind: tolerantEnum(CREDIT_TRANSACTION_KINDS),
});
export type CreditTransaction = z.infer<typeof zCreditTransaction>;
export const zCreditTransactionPage = zPageOf(zCreditTransaction);

export const zTrajectoryTransaction = z.object({
  id: z.number().int(),
  createdOn: z.string(),
  /** Null once the trajectory is deleted for good (the transaction stays). */
  trajectoryId: z.number().int().nullable(),
  /** Beyond the spec: the trajectory's name (null once it is deleted for good). */
  trajectoryName: z.string().nullable(),
  months: z.number().int(),
  credits: z.number(),
  userId: z.number().int().nullable(),
  userEmail: z.string().nullable(),
  /** Beyond the spec: the active period's last day before and after the extension (yyyy-MM-dd). */
  previousActiveUntil: z.string().nullable(),
  activeUntil: z.string(),
});
export type TrajectoryTransaction = z.infer<typeof zTrajectoryTransaction>;
export const zTrajectoryTransactionPage = zPageOf(zTrajectoryTransaction);

export const zPriceTier = z.object({ months: z.number().int().min(1), credits: z.number().min(0) });
export const zPriceTiers = z.array(zPriceTier);

const zOrderLine = z.object({
  trajectoryId: zBodyId,
  months: z.number({ error: 'required' }).int().min(1).max(120),
});

/** POST /api/prices/calculations and POST /api/credits/trajectories; one line per trajectory. */
export const zOrderRequest = z.object({
  trajectories: z
    .array(zOrderLine)
    .min(1, { error: 'required' })
    .max(10_000)
    .refine((lines) => new Set(lines.map((line) => line.trajectoryId)).size === lines.length, {
      error: 'invalidValue',
    }),
});
export type OrderRequest = z.infer<typeof zOrderRequest>;

export const zPricedOrder = z.object({
  trajectories: z.array(zOrderLine.extend({ credits: z.number() })),
  credits: z.number(),
});
export type PricedOrderAnswer = z.infer<typeof zPricedOrder>;

/** POST /api/credits/trajectories (201): the order as carried out, each new `activeUntil`, the balance left. */
export const zExtensionResult = z.object({
  trajectories: z.array(zOrderLine.extend({ credits: z.number(), activeUntil: z.string() })),
  credits: z.number(),
  balance: z.number(),
});
export type ExtensionResult = z.infer<typeof zExtensionResult>;

export const zQuote = z.object({
  id: z.number().int(),
  createdOn: z.string(),
  credits: z.number(),
  price: z.number(),
  reference: z.string().nullable(),
  /** Beyond the spec: the quote's number, as on its PDF. */
  quoteId: z.string().nullable(),
});
export type Quote = z.infer<typeof zQuote>;
/** GET /api/credits/quotes?status=open */
export const zQuotes = z.array(zQuote);
export const zQuoteListQuery = z.object({ status: z.literal('open').default('open') });

/** A credits amount: whole euros 10–1000, else 'range' (with min and max in the issue). */
export const zCreditAmount = z.number({ error: 'range' }).superRefine((amount, context) => {
  const check = checkCreditAmount(amount);
  if (!check.ok) context.addIssue({ code: 'custom', message: 'range', params: { ...check.error } });
});

/** POST /api/credits, POST /api/credits/quotes, POST /api/credits/transactions/{id}/accept. */
export const zCreditPurchaseRequest = z.object({
  amount: zCreditAmount,
  reference: zOptionalText(NAME_MAX),
  /** Where the payment provider returns to; a path or an absolute http(s) address. */
  redirect: z.string().max(2000, { error: 'tooLong' }).optional(),
});
export type CreditPurchaseRequest = z.input<typeof zCreditPurchaseRequest>;

/** After a credit call: go to `redirect` when present, else to the local success route. */
export const zPurchaseResponse = z.object({ redirect: z.string().optional() });
export type PurchaseResponse = z.infer<typeof zPurchaseResponse>;

/** PUT /api/organisations/{id}/discount (D23): a percentage 0–100 with at most two decimals. */
export const zDiscountInput = z.object({
  discount: z
    .number({ error: 'range' })
    .min(0, { error: 'range' })
    .max(100, { error: 'range' })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, { error: 'invalidValue' }),
});

export const zCreditTransactionIdParams = zIdParams;

/** The payment webhook's body (D22): Mollie posts the payment id only; its status is fetched, never trusted. */
export const zPaymentWebhook = z.object({ id: z.string().min(1).max(100) });

/** The built-in test checkout (D22, when MOLLIE_API_KEY is unset): the payer chooses how it ends. */
export const TEST_CHECKOUT_OUTCOMES = ['paid', 'canceled', 'expired', 'failed'] as const;
export const zTestPaymentParams = z.object({ paymentId: z.string().regex(/^tr_test_[A-Za-z0-9]{16,40}$/) });
export const zTestPayment = z.object({
  id: z.string(),
  /** EUR, VAT included. */
  amount: z.number(),
  description: z.string(),
  status: zPaymentStatus,
});
export type TestPayment = z.infer<typeof zTestPayment>;
export const zTestPaymentChoice = z.object({ status: z.enum(TEST_CHECKOUT_OUTCOMES) });
/** Where the test checkout sends the payer after a choice (the purchase's `redirect`). */
export const zTestPaymentResult = z.object({ redirect: z.string() });
