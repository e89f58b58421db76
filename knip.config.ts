import type { KnipConfig } from 'knip';

// `npm run knip`: files, exports and dependencies nothing uses. Each ignore below says why it stays.
const config: KnipConfig = {
  // An export its own module also uses is that module's API, not dead code.
  ignoreExportsUsedInFile: true,
  // Poppler's tools on the machine: tests read PDFs back as text (pdftotext) and images (pdftoppm).
  ignoreBinaries: ['pdftotext', 'pdftoppm'],
  // vitest.config.ts names it relative to the server project's root (`root: './apps/server'`).
  ignoreUnresolved: ['./test/global-setup.ts'],
  ignoreIssues: {
    // The PDF worker imports these modules by file URL (their `builder`) and calls `drawPdf`.
    'apps/server/src/modules/credits/documents.ts': ['exports'],
    'apps/server/src/modules/extracts/pdf/render.ts': ['exports'],
    // Named aliases on purpose: one rule under the name each caller's rule speaks of.
    'packages/core/src/dates/day-bounds.ts': ['duplicates'],
    'packages/core/src/contract/blueprints.ts': ['duplicates'],
    'packages/core/src/patch/history.ts': ['duplicates'],
  },
  workspaces: {
    '.': {
      entry: ['scripts/*.mjs'],
      project: ['scripts/**/*.{ts,mjs}'],
    },
    'packages/core': {
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.ts'],
    },
    'apps/server': {
      entry: [
        'src/adapters/pdf/worker.ts',
        // Kysely's migrator runs each migration's `up` and `down` (db/migrations/index.ts).
        'src/db/migrations/0*.ts',
        'src/**/*.test.ts',
        'test/**/*.test.ts',
        // Run as a process of its own by jobs-process.test.ts.
        'test/job-worker.ts',
        // The operator's commands: scripts/ops.mjs imports one or the other by the command's name.
        'src/ops/cli.ts',
        'src/credits-cli.ts',
        'src/audit-cli.ts',
      ],
      project: ['src/**/*.ts', 'test/**/*.ts'],
    },
    'apps/web': {
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.{ts,tsx}'],
    },
    e2e: {
      entry: ['**/*.spec.ts'],
      project: ['**/*.ts'],
    },
    bench: {
      entry: ['*.ts'],
      project: ['*.ts'],
    },
  },
};

export default config;
