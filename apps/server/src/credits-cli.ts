import { parseArgs } from 'node:util';
import { formatCents } from '@groeipad/core';
import { runCommandLine } from './command-line.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { CreditGrantError, grantCredits } from './modules/credits/index.ts';

/**
 * `npm run credits -- grant --organisation <id> --amount <euro> --reference <text>` (D52): the operator
 * of a school that hosts Groeipad itself, without a payment provider, adds credits to an organisation. On
 * the installation the environment names (DATA_DIR or DATABASE_URL), as the server would open it; an
 * embedded database is one process's at a time, so stop the server first (PostgreSQL: while it runs).
 * Wired like `npm run backup` (scripts/ops.mjs), from the sources or the built tree.
 */
const USAGE = `Usage:
  npm run credits -- grant --organisation <id> --amount <euro> --reference <text>
      adds credits (1 credit = 1 euro; at most 2 decimals, e.g. 250 or 12.50) to the organisation,
      shown in its transactions as a grant (no payment, no invoice); the reference (1–255 characters)
      says why, e.g. the school's order number`;

async function grant(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      organisation: { type: 'string' },
      amount: { type: 'string' },
      reference: { type: 'string' },
    },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new CreditGrantError(`Unexpected argument "${positionals[0]}".`);
  const missing = (['organisation', 'amount', 'reference'] as const).filter(
    (name) => values[name] === undefined,
  );
  if (missing.length > 0)
    throw new CreditGrantError(`Missing ${missing.map((name) => `--${name}`).join(', ')}.`);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const granted = await grantCredits(database.db, {
      organisation: values.organisation ?? '',
      amount: values.amount ?? '',
      reference: values.reference ?? '',
    });
    console.log(
      `Granted ${formatCents(granted.amountCents)} credits to organisation ${granted.organisationId} ` +
        `(${granted.organisationName}); its balance is now ${formatCents(granted.balanceCents)} ` +
        `(transaction ${granted.transactionId}).`,
    );
  } finally {
    await database.close();
  }
}

runCommandLine({
  name: 'credits',
  usage: USAGE,
  commands: { grant },
  refused: (error) => error instanceof CreditGrantError,
});
