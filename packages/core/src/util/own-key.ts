/** A map entry only when it is the map's own property (so 'constructor' or '__proto__' never reach Object). */
export function ownEntry<T>(map: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return map !== undefined && Object.hasOwn(map, key) ? map[key] : undefined;
}

/** Sets an entry without ever touching a prototype ('__proto__' becomes an own property). */
export function setEntry<T>(map: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
}
