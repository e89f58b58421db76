import type { Db } from '../../db/database.ts';
import { bookLedgerEntry } from './repository.ts';

/** A grant the operator's command refuses, with the sentence it prints (nothing was written). */
export class CreditGrantError extends Error {
  override name = 'CreditGrantError';
}

/** What `npm run credits -- grant` was given, as typed. */
export interface CreditGrantInput {
  organisation: string;
  amount: string;
  reference: string;
}

export interface CreditGrant {
  organisationId: number;
  organisationName: string;
  amountCents: number;
  balanceCents: number;
  transactionId: number;
}

const REFERENCE_MAX = 255;

/** Euros as typed (`25`, `12.50`) to cents: more than 0, at most 2 decimals; else the sentence why not. */
export function parseGrantAmount(amount: string): number {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) {
    throw new CreditGrantError(
      `--amount must be an amount in euros with at most 2 decimals and a point, like 250 or 12.50 (got "${amount}").`,
    );
  }
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (cents <= 0) throw new CreditGrantError('--amount must be more than 0.');
  return cents;
}

/**
 * D52: the operator of a school that hosts Groeipad itself adds credits without a payment provider. One
 * transaction: a credit transaction of kind `grant` (paid, price 0, no invoice or quote number), so the
 * organisation's transactions show it, and the ledger entry of kind `grant` that moves the balance.
 * Every argument is checked first — an organisation that exists and has credits (not organisation 0), an
 * amount above 0 with at most 2 decimals, a reference of 1–255 characters — and a refusal writes nothing.
 */
export async function grantCredits(db: Db, input: CreditGrantInput): Promise<CreditGrant> {
  const organisationText = input.organisation.trim();
  if (!/^\d{1,9}$/.test(organisationText))
    throw new CreditGrantError(
      `--organisation must be an organisation's number (got "${input.organisation}").`,
    );
  const organisationId = Number(organisationText);
  if (organisationId === 0)
    throw new CreditGrantError('Organisation 0 (the provider) has no credits: choose a school organisation.');
  const amountCents = parseGrantAmount(input.amount);
  const reference = input.reference.trim();
  if (reference.length === 0)
    throw new CreditGrantError('--reference must not be empty (say why, e.g. an order number).');
  if (reference.length > REFERENCE_MAX)
    throw new CreditGrantError(
      `--reference must be at most ${REFERENCE_MAX} characters (got ${reference.length}).`,
    );

  return db.transaction().execute(async (trx) => {
    const organisation = await trx
      .selectFrom('organisations')
      .select(['id', 'name'])
      .where('id', '=', organisationId)
      .executeTakeFirst();
    if (!organisation) throw new CreditGrantError(`There is no organisation ${organisationId}.`);
    const transaction = await trx
      .insertInto('credit_transactions')
      .values({
        organisation_id: organisationId,
        kind: 'grant',
        user_id: null,
        credits_cents: amountCents,
        discount_percent: '0',
        discount_cents: 0,
        net_cents: 0,
        vat_percent: '0',
        vat_cents: 0,
        price_cents: 0,
        payment_status: 'paid',
        paid_at: new Date(),
        reference,
        billing: JSON.stringify({}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const balanceCents = await bookLedgerEntry(trx, {
      organisationId,
      kind: 'grant',
      amountCents,
      userId: null,
      creditTransactionId: transaction.id,
      note: reference,
    });
    if (balanceCents === null) throw new Error('a grant cannot lower the balance');
    return {
      organisationId,
      organisationName: organisation.name,
      amountCents,
      balanceCents,
      transactionId: transaction.id,
    };
  });
}
