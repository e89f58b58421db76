import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { currentRequestId } from '../../plugins/request-log.ts';
import { type ChainedEvent, canonicalJson, eventHash } from './chain.ts';

/** What an event is about: a trajectory, a membership, an organisation… (kind) and its id. */
export interface AuditSubject {
  kind: string;
  id: string | number;
}

export interface AuditEventInput {
  organisationId: number;
  /** Who did it (null: the system, an operator's command). */
  actorId: number | null;
  /** What was done, dotted: `auth.signIn`, `trajectory.access`, `membership.role`… */
  action: string;
  subject: AuditSubject;
  /** The request it was done in; by default the one being handled (plugins/request-log.ts). */
  requestId?: string | null;
  /** What was done, without personal data (ids, counts, roles): hashed, kept forever. */
  details?: Record<string, unknown>;
  /**
   * The personal part, outside the hash (an erasure changes it): what the subject is called and any detail
   * naming people. The actor's e-mail and name are read from their account.
   */
  personal?: { subjectLabel?: string | null; details?: Record<string, unknown> | null };
}

/** Per-organisation lock space of the advisory locks that serialise appends (a constant, 'AUDT'). */
const LOCK_SPACE = 0x41554454;

/**
 * Appends an event to its organisation's chain, in `trx` — the transaction of the change it records, so
 * both commit or neither. Appends of one organisation are serialised by a transaction-level advisory lock
 * (held until `trx` ends): the next `seq` and the previous hash are read under it.
 */
export async function recordAudit(trx: Db, input: AuditEventInput): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int, ${input.organisationId}::int)`.execute(trx);
  const last = await trx
    .selectFrom('audit_events')
    .select(['seq', 'hash'])
    .where('organisation_id', '=', input.organisationId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  const event: ChainedEvent = {
    organisationId: input.organisationId,
    seq: (last?.seq ?? 0) + 1,
    at: new Date(),
    actorId: input.actorId,
    action: input.action,
    subjectKind: input.subject.kind,
    subjectId: String(input.subject.id),
    requestId: input.requestId === undefined ? currentRequestId() : input.requestId,
    // Through JSON once, so the hash covers what jsonb gives back (no undefined, no Dates).
    details: JSON.parse(canonicalJson(input.details ?? {})),
  };
  const prevHash = last?.hash ?? null;
  const inserted = await trx
    .insertInto('audit_events')
    .values({
      organisation_id: event.organisationId,
      seq: event.seq,
      at: event.at,
      actor_id: event.actorId,
      action: event.action,
      subject_kind: event.subjectKind,
      subject_id: event.subjectId,
      request_id: event.requestId,
      details: JSON.stringify(event.details),
      prev_hash: prevHash,
      hash: eventHash(event, prevHash),
    })
    .returning(sql<string>`id::text`.as('id'))
    .executeTakeFirstOrThrow();
  const actor =
    input.actorId === null
      ? undefined
      : await trx
          .selectFrom('users')
          .select(['email', 'first_name', 'last_name'])
          .where('id', '=', input.actorId)
          .executeTakeFirst();
  const actorName = [actor?.first_name, actor?.last_name].filter(Boolean).join(' ') || null;
  await trx
    .insertInto('audit_personal')
    .values({
      event_id: inserted.id,
      actor_email: actor?.email ?? null,
      actor_name: actorName,
      subject_label: input.personal?.subjectLabel ?? null,
      details: input.personal?.details ? JSON.stringify(input.personal.details) : null,
    })
    .execute();
}

/** Where an organisation's chain breaks, the first place. */
export interface ChainBreak {
  seq: number;
  eventId: string;
  reason: 'hash mismatch' | 'prev_hash mismatch' | 'gap';
}

export interface ChainReport {
  organisationId: number;
  events: number;
  broken: ChainBreak | null;
}

/** A chain's state in a line, as `npm run audit -- verify` prints it. */
export function describeChain(report: ChainReport): string {
  const head = `organisation ${report.organisationId}:`;
  if (!report.broken) return `${head} whole (${report.events} events)`;
  const { seq, eventId, reason } = report.broken;
  return `${head} broken at seq ${seq} (event id ${eventId}): ${reason}`;
}

const PAGE = 1000;

/**
 * Walks the chain of one organisation (or of each that has events), a page at a time, recomputing every
 * hash: whole, or where it first breaks — a `seq` that skips (a row gone: `gap`), a `prev_hash` that is
 * not the previous row's hash, or a hash that does not match the row's fields.
 */
export async function verifyAuditChain(db: Db, organisationId?: number): Promise<ChainReport[]> {
  const organisations =
    organisationId === undefined
      ? (
          await db
            .selectFrom('audit_events')
            .select('organisation_id')
            .distinct()
            .orderBy('organisation_id')
            .execute()
        ).map((row) => row.organisation_id)
      : [organisationId];
  const reports: ChainReport[] = [];
  for (const organisation of organisations) reports.push(await verifyOne(db, organisation));
  return reports;
}

async function verifyOne(db: Db, organisationId: number): Promise<ChainReport> {
  let events = 0;
  let expectedSeq = 1;
  let prevHash: string | null = null;
  let broken: ChainBreak | null = null;
  for (;;) {
    const rows = await db
      .selectFrom('audit_events')
      .select([
        sql<string>`id::text`.as('id'),
        'seq',
        'at',
        'actor_id',
        'action',
        'subject_kind',
        'subject_id',
        'request_id',
        'details',
        'prev_hash',
        'hash',
      ])
      .where('organisation_id', '=', organisationId)
      .where('seq', '>=', expectedSeq)
      .orderBy('seq')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      events++;
      if (broken) continue;
      const at = row.seq === expectedSeq ? null : ('gap' as const);
      const reason =
        at ??
        (row.prev_hash !== prevHash
          ? 'prev_hash mismatch'
          : eventHash(
                {
                  organisationId,
                  seq: row.seq,
                  at: new Date(row.at),
                  actorId: row.actor_id,
                  action: row.action,
                  subjectKind: row.subject_kind,
                  subjectId: row.subject_id,
                  requestId: row.request_id,
                  details: row.details,
                },
                prevHash,
              ) !== row.hash
            ? 'hash mismatch'
            : null);
      if (reason) broken = { seq: row.seq, eventId: row.id, reason };
      prevHash = row.hash;
      expectedSeq = row.seq + 1;
    }
    if (rows.length < PAGE) break;
  }
  return { organisationId, events, broken };
}
