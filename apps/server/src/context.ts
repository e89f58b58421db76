import type { Logger } from 'pino';
import type { Mailer } from './adapters/mail/mailer.ts';
import type { Storage } from './adapters/storage/storage.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Background } from './jobs/background.ts';
import type { AccessTokens } from './modules/auth/tokens.ts';

/** What services need from the outside world; built once in main.ts (or by a test). */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  tokens: AccessTokens;
  logger: Logger;
  /** Work that runs after the answer (mail, account work that must not show in timing). */
  background: Background;
  /** File contents (resources). */
  storage: Storage;
}
