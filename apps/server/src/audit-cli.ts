import { parseArgs } from 'node:util';
import { runCommandLine } from './command-line.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { describeChain, verifyAuditChain } from './modules/audit/index.ts';

/**
 * `npm run audit -- verify [--organisation <id>]` (D57): whether each organisation's audit log is whole —
 * every event's hash recomputed, every link to the one before checked — and where it first breaks. On the
 * installation the environment names (DATA_DIR or DATABASE_URL), as the server would open it; an embedded
 * database is one process's at a time, so stop the server first (PostgreSQL: while it runs). Exit code 0:
 * whole; 1: broken (or failed); 2: wrong arguments. Wired like `npm run credits` (scripts/ops.mjs).
 */
const USAGE = `Usage:
  npm run audit -- verify [--organisation <id>]
      checks the hash chain of the organisation's audit log (without --organisation: of every
      organisation that has one) and says, per organisation, "whole" or where it breaks`;

class UsageError extends Error {}

async function verify(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { organisation: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".`);
  const organisation = values.organisation;
  if (organisation !== undefined && !/^\d{1,9}$/.test(organisation))
    throw new UsageError('--organisation takes an organisation id (a number).');
  const config = loadConfig(process.env, { sendsMail: false });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const reports = await verifyAuditChain(
      database.db,
      organisation === undefined ? undefined : Number(organisation),
    );
    if (reports.length === 0) console.log('No audit events.');
    for (const report of reports) console.log(describeChain(report));
    if (reports.some((report) => report.broken)) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

runCommandLine({
  name: 'audit',
  usage: USAGE,
  commands: { verify },
  refused: (error) => error instanceof UsageError,
});
