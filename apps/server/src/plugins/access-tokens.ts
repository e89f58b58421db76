import { type AccessClaims, type OrganisationRole, zAccessClaims } from '@groeipad/core';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { unauthorized } from '../errors.ts';

export interface AccessTokenInput {
  userId: number;
  email: string;
  organisationId: number | null;
  role: OrganisationRole | null;
  eula: boolean;
}

/**
 * Signs and verifies access tokens: HS256 JWTs holding exactly the claims of spec part 1 §3 (no `iat`).
 * fast-jwt (ARCHITECTURE.md) computes the HMAC with node:crypto in the calling thread: every API request
 * verifies a token, and WebCrypto's asynchronous verify (jose, before) cost ~60 µs a request against ~5.
 */
export class AccessTokens {
  private readonly signer: (payload: Record<string, unknown>) => string;
  private readonly verifier: (token: string) => unknown;

  constructor(
    secret: string,
    private readonly lifetimeSeconds: number,
  ) {
    this.signer = createSigner({ key: secret, algorithm: 'HS256', noTimestamp: true });
    this.verifier = createVerifier({ key: secret, algorithms: ['HS256'] });
  }

  async sign(input: AccessTokenInput, nowSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
    const claims: AccessClaims = {
      sub: input.email,
      exp: nowSeconds + this.lifetimeSeconds,
      user_id: input.userId,
      organisation_id: input.organisationId,
      user_role: input.role,
      eula: input.eula,
    };
    return this.signer(claims);
  }

  async verify(token: string): Promise<AccessClaims> {
    let payload: unknown;
    try {
      payload = this.verifier(token);
    } catch (error) {
      if (error instanceof TokenError && error.code === TokenError.codes.expired)
        throw unauthorized('tokenExpired');
      throw unauthorized();
    }
    const claims = zAccessClaims.safeParse(payload);
    if (!claims.success) throw unauthorized();
    return claims.data;
  }
}
