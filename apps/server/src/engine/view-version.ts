import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The version of a document as one reader sees it (D40): 1 for the creation, plus each later save that
 * changed anything outside `hidden` — JSON Pointers of places the reader may not see (the values of
 * fields hidden from them). A save whose every operation (its `path`, and a move's or copy's `from`)
 * lies inside a hidden place does not count, so the version, and the `ETag` made of it, moves only when
 * what that reader sees moves. Without hidden places it is the document's own version (no statement).
 * Counted with the reader's places as they are now: a field opened to them later brings its history in.
 */
export async function viewVersion(
  db: Db,
  document: { id: number; version: number },
  hidden: readonly string[],
): Promise<number> {
  if (hidden.length === 0 || document.version === 1) return document.version;
  const inside = (pointer: string) => sql`exists (select 1 from unnest(${sql.val([...hidden])}::text[]) h
      where ${sql.raw(pointer)} = h or starts_with(${sql.raw(pointer)}, h || '/'))`;
  const { rows } = await sql<{ seen: number }>`select count(*)::int as seen from document_events e
    where e.document_id = ${document.id} and e.version <= ${document.version}
      and exists (select 1 from jsonb_array_elements(e.patch) op
        where not ${inside("op ->> 'path'")}
           or (op ? 'from' and not ${inside("op ->> 'from'")}))`.execute(db);
  return 1 + (rows[0]?.seen ?? 0);
}

/**
 * When the document last changed as one reader sees it (issue 30, `viewVersion`'s rule): the moment of the
 * latest save that changed anything outside `hidden`, else `created` (nothing they see changed since). So a
 * timestamp tells no more of hidden saves than the version does. Without hidden places: `modified`, as
 * stored (no statement).
 */
export async function viewModified(
  db: Db,
  document: { id: number; version: number },
  hidden: readonly string[],
  moments: { created: Date; modified: Date },
): Promise<Date> {
  if (hidden.length === 0 || document.version === 1) return moments.modified;
  const inside = (pointer: string) => sql`exists (select 1 from unnest(${sql.val([...hidden])}::text[]) h
      where ${sql.raw(pointer)} = h or starts_with(${sql.raw(pointer)}, h || '/'))`;
  const { rows } = await sql<{
    at: Date | string | null;
  }>`select max(e.created_at) as at from document_events e
    where e.document_id = ${document.id} and e.version > 1 and e.version <= ${document.version}
      and exists (select 1 from jsonb_array_elements(e.patch) op
        where not ${inside("op ->> 'path'")}
           or (op ? 'from' and not ${inside("op ->> 'from'")}))`.execute(db);
  const at = rows[0]?.at;
  if (!at) return moments.created;
  const seen = new Date(at);
  // Never later than the row's own moment (a save the reader sees moved it too).
  return seen > moments.modified ? moments.modified : seen;
}

/** Whether a save with `patch` changed anything outside `hidden`: the rule `viewVersion` counts by. */
export function seenChange(
  patch: readonly { path: string; from?: string }[],
  hidden: readonly string[],
): boolean {
  const inside = (pointer: string) =>
    hidden.some((place) => pointer === place || pointer.startsWith(`${place}/`));
  return patch.some(
    (operation) => !inside(operation.path) || (operation.from !== undefined && !inside(operation.from)),
  );
}

/**
 * Every version of a document numbered as one reader sees it (`viewVersion`'s rule, over the events read
 * already): document version → the reader's version. History lists and restores in these numbers, so
 * neither their count nor their gaps tell of saves the reader could not see.
 */
export function viewNumbering(
  events: readonly { version: number; patch: readonly { path: string; from?: string }[] }[],
  hidden: readonly string[],
): (version: number) => number {
  const numbers = new Map<number, number>();
  let seen = 1;
  for (const event of [...events].sort((a, b) => a.version - b.version)) {
    if (event.version > 1 && seenChange(event.patch, hidden)) seen++;
    numbers.set(event.version, seen);
  }
  return (version) => numbers.get(version) ?? 1;
}

/** The document version a reader's version `view` stands for: the save that made it (1 for the start). */
export function documentVersionOf(
  events: readonly { version: number; patch: readonly { path: string; from?: string }[] }[],
  hidden: readonly string[],
  view: number,
): number | null {
  if (view === 1) return 1;
  const number = viewNumbering(events, hidden);
  const match = [...events]
    .sort((a, b) => a.version - b.version)
    .find((event) => number(event.version) === view);
  return match?.version ?? null;
}
