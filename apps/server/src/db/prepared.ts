import { sql } from 'kysely';
import pg from 'pg';

/**
 * Statements prepared once per connection on PostgreSQL. A statement the server runs on every save or
 * request ends with `prepared` (a comment, harmless on PGlite); on PostgreSQL the driver then sends it
 * as a named statement, so each connection parses it once and, once PostgreSQL settles on a generic
 * plan (after five executions, when that plan is no dearer than the custom ones), stops planning it.
 * Planning was half of PostgreSQL's time in an evaluation save (bench/README.md). Only statements whose
 * plan does not hang on the values are marked (lookups by key), never the trajectory list, whose plan
 * depends on how many rows an organisation and a user have (migration 0005).
 */
const MARK = '/* prepared */';

/** Appended to a statement (`sql` template or a builder's `.modifyEnd(prepared)`) to prepare it. */
export const prepared = sql.raw(` ${MARK}`);

/** A safety net: marked statements are a fixed set in the code; one past this many runs unnamed. */
export const MAX_PREPARED = 64;
const names = new Map<string, string>();

/** The name of a marked statement's text (the same text, the same name, on every connection). */
export function preparedName(text: string): string | undefined {
  if (!text.endsWith(MARK)) return undefined;
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_PREPARED) return undefined;
    name = `groeipad_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/** The texts named so far in this process (tests: which statements went as prepared ones). */
export function preparedTexts(): string[] {
  return [...names.keys()];
}

/** node-postgres' client, sending marked statements as named ones (the pool's `Client`). */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A connection the server ends while a request holds it between statements (pg_terminate_backend, a
    // restart) emits 'error', and the pool listens only to idle ones: unheard, Node would end the process.
    // The holder learns of it from its next statement ("not queryable": 503), the pool then drops it.
    this.on('error', () => undefined);
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this passes them on
  override query(config: any, values?: any, callback?: any): any {
    if (callback === undefined && typeof config === 'string' && Array.isArray(values)) {
      const name = preparedName(config);
      if (name !== undefined) return super.query({ name, text: config, values });
    }
    return super.query(config, values, callback);
  }
}
