import { isJsonObject, type JsonObject, type JsonValue } from './json.ts';
import { PATCH_LIMITS, PatchBudget, type PatchLimits } from './limits.ts';

export type Container = JsonValue[] | JsonObject;

/**
 * V8 keeps an object of more than ~1,000 members as a hash table: copying one costs 0.5–2 µs a member
 * (measured: 90,000 members, ~80 ms a copy), against 1–5 ns an array entry or a member of a small object.
 */
const LARGE_OBJECT = 1_000;
const LARGE_OBJECT_MEMBER_COST = 200;

/**
 * One application of a patch: its budget, and the containers it made itself (copies along its paths).
 * Those are changed in place by its later operations, as nothing outside can see them, so a patch copies
 * a container at most once however many of its operations pass through it (n operations on one wide
 * object would otherwise copy it n times). A value handed out while the patch runs (what its inverse
 * keeps) is released first: it is never changed in place again.
 */
export class PatchRun {
  readonly budget: PatchBudget;
  private readonly owned = new WeakSet<Container>();

  /** A run with its own budget, or one that counts in another's but owns nothing (changes nothing in place). */
  constructor(limits: PatchLimits | PatchBudget = PATCH_LIMITS) {
    this.budget = limits instanceof PatchBudget ? limits : new PatchBudget(limits);
  }

  /** `node` itself when this run made it, else a shallow copy (counted) that the run owns from now on. */
  writable(node: Container): Container {
    if (this.owned.has(node)) return node;
    let copy: Container;
    if (Array.isArray(node)) {
      this.budget.copy(node.length);
      copy = [...node];
    } else {
      const members = Object.keys(node).length;
      this.budget.copy(members > LARGE_OBJECT ? members * LARGE_OBJECT_MEMBER_COST : members);
      copy = { ...node };
    }
    this.owned.add(copy);
    return copy;
  }

  /** A value kept outside the document (in the inverse): counted, and never changed in place again. */
  keep(value: JsonValue): void {
    this.budget.value(value);
    this.release(value);
  }

  /** Only containers the run owns can hold ones it owns (they sit on its paths), so the walk stops there. */
  private release(value: JsonValue): void {
    const pending: JsonValue[] = [value];
    while (pending.length > 0) {
      const node = pending.pop()!;
      if ((Array.isArray(node) || isJsonObject(node)) && this.owned.delete(node))
        pending.push(...(Array.isArray(node) ? node : Object.values(node)));
    }
  }
}
