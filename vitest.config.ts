import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default leaves a core free: on CI's two cores that is one worker, and the API tests,
    // which wait on their database half the time, take half as long again (measured: 183 s → 125 s).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'core',
          root: './packages/core',
          include: ['src/**/*.test.ts'],
          // Pure functions: the files of a worker share the loaded modules (as the server's, below).
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          // Each file builds its own app on its own database, so the files of a worker can share one module
          // graph: loading the server's modules once per worker instead of once per file took the API run
          // from 216 s to 116 s on PGlite and from 157 s to 114 s on PostgreSQL (2 cores). A test that spies
          // on a module restores it (engine.test.ts); module-level registries are keyed by app (auth/activation.ts).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
