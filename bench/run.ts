// Load scenarios against a real server process on loopback, on a generated data set.
// Usage: npm run bench [-- --database postgres] [--seconds 10] [--connections 20]
// Figures are reported as ratios to the cheapest route measured in the same run, so runs on
// different machines compare; raw numbers go to bench/results/<time>.json.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { BENCH_PASSWORD, generate } from './generate.ts';
import { createBenchDatabase, ROOT as root, startServer, stopServer } from './support.ts';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'pglite' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '20' },
    organisations: { type: 'string', default: '200' },
    members: { type: 'string', default: '25' },
  },
});
const seconds = Number(args.seconds);
const connections = Number(args.connections);

function load(title: string, options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((res, rej) => {
    autocannon({ connections, duration: seconds, ...options, title }, (error, result) =>
      error ? rej(error) : res(result),
    );
  });
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'groeipad-bench-'));
  const databaseUrl =
    args.database === 'postgres'
      ? (await createBenchDatabase(`groeipad_bench_${Date.now()}`)).url
      : undefined;
  const generateStart = performance.now();
  const handle = await openDatabase({ databaseUrl, dataDir });
  const data = await generate(handle.db, {
    organisations: Number(args.organisations),
    membersPer: Number(args.members),
  });
  await handle.close();
  const generatedMs = performance.now() - generateStart;

  const { base, child: server } = await startServer({
    dataDir,
    databaseUrl,
    env: { RATE_LIMIT_PER_ADDRESS: '1000000', RATE_LIMIT_PER_CLIENT: '1000000' },
  });
  try {
    const user = data.users[0]!;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: BENCH_PASSWORD }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const auth = { authorization: `Bearer ${accessToken}` };
    const organisationId = data.organisations[0]!;

    const scenarios: [string, autocannon.Options][] = [
      ['health ping (baseline)', { url: `${base}/actuator/health/ping` }],
      ['GET /api/users/me', { url: `${base}/api/users/me`, headers: auth }],
      ['GET /api/organisations', { url: `${base}/api/organisations`, headers: auth }],
      ['GET /api/organisations/{id}', { url: `${base}/api/organisations/${organisationId}`, headers: auth }],
      [
        'GET /api/organisations/{id}/credits',
        { url: `${base}/api/organisations/${organisationId}/credits`, headers: auth },
      ],
      [
        'POST /api/auth/login (argon2id)',
        {
          url: `${base}/api/auth/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, password: BENCH_PASSWORD }),
        },
      ],
    ];
    const rows: { scenario: string; rps: number; p50: number; p99: number; errors: number }[] = [];
    for (const [title, options] of scenarios) {
      const result = await load(title, options);
      rows.push({
        scenario: title,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
      });
    }
    const baseline = rows[0]!.rps;
    console.log(
      `\nGroeipad bench — ${args.database}, ${data.organisations.length} organisations, ${data.users.length} users ` +
        `(generated in ${(generatedMs / 1000).toFixed(1)} s), ${connections} connections × ${seconds} s each\n`,
    );
    console.log(
      'scenario'.padEnd(38),
      'req/s'.padStart(8),
      'vs ping'.padStart(8),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'errors'.padStart(7),
    );
    for (const r of rows) {
      console.log(
        r.scenario.padEnd(38),
        r.rps.toFixed(0).padStart(8),
        (r.rps / baseline).toFixed(3).padStart(8),
        String(r.p50).padStart(8),
        String(r.p99).padStart(8),
        String(r.errors).padStart(7),
      );
    }
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    const file = join(
      root,
      'bench/results',
      `${new Date().toISOString().replaceAll(':', '-')}-${args.database}.json`,
    );
    writeFileSync(file, JSON.stringify({ args, generatedMs, rows }, null, 2));
    console.log(`\nraw figures: ${file}`);
  } finally {
    await stopServer(server);
  }
}

await main();
