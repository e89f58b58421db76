import type { Logger } from 'pino';
import type { Mailer } from './adapters/mail/mailer.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { AccessTokens } from './modules/auth/tokens.ts';

/** What services need from the outside world; built once in main.ts (or by a test). */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  tokens: AccessTokens;
  logger: Logger;
}
