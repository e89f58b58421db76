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
