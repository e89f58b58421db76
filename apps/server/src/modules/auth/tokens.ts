import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret (refresh tokens, activation and reset codes). */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Secrets are stored only as their SHA-256: a database leak reveals no usable token. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
