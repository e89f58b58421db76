import type { CanWritePath, JsonValue } from '@groeipad/core';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { CoalescingJob } from '../jobs/queue.ts';

/**
 * A kind of JSON document the engine carries (DESIGN point 2): the schema every stored version
 * satisfies, an optional server-side normalisation (sanitising rich text, say) and the resources
 * (files) a document of the kind references (D19).
 */
export interface DocumentKind {
  name: string;
  schema: z.ZodType;
  /** Content of a new document of this kind. */
  empty(): JsonValue;
  normalise?(content: JsonValue): JsonValue;
  resources?(content: JsonValue): number[];
  /** Checks that need the database (a referenced file's type and size, D32); throws a 4xx. */
  verify?(db: Db, organisationId: number, content: JsonValue): Promise<void>;
  /**
   * The job every accepted change of the kind asks for, given its event (notifications, D27): the engine
   * writes it in the save's own statement, so it commits with the change and runs after it, outside the
   * save's time. A coalescing job: saves while it waits join it.
   */
  saved?(event: DocumentEventRef): CoalescingJob;
  /**
   * Places in the content whose values are stored apart, one `document_parts` row each (migration
   * 0011), so that a save touching one of them writes that row and the rest of the content, not the
   * whole (the evaluation: each competence's dated entries). The engine puts them back on every read;
   * the content, its events and its history are the same as if it were stored whole.
   */
  parts?: DocumentParts;
}

export interface DocumentParts {
  /**
   * The JSON pointers of the parts in `content`, in document order (no part inside another), decided by
   * the content outside the parts alone (a change inside parts leaves them where they are).
   */
  pointers(content: JsonValue): string[];
  /** What `documents.content` holds at a part's place (and what a part equal to it needs no row for). */
  placeholder(pointer: string): JsonValue;
  /**
   * The schema of a part's value: the kind's schema at that place. A change that lies wholly inside parts
   * is checked with these alone (the rest of a stored document is valid already), so the kind's schema
   * must judge a part by this schema only: no refinement of an enclosing object may look inside a part.
   */
  schema(pointer: string): z.ZodType;
}

/** One accepted change of a document: its `document_events` row is (documentId, version). */
export interface DocumentEventRef {
  organisationId: number;
  documentId: number;
  version: number;
}

/**
 * What one actor may do with one document, decided by the caller's policy: what they see of it
 * (hidden parts never leave the server) and which pointers they may change.
 */
export interface Permit {
  visible(content: JsonValue): JsonValue;
  canWrite: CanWritePath;
}

export const FULL_ACCESS: Permit = { visible: (content) => content, canWrite: () => true };
export const READ_ONLY: Permit = { visible: (content) => content, canWrite: () => false };

const registry = new Map<string, DocumentKind>();

export function registerKind(kind: DocumentKind): DocumentKind {
  registry.set(kind.name, kind);
  return kind;
}

/** The stored parts of a kind (undefined for a kind stored whole, or a name no kind has). */
export function kindParts(name: string): DocumentParts | undefined {
  return registry.get(name)?.parts;
}

export function documentKind(name: string): DocumentKind {
  const kind = registry.get(name);
  if (!kind) throw new Error(`Unknown document kind ${name}`);
  return kind;
}

/** Every registered kind: the engine's generic tests run once for each. */
export function registeredKinds(): DocumentKind[] {
  return [...registry.values()];
}
