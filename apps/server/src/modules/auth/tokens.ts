import { createHash, randomBytes } from 'node:crypto';
import { type AccessClaims, type OrganisationRole, zAccessClaims } from '@groeipad/core';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { unauthorized } from '../../errors.ts';

export interface AccessTokenInput {
  userId: number;
  email: string;
  organisationId: number | null;
  role: OrganisationRole | null;
  eula: boolean;
}

/** Signs and verifies access tokens: HS256 JWTs holding exactly the claims of spec part 1 §3. */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly lifetimeSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(input: AccessTokenInput, nowSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
    const claims: Omit<AccessClaims, 'sub' | 'exp'> = {
      user_id: input.userId,
      organisation_id: input.organisationId,
      user_role: input.role,
      eula: input.eula,
    };
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(input.email)
      .setExpirationTime(nowSeconds + this.lifetimeSeconds)
      .sign(this.key);
  }

  async verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const claims = zAccessClaims.safeParse(payload);
      if (!claims.success) throw unauthorized();
      return claims.data;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized('tokenExpired');
      throw unauthorized();
    }
  }
}

/** A random, URL-safe secret (refresh tokens, activation and reset codes). */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Secrets are stored only as their SHA-256: a database leak reveals no usable token. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
