/** A header cell reduced to its letters and digits in lower case: "E-mail adres" → "emailadres". */
export function normaliseHeader(cell: string): string {
  return cell
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * The index of the first header cell whose normalised text is one of `names` (normalised the same
 * way), else `fallback`.
 */
export function findColumn(header: readonly string[], names: readonly string[], fallback: number): number {
  const wanted = new Set(names.map(normaliseHeader));
  const index = header.findIndex((cell) => wanted.has(normaliseHeader(cell)));
  return index === -1 ? fallback : index;
}
