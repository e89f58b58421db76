import type { Migration, MigrationProvider } from 'kysely/migration';
import * as accounts from './0001-accounts.ts';
import * as documents from './0002-documents.ts';
import * as trajectories from './0003-trajectories.ts';

/** Every migration, in order. Names never change once released. */
const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-documents': documents,
  '0003-trajectories': trajectories,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
