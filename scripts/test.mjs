// `npm test`: lint + type-check, core and web unit tests, API tests on PGlite and (when a PostgreSQL
// server answers) on PostgreSQL, then the Playwright suite in Chromium. Prints which databases it used
// and never skips silently: under CI a missing PostgreSQL server or Chromium is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureWebBuild } from './web-build.mjs';

const ci = Boolean(process.env.CI);
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const results = [];
/** The failing tests' first error lines, repeated under the summary: the tail of a long log says why. */
const failedTests = [];
const reports = mkdtempSync(join(tmpdir(), 'groeipad-test-'));
let failed = false;

function run(label, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n━━ ${label} ━━`);
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ label, ok: status === 0, seconds });
  if (status !== 0) failed = true;
  return status === 0;
}

function vitest(label, project, env = {}) {
  const out = join(reports, `${label.replace(/\W+/g, '-')}.json`);
  run(
    label,
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    env,
  );
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    results.at(-1).passed = report.numPassedTests;
    results.at(-1).failed = report.numFailedTests;
    for (const file of report.testResults ?? [])
      for (const test of file.assertionResults ?? [])
        if (test.status === 'failed')
          failedTests.push({ title: `${label} › ${test.fullName}`, error: test.failureMessages?.[0] });
  }
}

function reachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(2000);
    socket.once('connect', () => resolve(socket.end() && true));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(socket.destroy() && false));
  });
}

run('lint (biome)', 'npx', ['biome', 'check', '.']);
run('type-check (tsc)', 'npm', ['run', 'typecheck', '--silent']);
vitest('core unit tests', 'core');
// Calendar-day rules (D4) must not depend on the process's zone: core again far from Amsterdam.
vitest('core unit tests (TZ Pacific/Auckland)', 'core', { TZ: 'Pacific/Auckland' });
vitest('web unit tests', 'web');
vitest('API tests on PGlite', 'server', { TEST_DATABASE: 'pglite' });
if (await reachable(pgUrl)) {
  // The second run also moves the process to another zone (D4: the same days whatever the zone).
  vitest('API tests on PostgreSQL (TZ Pacific/Auckland)', 'server', {
    TEST_DATABASE: 'postgres',
    TEST_DATABASE_URL: pgUrl,
    TZ: 'Pacific/Auckland',
  });
} else {
  console.log(`\n!! PostgreSQL at ${new URL(pgUrl).host} does not answer: API tests NOT run on PostgreSQL.`);
  results.push({ label: 'API tests on PostgreSQL', ok: !ci, seconds: '0', note: 'not reachable' });
  if (ci) failed = true;
}
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  ensureWebBuild();
  const out = join(reports, 'e2e.json');
  run(
    'browser tests (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    },
  );
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const stats = report.stats ?? {};
    collectPlaywrightFailures(report.suites ?? [], []);
    results.at(-1).passed = stats.expected ?? 0;
    results.at(-1).failed = (stats.unexpected ?? 0) + (stats.flaky ?? 0);
  }
} else {
  console.log(`\n!! Chromium not found at ${chromium}: browser tests NOT run (.ci/run installs it).`);
  results.push({ label: 'browser tests', ok: !ci, seconds: '0', note: 'no Chromium' });
  if (ci) failed = true;
}

/** Walks Playwright's JSON report: every test whose last result failed or timed out, with its error. */
function collectPlaywrightFailures(suites, path) {
  for (const suite of suites) {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1);
        if (last && last.status !== 'passed' && last.status !== 'skipped')
          failedTests.push({
            title: `browser › ${[...here, spec.title].join(' › ')} (${last.status})`,
            error: last.errors?.map((e) => e.message).join('\n') ?? last.error?.message,
          });
      }
    collectPlaywrightFailures(suite.suites ?? [], here);
  }
}

if (failedTests.length > 0) {
  console.log('\n━━ Failed tests ━━');
  // Colours stripped; the first lines of each error are enough to see where and why.
  for (const { title, error } of failedTests.slice(0, 20)) {
    const lines = stripVTControlCharacters(String(error ?? '(no message)'))
      .split('\n')
      .slice(0, 14);
    console.log(`✘ ${title}\n${lines.map((line) => `    ${line}`).join('\n')}`);
  }
}

console.log('\n━━ Summary ━━');
for (const r of results) {
  const counts = r.passed !== undefined ? ` — ${r.passed} passed, ${r.failed} failed` : '';
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'} ${r.label} (${r.seconds} s)${counts}${r.note ? ` — ${r.note}` : ''}`,
  );
}
const passed = results.reduce((sum, r) => sum + (r.passed ?? 0), 0);
const failures =
  results.reduce((sum, r) => sum + (r.failed ?? 0), 0) +
  results.filter((r) => !r.ok && r.failed === undefined).length;
console.log(`${passed} passed, ${failures} failed`);
process.exit(failed ? 1 : 0);
