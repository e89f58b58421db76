import { type Kysely, sql } from 'kysely';

/**
 * D52: a school that hosts Groeipad itself has no payment provider; its operator adds credits with
 * `npm run credits -- grant`. Such a grant is a ledger entry of kind `grant` and a credit transaction of
 * kind `grant` (paid, price 0, no invoice), so the organisation's transactions show it beside purchases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table credit_ledger drop constraint credit_ledger_kind_check`.execute(db);
  await sql`
    alter table credit_ledger add constraint credit_ledger_kind_check
    check (kind in ('purchase', 'extension', 'correction', 'grant'))
  `.execute(db);
  await db.schema
    .alterTable('credit_transactions')
    .addColumn('kind', 'text', (c) =>
      c.notNull().defaultTo('purchase').check(sql`kind in ('purchase', 'grant')`),
    )
    .execute();
}
