import { createHash } from 'node:crypto';

/**
 * Name-based UUIDs (RFC 9562 version 5) in Groeipad's own namespace: the same name gives the same UUID on
 * every server. CASE needs UUIDs where a list made here has none (D56): its document identifier, a padding
 * level, the items of a qualification file (from their codes, so the next version of the file matches).
 */
const NAMESPACE = Buffer.from('6f1c2a4e8b3d4c5e9a7b1c2d3e4f5a6b', 'hex');

export function nameUuid(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  hash[6] = ((hash[6] as number) & 0x0f) | 0x50;
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The document identifier of a competence list made here: its export's, and what matches its import. */
export function listIdentifier(blueprintId: number): string {
  return nameUuid(`groeipad:competence-list:${blueprintId}`);
}
