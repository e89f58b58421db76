import * as client from 'openid-client';
import type { OidcProviderConfig } from '../../config.ts';

export interface ExternalProfile {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  firstName: string | undefined;
  lastName: string | undefined;
}

export interface AuthorizationStart {
  url: URL;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** One configured OpenID Connect provider; discovery runs on first use and is then cached. */
export class OidcProvider {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(
    readonly settings: OidcProviderConfig,
    private readonly redirectUri: string,
  ) {}

  private config(): Promise<client.Configuration> {
    this.configuration ??= client
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        this.settings.issuer.startsWith('http://') ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  async start(): Promise<AuthorizationStart> {
    const config = await this.config();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state, codeVerifier, nonce };
  }

  /** Exchanges the authorisation code and returns who signed in. */
  async finish(
    query: { code: string; state?: string | undefined; iss?: string | undefined },
    checks: { state: string; codeVerifier: string; nonce: string },
  ): Promise<ExternalProfile> {
    const config = await this.config();
    const callback = new URL(this.redirectUri);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) callback.searchParams.set(name, value);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    let info: Record<string, unknown> = claims;
    if (typeof claims.email !== 'string') {
      info = { ...claims, ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)) };
    }
    const text = (key: string) => (typeof info[key] === 'string' ? (info[key] as string) : undefined);
    return {
      subject: claims.sub,
      email: text('email'),
      emailVerified: info.email_verified === true,
      firstName: text('given_name'),
      lastName: text('family_name'),
    };
  }
}
