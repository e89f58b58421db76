import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Credit transactions of an organisation, newest first, with the e-mail of who made them. */
export function listCreditTransactionRows(db: Db, organisationId: number, page: number, size: number) {
  return db
    .selectFrom('credit_transactions as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select('u.email as user_email')
    .where('c.organisation_id', '=', organisationId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(size)
    .offset(page * size)
    .execute();
}

export async function countRows(
  db: Db,
  table: 'credit_transactions' | 'trajectory_transactions',
  organisationId: number,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(*)::int`.as('count'))
    .where('organisation_id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return row.count;
}

export function listTrajectoryTransactionRows(db: Db, organisationId: number, page: number, size: number) {
  return db
    .selectFrom('trajectory_transactions as t')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('trajectories as j', 'j.id', 't.trajectory_id')
    .select([
      't.id',
      't.created_at',
      't.trajectory_id',
      sql<string>`coalesce(j.name, t.trajectory_name)`.as('trajectory_name'),
      't.months',
      't.credits_cents',
      't.user_id',
      'u.email as user_email',
      sql<string | null>`t.previous_active_until::text`.as('previous_active_until'),
      sql<string>`t.active_until::text`.as('active_until'),
    ])
    .where('t.organisation_id', '=', organisationId)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(size)
    .offset(page * size)
    .execute();
}

/** One credit transaction of the organisation (404 material when undefined); locked with `forUpdate`. */
export function findCreditTransaction(db: Db, organisationId: number, id: number, forUpdate = false) {
  const query = db
    .selectFrom('credit_transactions')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export type CreditTransactionRow = NonNullable<Awaited<ReturnType<typeof findCreditTransaction>>>;

/**
 * Moves the balance by `amountCents` and appends the ledger entry that says why, in the caller's
 * transaction (D23). The update locks the organisation's row, so concurrent money writes of one
 * organisation take turns; a debit larger than the balance changes nothing and answers null.
 */
export async function bookLedgerEntry(
  db: Db,
  entry: {
    organisationId: number;
    kind: 'purchase' | 'extension' | 'correction' | 'grant';
    amountCents: number;
    userId: number | null;
    creditTransactionId?: number;
    orderId?: string;
    note?: string;
  },
): Promise<number | null> {
  const updated = await db
    .updateTable('organisations')
    .set({ balance_cents: sql<number>`balance_cents + ${entry.amountCents}` })
    .where('id', '=', entry.organisationId)
    .where(sql<boolean>`balance_cents + ${entry.amountCents} >= 0`)
    .returning('balance_cents')
    .executeTakeFirst();
  if (!updated) return null;
  const balance = Number(updated.balance_cents);
  await db
    .insertInto('credit_ledger')
    .values({
      organisation_id: entry.organisationId,
      kind: entry.kind,
      amount_cents: entry.amountCents,
      balance_after_cents: balance,
      credit_transaction_id: entry.creditTransactionId ?? null,
      order_id: entry.orderId ?? null,
      user_id: entry.userId,
      note: entry.note ?? null,
    })
    .execute();
  return balance;
}

/**
 * The next invoice number of `year` (D25: one gapless sequence per year for the whole provider). Taken
 * in the transaction that books the payment: the row stays locked until it commits, and a rollback
 * gives the number back.
 */
export async function nextInvoiceNumber(db: Db, year: number): Promise<string> {
  const row = await db
    .insertInto('invoice_sequences')
    .values({ year, last: 1 })
    .onConflict((oc) => oc.column('year').doUpdateSet({ last: sql<number>`invoice_sequences.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return `${year}-${String(row.last).padStart(6, '0')}`;
}
