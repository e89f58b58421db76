// The competence-list editor with a framework-sized tree (issue 32, D56): starts the built server (apps/web/dist,
// as `npm start` serves it) with the demo data on loopback, makes two competence lists through the API — a
// small one (1 × 5 × 10: 56 items) and a large one (5 × 10 × 10: 555 items), every node with a code and every
// competence with three criteria — opens each in Chromium and times, in the page:
// - ready: navigation start until the tree is shown and a frame has been painted after it;
// - load long tasks: the main thread's long tasks (> 50 ms) while it loads, summed;
// - a letter typed in a competence's description: keydown until the frame after it;
// - Enter in that description: the typed word becomes a document change (the editor's commit, what a pause
//   in typing also does), keydown until the frame after it;
// - open and close a competence's details (the chevron), and tick a competence's box: click until the frame after.
// Each figure for the large list is also given as a ratio to the small one measured in the same run.
// Usage: npm run build && npm run bench:competence-editor [-- --rounds 3 --root <other checkout>]
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../e2e/playwright.config.ts';
import { type Figure, figure, signInDemo, startServer, stopServer, type Tokens } from './support.ts';

const { values: args } = parseArgs({
  options: {
    root: { type: 'string', default: resolve(import.meta.dirname, '..') },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    rounds: { type: 'string', default: '3' },
  },
});
const root = resolve(args.root);
const rounds = Number(args.rounds);
const resultsDir = resolve(import.meta.dirname, 'results');

interface Node {
  uuid: string;
  code: string;
  description: string;
  labels: string[];
  info: string;
  subcompetences: Node[];
  criteria?: { uuid: string; code: string; description: string }[];
}

/** clusters × sub-clusters × competences, MBO-like codes, three criteria under each competence. */
function tree(clusters: number, subClusters: number, competences: number): Node[] {
  const node = (code: string, description: string, subcompetences: Node[] = []): Node => ({
    uuid: `bench-${code}`,
    code,
    description,
    labels: [],
    info: '',
    subcompetences,
  });
  return Array.from({ length: clusters }, (_, i) =>
    node(
      `B${i + 1}`,
      `Kerntaakgroep ${i + 1}`,
      Array.from({ length: subClusters }, (_, j) =>
        node(
          `B${i + 1}-K${j + 1}`,
          `Kerntaak ${i + 1}.${j + 1}`,
          Array.from({ length: competences }, (_, k) => ({
            ...node(`B${i + 1}-K${j + 1}-W${k + 1}`, `Werkproces ${i + 1}.${j + 1}.${k + 1}`),
            criteria: [1, 2, 3].map((c) => ({
              uuid: `bench-B${i + 1}-K${j + 1}-W${k + 1}-C${c}`,
              code: `B${i + 1}-K${j + 1}-W${k + 1}-C${c}`,
              description: `Criterium ${c} van werkproces ${i + 1}.${j + 1}.${k + 1}`,
            })),
          })),
        ),
      ),
    ),
  );
}

const count = (nodes: readonly Node[]): number =>
  nodes.reduce((sum, node) => sum + 1 + count(node.subcompetences), 0);

async function makeList(base: string, tokens: Tokens, name: string, competences: Node[]): Promise<number> {
  const created = await fetch(`${base}/api/blueprints`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.accessToken}` },
    body: JSON.stringify({ type: 'COMPETENCE_LIST', name, description: '' }),
  });
  if (!created.ok) throw new Error(`create ${name}: ${created.status} ${await created.text()}`);
  const id = Number(created.headers.get('location')?.split('/').pop());
  const patched = await fetch(`${base}/api/blueprints/competencelists/${id}/content`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.accessToken}` },
    body: JSON.stringify([{ op: 'replace', path: '/competences', value: competences }]),
  });
  if (!patched.ok) throw new Error(`content of ${name}: ${patched.status} ${await patched.text()}`);
  return id;
}

/** In the page before anything runs: long tasks, and keydowns timed until the frame after them. */
function instrument(): void {
  const w = window as unknown as {
    __long: number[];
    __keys: { key: string; ms: number }[];
    __timeKeys: boolean;
  };
  w.__long = [];
  w.__keys = [];
  w.__timeKeys = false;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__long.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener(
    'keydown',
    (event) => {
      if (!w.__timeKeys) return;
      const started = performance.now();
      requestAnimationFrame(() =>
        setTimeout(() => w.__keys.push({ key: event.key, ms: performance.now() - started })),
      );
    },
    true,
  );
}

/** Click an element and wait for the frame after it: the click's handlers and React's render included. */
async function clickTimed(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate(
      (element: HTMLElement) =>
        new Promise<number>((done) => {
          const started = performance.now();
          element.click();
          requestAnimationFrame(() => setTimeout(() => done(performance.now() - started)));
        }),
    );
}

interface Sample {
  ready: number;
  loadLongTasks: number;
  letter: number[];
  enter: number[];
  toggle: number[];
  tick: number[];
}

async function measure(
  browser: Browser,
  base: string,
  tokens: Tokens,
  id: number,
  leaves: string[],
): Promise<Sample> {
  const context = await browser.newContext({ locale: 'nl-NL', viewport: { width: 1280, height: 900 } });
  await context.addInitScript((seed) => {
    localStorage.setItem('cookies', 'true');
    localStorage.setItem('language', 'nl');
    localStorage.setItem('tokens', JSON.stringify(seed));
  }, tokens);
  await context.addInitScript(instrument);
  const page = await context.newPage();
  await page.goto(`${base}/blueprints/competencelists/${id}`);
  const first = page.getByTestId(`competence-${leaves[0]}`);
  await first.waitFor();
  const ready = await page.evaluate(
    () =>
      new Promise<number>((done) => requestAnimationFrame(() => setTimeout(() => done(performance.now())))),
  );
  await page.waitForTimeout(500);
  const loadLongTasks = await page.evaluate(() =>
    (window as unknown as { __long: number[] }).__long.reduce((sum, ms) => sum + ms, 0),
  );

  // Typing in a competence's description: three words, each ended by Enter (one document change each).
  const target = page.getByTestId(`competence-${leaves[1]}`).getByRole('textbox').first();
  await target.click();
  await page.keyboard.press('End');
  await page.evaluate(() => {
    (window as unknown as { __timeKeys: boolean }).__timeKeys = true;
  });
  for (const word of [' abc', ' defg', ' hij']) {
    for (const letter of word) {
      await page.keyboard.press(letter === ' ' ? 'Space' : letter);
      await page.waitForTimeout(60);
    }
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
  }
  await page.waitForTimeout(300);
  const keys = await page.evaluate(() => {
    const w = window as unknown as { __keys: { key: string; ms: number }[]; __timeKeys: boolean };
    w.__timeKeys = false;
    return w.__keys;
  });

  // Details open and closed, and a tick box, on competences across the list.
  const toggle: number[] = [];
  const tick: number[] = [];
  for (const leaf of leaves.slice(2)) {
    const row = `li[data-testid="competence-${leaf}"]`;
    toggle.push(await clickTimed(page, `${row} button[aria-expanded]`));
    toggle.push(await clickTimed(page, `${row} button[aria-expanded]`));
    tick.push(await clickTimed(page, `${row} input[type="checkbox"]`));
    tick.push(await clickTimed(page, `${row} input[type="checkbox"]`));
  }
  await context.close();
  return {
    ready,
    loadLongTasks,
    letter: keys.filter((key) => key.key !== 'Enter').map((key) => key.ms),
    enter: keys.filter((key) => key.key === 'Enter').map((key) => key.ms),
    toggle,
    tick,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error(`${root}/apps/web/dist is missing: run \`npm run build\` first`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'groeipad-competence-editor-'));
  const { base, child } = await startServer({
    dataDir,
    root,
    env: { SEED_DEMO: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({ executablePath: args.chromium, args: CHROMIUM_ARGS });
  try {
    const tokens = await signInDemo(base);
    const small = tree(1, 5, 10);
    const large = tree(5, 10, 10);
    const lists = {
      small: { items: count(small), id: await makeList(base, tokens, 'Bench klein', small) },
      large: { items: count(large), id: await makeList(base, tokens, 'Bench groot', large) },
    };
    // The first competence, one to type in, and three to open and tick (start, middle, end of the list).
    const leavesOf = (clusters: number, subs: number) => [
      'Werkproces 1.1.1',
      'Werkproces 1.2.3',
      'Werkproces 1.1.2',
      `Werkproces ${Math.ceil(clusters / 2)}.${Math.ceil(subs / 2)}.5`,
      `Werkproces ${clusters}.${subs}.10`,
    ];
    const samples: Record<'small' | 'large', Sample[]> = { small: [], large: [] };
    for (let round = 0; round < rounds; round++) {
      // Alternate which list goes first, so the machine's load falls on both alike.
      const order = round % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const);
      for (const which of order) {
        const leaves = which === 'small' ? leavesOf(1, 5) : leavesOf(5, 10);
        samples[which].push(await measure(browser, base, tokens, lists[which].id, leaves));
        console.log(`round ${round + 1}: ${which} done`);
      }
    }
    const figures = (which: 'small' | 'large') => {
      const all = samples[which];
      return {
        ready: figure(all.map((s) => s.ready)),
        loadLongTasks: figure(all.map((s) => s.loadLongTasks)),
        letter: figure(all.flatMap((s) => s.letter)),
        enter: figure(all.flatMap((s) => s.enter)),
        toggle: figure(all.flatMap((s) => s.toggle)),
        tick: figure(all.flatMap((s) => s.tick)),
      };
    };
    const small$ = figures('small');
    const large$ = figures('large');
    console.log(
      `\nCompetence-list editor, Chromium ${browser.version()}, ${rounds} rounds; medians (p95 for keys and clicks)\n`,
    );
    console.log(
      `${'scenario'.padEnd(30)}${`${lists.small.items} items`.padStart(18)}${`${lists.large.items} items`.padStart(18)}${'large ÷ small'.padStart(15)}`,
    );
    const rows: [string, keyof typeof small$, boolean][] = [
      ['ready (navigation → painted)', 'ready', false],
      ['long tasks while loading', 'loadLongTasks', false],
      ['letter typed → next frame', 'letter', true],
      ['Enter (commit) → next frame', 'enter', true],
      ['details open/close → frame', 'toggle', true],
      ['tick a box → next frame', 'tick', true],
    ];
    for (const [label, key, tail] of rows) {
      const a: Figure = small$[key];
      const b: Figure = large$[key];
      const show = (f: Figure) => (tail ? `${ms(f.median)} (${ms(f.p95)})` : ms(f.median));
      console.log(
        `${label.padEnd(30)}${show(a).padStart(18)}${show(b).padStart(18)}${`${(b.median / a.median).toFixed(2)}×`.padStart(15)}`,
      );
    }
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, `${new Date().toISOString().replaceAll(':', '-')}-competence-editor.json`);
    writeFileSync(file, JSON.stringify({ root, chromium: browser.version(), lists, samples }, null, 2));
    console.log(`\nraw figures: ${file}`);
  } finally {
    await browser.close();
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
