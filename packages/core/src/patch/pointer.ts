import { PatchError } from './patch-error.ts';

/** Path segments refused anywhere in a pointer: they could reach an object's prototype. */
export const FORBIDDEN_POINTER_SEGMENTS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** `~` becomes `~0` and `/` becomes `~1` (RFC 6901). */
export function escapePointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

export function unescapePointerSegment(segment: string): string {
  if (/~[^01]|~$/.test(segment)) {
    throw new PatchError('invalidPointer', `Invalid escape in pointer segment "${segment}"`);
  }
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** Splits a JSON Pointer into unescaped segments; '' is the whole document. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) {
    throw new PatchError('invalidPointer', `Pointer must start with "/": "${pointer}"`, { path: pointer });
  }
  const segments = pointer.slice(1).split('/').map(unescapePointerSegment);
  if (segments.some((segment) => FORBIDDEN_POINTER_SEGMENTS.includes(segment))) {
    throw new PatchError('forbiddenPath', `Forbidden segment in pointer "${pointer}"`, { path: pointer });
  }
  return segments;
}

export function formatPointer(segments: readonly string[]): string {
  return segments.map((segment) => `/${escapePointerSegment(segment)}`).join('');
}

/** True when `pointer` is `prefix` or lies beneath it. */
export function isPointerWithin(pointer: string, prefix: string): boolean {
  return prefix === '' || pointer === prefix || pointer.startsWith(`${prefix}/`);
}

const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

/** An array index segment: digits without leading zeros, or '-' (returned as -1) when allowed. */
export function parseArrayIndex(segment: string, allowEnd: boolean): number {
  if (segment === '-' && allowEnd) return -1;
  if (!ARRAY_INDEX.test(segment)) {
    throw new PatchError('invalidIndex', `Invalid array index "${segment}"`);
  }
  const index = Number(segment);
  if (!Number.isSafeInteger(index))
    throw new PatchError('invalidIndex', `Array index too large "${segment}"`);
  return index;
}
