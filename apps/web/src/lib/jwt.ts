import { type AccessClaims, readAccessClaims } from '@groeipad/core';

/** Decodes the payload of a JWT without verifying it (the server verifies; the client only reads claims). */
export function decodeClaims(token: string): AccessClaims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return readAccessClaims(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return null;
  }
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
