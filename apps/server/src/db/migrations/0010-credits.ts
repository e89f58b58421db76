import { type Kysely, sql } from 'kysely';

/**
 * Credits as a ledger (issue 11; D22–D25; DESIGN point 6). Money is whole cents in `bigint` columns.
 *
 * - `organisations.balance_cents` replaces the decimal `credits` column: the balance every money write
 *   locks (its row) and moves in the same transaction as its ledger entry. A check keeps it from ever
 *   going below zero, whatever the code above it does.
 * - `credit_ledger`: append-only (a trigger refuses UPDATE and DELETE); every change of a balance is one
 *   entry — a paid purchase, an extension order, a correction — carrying the balance after it, so the
 *   balance is always the sum of the entries. Existing balances become one correction entry each.
 * - `credit_transactions`: purchases and quotes (D25: a quote is a transaction in status `quote` that
 *   accepting sends to checkout). The amounts are computed once and stored (discount, VAT 21 % after the
 *   discount, each line rounded half up); `billing` holds the buyer's details as they were, for the PDFs.
 * - `invoice_sequences`: one gapless invoice number sequence per year for the whole provider (D25); the
 *   number is taken in the transaction that books the payment, so a rollback leaves no gap.
 * - `trajectory_transactions`: one row per trajectory of an extension order, with the months, the credits
 *   and the active period before and after (D24).
 * - `test_payments`: the built-in test checkout's own payments (D22, without MOLLIE_API_KEY), playing the
 *   part of Mollie's records.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organisations')
    .addColumn('balance_cents', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`balance_cents >= 0`))
    .execute();
  await sql`update organisations set balance_cents = round(credits * 100)::bigint`.execute(db);

  await db.schema
    .createTable('credit_transactions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('credits_cents', 'bigint', (c) => c.notNull().check(sql`credits_cents > 0`))
    .addColumn('discount_percent', sql`numeric(5, 2)`, (c) => c.notNull())
    .addColumn('discount_cents', 'bigint', (c) => c.notNull())
    .addColumn('net_cents', 'bigint', (c) => c.notNull())
    .addColumn('vat_percent', sql`numeric(5, 2)`, (c) => c.notNull())
    .addColumn('vat_cents', 'bigint', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('payment_status', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`payment_status in ('quote', 'open', 'pending', 'authorized', 'paid', 'canceled', 'expired', 'failed')`,
        ),
    )
    .addColumn('reference', 'text')
    .addColumn('redirect', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('nl'))
    .addColumn('billing', 'jsonb', (c) => c.notNull())
    .addColumn('quote_number', 'text', (c) => c.unique())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('payment_id', 'text', (c) => c.unique())
    .addColumn('checkout_url', 'text')
    .addColumn('invoice_number', 'text', (c) => c.unique())
    .addColumn('paid_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('credit_transactions_by_organisation')
    .on('credit_transactions')
    .columns(['organisation_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('purchase', 'extension', 'correction')`))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents <> 0`))
    .addColumn('balance_after_cents', 'bigint', (c) => c.notNull().check(sql`balance_after_cents >= 0`))
    .addColumn('credit_transaction_id', 'integer', (c) => c.unique().references('credit_transactions.id'))
    .addColumn('order_id', 'uuid', (c) => c.unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text')
    .execute();
  await db.schema
    .createIndex('credit_ledger_by_organisation')
    .on('credit_ledger')
    .columns(['organisation_id', 'id'])
    .execute();
  await sql`
    insert into credit_ledger (organisation_id, kind, amount_cents, balance_after_cents, note)
    select id, 'correction', balance_cents, balance_cents, 'opening balance'
    from organisations where balance_cents <> 0
  `.execute(db);
  await sql`
    create function credit_ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'credit_ledger is append-only';
    end;
    $$
  `.execute(db);
  await sql`
    create trigger credit_ledger_append_only before update or delete on credit_ledger
    for each row execute function credit_ledger_append_only()
  `.execute(db);

  await db.schema
    .createTable('invoice_sequences')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('trajectory_transactions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('order_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('trajectory_id', 'integer', (c) => c.references('trajectories.id').onDelete('set null'))
    .addColumn('trajectory_name', 'text', (c) => c.notNull())
    .addColumn('months', 'integer', (c) => c.notNull().check(sql`months > 0`))
    .addColumn('credits_cents', 'bigint', (c) => c.notNull().check(sql`credits_cents >= 0`))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('previous_active_until', 'date')
    .addColumn('active_until', 'date', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trajectory_transactions_by_organisation')
    .on('trajectory_transactions')
    .columns(['organisation_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('test_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('redirect_url', 'text', (c) => c.notNull())
    .addColumn('webhook_url', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('organisations').dropColumn('credits').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organisations')
    .addColumn('credits', sql`numeric(14, 2)`, (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update organisations set credits = balance_cents / 100.0`.execute(db);
  await db.schema.dropTable('test_payments').execute();
  await db.schema.dropTable('trajectory_transactions').execute();
  await db.schema.dropTable('invoice_sequences').execute();
  await db.schema.dropTable('credit_ledger').execute();
  await sql`drop function credit_ledger_append_only()`.execute(db);
  await db.schema.dropTable('credit_transactions').execute();
  await db.schema.alterTable('organisations').dropColumn('balance_cents').execute();
}
