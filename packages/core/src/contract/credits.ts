import { z } from 'zod';
import { checkCreditAmount } from '../money/credits-calculator.ts';
import { NAME_MAX, zOptionalText, zPageOf, zPageQuery } from './common.ts';

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

export const zCreditTransaction = z.object({
  id: z.number().int(),
  createdOn: z.string(),
  credits: z.number(),
  /** Price in EUR. */
  price: z.number(),
  userId: z.number().int().nullable(),
  paymentStatus: zPaymentStatus,
  quoteId: z.string().nullable(),
  invoiceId: z.string().nullable(),
});
export type CreditTransaction = z.infer<typeof zCreditTransaction>;
export const zCreditTransactionPage = zPageOf(zCreditTransaction);

export const zTrajectoryTransaction = z.object({
  id: z.number().int(),
  createdOn: z.string(),
  trajectoryId: z.number().int(),
  months: z.number().int(),
  credits: z.number(),
  userId: z.number().int().nullable(),
});
export type TrajectoryTransaction = z.infer<typeof zTrajectoryTransaction>;
export const zTrajectoryTransactionPage = zPageOf(zTrajectoryTransaction);

export const zPriceTier = z.object({ months: z.number().int().min(1), credits: z.number().min(0) });
export const zPriceTiers = z.array(zPriceTier);

const zOrderLine = z.object({
  trajectoryId: z.number({ error: 'required' }).int().min(0),
  months: z.number({ error: 'required' }).int().min(1),
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

export const zQuote = z.object({
  id: z.number().int(),
  createdOn: z.string(),
  credits: z.number(),
  price: z.number(),
  reference: z.string().nullable(),
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
