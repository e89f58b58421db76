import { isJsonObject, type JsonValue } from './json.ts';
import { PatchError } from './patch-error.ts';

/**
 * Bounds on the work one JSON Patch may cause. They are counted while the patch is applied and a patch
 * that would pass one is refused BEFORE the work grows (a `tooLarge` PatchError): a 2.5 KB patch that
 * copied a list into itself 20 times (each copy doubling it) once froze the whole server for seconds and
 * doubled its memory, because the patch was applied in full before its result was checked.
 */
export interface PatchLimits {
  /** Operations in the patch. */
  readonly operations: number;
  /**
   * Characters of JSON text (estimated, `jsonSizeWithin`) the patch may make: every value it adds,
   * replaces or tests, every value it copies (counted before the copy is made, so a copy larger than
   * what is left is refused without being made) and, for `applyWithInverse`, the values its inverse keeps.
   */
  readonly bytes: number;
  /**
   * Entries of arrays and objects copied on the way to the operations' targets: each operation copies
   * the containers along its path (the document before it is left as it was), so a thousand operations
   * on a member of a very wide object would copy that object a thousand times.
   */
  readonly steps: number;
}

/**
 * The bounds of a patch that comes from a request. Every editor's save fits them many times over:
 * the request contract already caps a patch at 10,000 operations (the evaluation's at 500) and a body
 * at 1 MiB, so values sent add at most ~1 MiB, and what an inverse keeps is at most the document, whose
 * largest real case is the evaluation with 1,000 entries (~300 KiB, bench/evaluation.ts) — 8 MiB leaves
 * room for a whole-document save of a big blueprint. Steps: a save of 1,000 changed competences in a
 * list of 1,000 copies ~1M entries. The copy-doubling patch is refused at the 8 MiB mark after ~16 MiB of
 * work (its copies and their measuring), some tens of milliseconds; 10M steps are ~0.1–0.3 s at worst.
 */
export const PATCH_LIMITS: PatchLimits = { operations: 10_000, bytes: 8 * 1024 * 1024, steps: 10_000_000 };

/**
 * No bounds: only for patches the server made and stored itself (an event's inverse replayed to rebuild
 * an older version, the placeholders of a document's parts), never for a patch from a request.
 */
export const UNBOUNDED_PATCH: PatchLimits = { operations: Infinity, bytes: Infinity, steps: Infinity };

const tooLarge = (what: string, limit: number) =>
  new PatchError('tooLarge', `The patch exceeds its bound of ${limit} ${what}`);

/** What is left of one patch's limits while it is applied. */
export class PatchBudget {
  private bytes: number;
  private steps: number;

  constructor(readonly limits: PatchLimits = PATCH_LIMITS) {
    this.bytes = limits.bytes;
    this.steps = limits.steps;
  }

  /** Refuses a patch of more operations than allowed, before any is applied. */
  operations(count: number): void {
    if (count > this.limits.operations) throw tooLarge('operations', this.limits.operations);
  }

  /** Counts a value the patch makes or keeps, measured no further than what is left. */
  value(value: JsonValue): void {
    if (this.bytes === Infinity) return;
    this.bytes -= jsonSizeWithin(value, this.bytes);
    if (this.bytes < 0) throw tooLarge('bytes', this.limits.bytes);
  }

  /** Counts the entries of a container about to be copied. */
  copy(entries: number): void {
    this.steps -= entries;
    if (this.steps < 0) throw tooLarge('copied entries', this.limits.steps);
  }
}

/**
 * The length of `value` as JSON text, estimated (strings by their UTF-16 length, numbers as 8), or
 * `limit + 1` as soon as it is known to be longer than `limit`: the walk stops there, so measuring
 * never costs more than the budget it checks. Iterative: no depth overflows the stack.
 */
export function jsonSizeWithin(value: JsonValue, limit: number): number {
  let size = 0;
  const pending: JsonValue[] = [value];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (Array.isArray(node)) {
      size += 2 + node.length;
      if (size > limit) return limit + 1;
      for (const item of node) pending.push(item);
    } else if (isJsonObject(node)) {
      size += 2;
      for (const key in node) {
        if (!Object.hasOwn(node, key)) continue;
        size += key.length + 4;
        if (size > limit) return limit + 1;
        pending.push(node[key]!);
      }
    } else if (typeof node === 'string') size += node.length + 2;
    else size += node === null ? 4 : typeof node === 'boolean' ? 5 : 8;
    if (size > limit) return limit + 1;
  }
  return size;
}
