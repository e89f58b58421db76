import type { CanWritePath, JsonValue, TrajectoryAccess } from '@groeipad/core';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { CoalescingJob } from '../jobs/queue.ts';

/**
 * A kind of JSON document the engine carries (DESIGN point 2): the schema every stored version
 * satisfies, an optional server-side normalisation (sanitising rich text, say) and the resources
 * (files) a document of the kind references (D19).
 */
export interface DocumentKind<T = JsonValue> {
  name: string;
  /** Every stored version satisfies it; its output is `T`, as which the engine hands documents out. */
  schema: z.ZodType;
  /** Content of a new document of this kind. */
  empty(): T;
  /** Runs before the schema, on whatever was sent: anything not of the shape is left for the schema. */
  normalise?(content: JsonValue): JsonValue;
  /**
   * Runs after the schema on a save that changes a document (never on its creation), given the content
   * it replaces: for a rule about what the save changes (a trajectory blueprint's newly linked report
   * blueprint gives its admin roles their rights, spec part 2 §6). What it adds is stored as part of
   * the save (its patch and history).
   */
  settle?(content: T, before: T): T;
  /**
   * The files a document names (D19). A save may add only files its writer may read (D42): the engine
   * checks every one it adds with the registered file check (`registerFileCheck`).
   */
  resources?(content: T): number[];
  /**
   * Checks that need the database (a referenced file's type and size, D32; a trajectory blueprint's links,
   * D42); throws a 4xx. `before`: the content the save replaces (undefined for a new document), so that a
   * check may judge only what the save changes.
   */
  verify?(db: Db, organisationId: number, content: T, before?: T): Promise<void>;
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
  parts?: DocumentParts<T>;
  /**
   * What a reader sees of a document of this kind (D18, D39, D40), null when nothing: the kind declares
   * its own visibility, and whoever shows or announces a document (notifications, history) asks it here.
   * `whole`: visibility does not depend on the content (the evaluation is read whole or not at all), so
   * it may be asked without reading the document.
   */
  readers?: { seenBy(content: T, reader: DocumentReader): unknown; whole?: boolean };
}

/**
 * The reader a kind's visibility is judged for: their address in the trajectory's access document (the
 * kind works out what their roles give, in one place: the trajectories module's parts), and the report
 * blueprint a report is of.
 */
export interface DocumentReader {
  access: TrajectoryAccess;
  email: string;
  /** For a report: the name of its report blueprint, the key of its rights. */
  reportBlueprint?: string | null;
}

export interface DocumentParts<T = JsonValue> {
  /**
   * The JSON pointers of the parts in `content`, in document order (no part inside another), decided by
   * the content outside the parts alone (a change inside parts leaves them where they are).
   */
  pointers(content: T): string[];
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
export interface Permit<T = JsonValue> {
  visible(content: T): unknown;
  canWrite: CanWritePath;
}

export const FULL_ACCESS: Permit = { visible: (content) => content, canWrite: () => true };
export const READ_ONLY: Permit = { visible: (content) => content, canWrite: () => false };

/** Who saves, as the file check needs them (D42): the actor in the document's organisation. */
export interface FileWriter {
  organisationId: number;
  actorId: number | null;
  /** A mentor link the actor writes through (issue 23): it names only files uploaded through it (D54). */
  mentorLinkId?: number | null;
}

/**
 * D19 as the engine asks it (D42): of `ids`, the files the writer may not read now (it may stop after the
 * first few: one refuses the save). The engine knows no
 * module, so the one that knows who reads which file registers this once (as kinds are registered); a save
 * that adds files while none is registered fails loudly instead of storing them unchecked.
 */
export type UnreadableFiles = (db: Db, writer: FileWriter, ids: readonly number[]) => Promise<number[]>;

let unreadableFiles: UnreadableFiles | undefined;

export function registerFileCheck(check: UnreadableFiles): void {
  unreadableFiles = check;
}

/** The registered file check; throws (a programming error, never an answer) when there is none. */
export function fileCheck(): UnreadableFiles {
  if (!unreadableFiles)
    throw new Error('No file check registered: a save naming files cannot be judged (D42)');
  return unreadableFiles;
}

const registry = new Map<string, DocumentKind>();

export function registerKind<T>(kind: DocumentKind<T>): DocumentKind<T> {
  registry.set(kind.name, untypedKind(kind));
  return kind;
}

/**
 * A kind as the engine's inside handles it: content as JSON. The one place a kind's type is set aside:
 * the engine checks every content it stores against the kind's schema, so what it hands out as `T` is one.
 */
export function untypedKind<T>(kind: DocumentKind<T>): DocumentKind {
  return kind as unknown as DocumentKind;
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
