import fc from 'fast-check';
import { applyOperation } from './apply.ts';
import { isJsonObject, type JsonValue } from './json.ts';
import type { PatchOperation } from './operation.ts';
import { formatPointer } from './pointer.ts';

/** Test helpers: documents and patches that are valid for the document they are built against. */
const keys = fc.constantFrom('a', 'b', 'c', 'x~y', 's/t', '', '0', '-');

export const jsonDocument: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<JsonValue>(null, true, false),
    fc.integer({ min: -1000, max: 1000 }),
    fc.string({ maxLength: 4 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(keys, tie('value'), { maxKeys: 4 }),
  ),
})).value;

export const operationSeed = fc.record({
  kind: fc.integer({ min: 0, max: 5 }),
  i: fc.nat(),
  j: fc.nat(),
  key: keys,
  value: jsonDocument,
});
export type OperationSeed = typeof operationSeed extends fc.Arbitrary<infer T> ? T : never;

interface Place {
  segments: string[];
  value: JsonValue;
}

function places(doc: JsonValue, segments: string[] = []): Place[] {
  const here: Place = { segments, value: doc };
  if (Array.isArray(doc))
    return [here, ...doc.flatMap((item, index) => places(item, [...segments, String(index)]))];
  if (isJsonObject(doc)) {
    return [here, ...Object.entries(doc).flatMap(([key, item]) => places(item, [...segments, key]))];
  }
  return [here];
}

function pick<T>(items: readonly T[], n: number): T | undefined {
  return items.length === 0 ? undefined : items[n % items.length];
}

function childPointer(container: Place, seed: OperationSeed): string {
  if (Array.isArray(container.value)) {
    const slot = seed.j % (container.value.length + 2);
    return formatPointer([...container.segments, slot > container.value.length ? '-' : String(slot)]);
  }
  return formatPointer([...container.segments, seed.key]);
}

function isWithin(inner: string[], outer: string[]): boolean {
  return outer.length <= inner.length && outer.every((segment, index) => inner[index] === segment);
}

/** Turns a seed into an operation that applies to `doc`, or undefined when none fits. */
export function operationFor(doc: JsonValue, seed: OperationSeed): PatchOperation | undefined {
  const all = places(doc);
  const nonRoot = all.filter((place) => place.segments.length > 0);
  const containers = all.filter((place) => typeof place.value === 'object' && place.value !== null);
  switch (seed.kind) {
    case 0: {
      const target = pick(containers, seed.i);
      return target ? { op: 'add', path: childPointer(target, seed), value: seed.value } : undefined;
    }
    case 1: {
      const target = pick(nonRoot, seed.i);
      return target ? { op: 'remove', path: formatPointer(target.segments) } : undefined;
    }
    case 2: {
      const target = pick(all, seed.i)!;
      return { op: 'replace', path: formatPointer(target.segments), value: seed.value };
    }
    case 3: {
      const from = pick(nonRoot, seed.i);
      if (!from) return undefined;
      const afterRemove = applyOperation(doc, { op: 'remove', path: formatPointer(from.segments) });
      const target = pick(
        places(afterRemove).filter(
          (place) =>
            typeof place.value === 'object' &&
            place.value !== null &&
            !isWithin(place.segments, from.segments),
        ),
        seed.j,
      );
      if (!target) return undefined;
      return { op: 'move', from: formatPointer(from.segments), path: childPointer(target, seed) };
    }
    case 4: {
      const from = pick(all, seed.i)!;
      const target = pick(containers, seed.j);
      return target
        ? { op: 'copy', from: formatPointer(from.segments), path: childPointer(target, seed) }
        : undefined;
    }
    default: {
      const target = pick(all, seed.i)!;
      return { op: 'test', path: formatPointer(target.segments), value: target.value };
    }
  }
}

/** Builds a patch valid for `doc` from seeds, applying each operation as it goes. */
export function patchFor(doc: JsonValue, seeds: readonly OperationSeed[]): PatchOperation[] {
  const patch: PatchOperation[] = [];
  let current = doc;
  for (const seed of seeds) {
    const operation = operationFor(current, seed);
    if (!operation) continue;
    current = applyOperation(current, operation);
    patch.push(operation);
  }
  return patch;
}
