import { createHash } from 'node:crypto';

/** The hashed part of an audit event (D57): everything but its personal data, its id and its own hash. */
export interface ChainedEvent {
  organisationId: number;
  seq: number;
  at: Date;
  actorId: number | null;
  action: string;
  subjectKind: string;
  subjectId: string;
  requestId: string | null;
  details: unknown;
}

/** JSON with every object's keys in code-point order: one text for one value, whatever built it. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * An event's hash: the hex SHA-256 of the canonical JSON of its hashed fields (snake_case names, `at` as
 * an ISO 8601 text in UTC to the millisecond), a line feed, and the previous event's hash ('' for the
 * organisation's first). Changing any hashed field of any event breaks its hash and, through
 * `prev_hash`, the link to every later one.
 */
export function eventHash(event: ChainedEvent, prevHash: string | null): string {
  const body = canonicalJson({
    organisation_id: event.organisationId,
    seq: event.seq,
    at: event.at.toISOString(),
    actor_id: event.actorId,
    action: event.action,
    subject_kind: event.subjectKind,
    subject_id: event.subjectId,
    request_id: event.requestId,
    details: event.details,
  });
  return createHash('sha256')
    .update(`${body}\n${prevHash ?? ''}`)
    .digest('hex');
}
