import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type FloorBreaches, serverFloorBreaches } from './floors.ts';

/**
 * A guard proves itself (issue 30): each floors rule of the server (test/floors.ts) is run on a small
 * source tree that keeps every floor, then on the same tree with one violation planted, and must name
 * that violation — including the four that passed the floors test before: a dynamic import from a
 * template string, `plugins/` reaching a module through a root file, a module's `index.ts` re-exporting
 * internals, and a double-quoted import.
 */
const CORE_RIGHTS = join(import.meta.dirname, '../../../packages/core/src/rights');

/** A tree that keeps every floor: two modules meeting through an index, the floors below, a composition root. */
const CLEAN: Record<string, string> = {
  'app.ts': "import { routes } from './modules/reports/routes.ts';\nexport const app = routes;\n",
  'context.ts': "import type { Db } from './db/database.ts';\nexport interface AppContext { db: Db }\n",
  'db/database.ts': 'export type Db = { query(sql: string): unknown };\n',
  'plugins/authenticate.ts':
    "import type { AppContext } from '../context.ts';\nexport const authenticate = (ctx: AppContext) => ctx;\n",
  'modules/trajectories/index.ts': "export { loadGrant } from './grant.ts';\n",
  'modules/trajectories/grant.ts':
    "import { userRoles } from '@groeipad/core';\nimport { findRow } from './repository.ts';\nexport const loadGrant = () => userRoles(findRow(), 'a@b.nl');\n",
  'modules/trajectories/repository.ts': 'export const findRow = () => ({ roles: [], users: [] });\n',
  'modules/reports/routes.ts':
    "import { loadGrant } from '../trajectories/index.ts';\nexport const routes = [loadGrant];\n",
  'adapters/pdf/worker.ts': 'export async function draw(builder: string) {\n  return import(builder);\n}\n',
};

let roots: string[] = [];
afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'groeipad-floors-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const breachesOf = (files: Record<string, string>) => serverFloorBreaches(tree(files), CORE_RIGHTS);

/** Each planted violation: the files it adds or changes, the rule that must name it, and a part of the message. */
const PLANTED: [string, Record<string, string>, keyof FloorBreaches, string][] = [
  [
    'an import cycle',
    {
      'modules/trajectories/repository.ts':
        "import { loadGrant } from './grant.ts';\nexport const findRow = () => loadGrant;\n",
    },
    'cycles',
    'modules/trajectories/grant.ts → modules/trajectories/repository.ts → modules/trajectories/grant.ts',
  ],
  [
    "another module's file instead of its index",
    {
      'modules/reports/routes.ts':
        "import { loadGrant } from '../trajectories/grant.ts';\nexport const routes = [loadGrant];\n",
    },
    'bypassedIndex',
    'modules/reports/routes.ts → modules/trajectories/grant.ts',
  ],
  [
    'a double-quoted import of a module file',
    {
      'modules/reports/routes.ts':
        'import { loadGrant } from "../trajectories/grant.ts";\nexport const routes = [loadGrant];\n',
    },
    'bypassedIndex',
    'modules/reports/routes.ts → modules/trajectories/grant.ts',
  ],
  [
    'a dynamic import from a template string',
    { 'modules/reports/routes.ts': 'export const routes = () => import(`../trajectories/grant.ts`);\n' },
    'bypassedIndex',
    'modules/reports/routes.ts → modules/trajectories/grant.ts',
  ],
  [
    'a dynamic import whose name is computed',
    {
      'modules/reports/routes.ts':
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the planted source holds a template
        'export const routes = (name: string) => import(`../trajectories/${name}.ts`);\n',
    },
    'computedImports',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the planted source holds a template
    'modules/reports/routes.ts: import(`../trajectories/${name}.ts`)',
  ],
  [
    'a require of a module file',
    {
      'plugins/authenticate.ts':
        "const grant = require('../modules/trajectories/index.ts');\nexport const authenticate = grant;\n",
    },
    'modulesFromBelow',
    'plugins/authenticate.ts → modules/trajectories/index.ts',
  ],
  [
    'plugins/ importing a module',
    {
      'plugins/authenticate.ts':
        "import { loadGrant } from '../modules/trajectories/index.ts';\nexport const authenticate = loadGrant;\n",
    },
    'modulesFromBelow',
    'plugins/authenticate.ts → modules/trajectories/index.ts',
  ],
  [
    'plugins/ reaching a module through a root file',
    {
      'context.ts':
        "import type { loadGrant } from './modules/trajectories/index.ts';\nexport interface AppContext { grant: typeof loadGrant }\n",
    },
    'modulesFromBelow',
    'plugins/authenticate.ts → context.ts → modules/trajectories/index.ts',
  ],
  [
    "a module's index.ts re-exporting a file's internals wholesale",
    {
      'modules/trajectories/index.ts':
        "export * from './repository.ts';\nexport { loadGrant } from './grant.ts';\n",
    },
    'indexInternals',
    "modules/trajectories/index.ts: export * from './repository.ts'",
  ],
  [
    "a module's index.ts with code of its own",
    {
      'modules/trajectories/index.ts':
        "import { findRow } from './repository.ts';\nexport { loadGrant } from './grant.ts';\nexport const rows = findRow;\n",
    },
    'indexInternals',
    'modules/trajectories/index.ts: export const rows = findRow',
  ],
  [
    'a rights helper beside the grant',
    {
      'modules/trajectories/reports.ts':
        "import { canReadReport, type EffectiveRights } from '@groeipad/core';\nexport const readable = (rights: EffectiveRights) => canReadReport(rights, 'Stage');\n",
    },
    'rightsOutsideTheGrant',
    'modules/trajectories/reports.ts: canReadReport',
  ],
  [
    'a rights helper in another module, renamed',
    {
      'modules/reports/routes.ts':
        'import { userRoles as rolesOf } from "@groeipad/core";\nexport const routes = [rolesOf];\n',
    },
    'rightsOutsideTheGrant',
    'modules/reports/routes.ts: userRoles',
  ],
];

describe('the server floors catch each violation planted in a tree that keeps them', () => {
  it('finds nothing in the clean tree', () => {
    const breaches = breachesOf(CLEAN);
    expect(Object.values(breaches).flat()).toEqual([]);
  });

  it.each(PLANTED)('%s', (_name, planted, rule, message) => {
    const breaches = breachesOf({ ...CLEAN, ...planted });
    expect(breaches[rule].join('\n')).toContain(message);
  });

  it('ignores an import named in a comment, and allows the PDF worker its computed import only', () => {
    const commented = {
      ...CLEAN,
      'plugins/authenticate.ts':
        "// import { loadGrant } from '../modules/trajectories/index.ts';\n/* import('../modules/reports/routes.ts') */\nexport const authenticate = 1;\n",
    };
    expect(Object.values(breachesOf(commented)).flat()).toEqual([]);
    const moved = {
      ...CLEAN,
      'adapters/pdf/other.ts': 'export const load = (name: string) => import(name);\n',
    };
    expect(breachesOf(moved).computedImports).toEqual(['adapters/pdf/other.ts: import(name)']);
  });
});
