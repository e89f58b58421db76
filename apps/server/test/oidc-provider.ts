import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider on loopback (oidc-provider with its development login and consent
 * pages: any login name signs in). Account `name` has e-mail `name@idp.test` unless mapped otherwise.
 */
export async function startIdentityProvider(
  redirectUris: string[],
  emails: Record<string, { email: string; verified: boolean }> = {},
): Promise<TestIdentityProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'groeipad';
  const clientSecret = 'groeipad-test-client-secret';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    cookies: { keys: ['test-cookie-key-1'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const mapped = emails[id];
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: mapped?.email ?? `${id}@idp.test`,
            email_verified: mapped?.verified ?? true,
            given_name: 'Ida',
            family_name: 'Provider',
          };
        },
      };
    },
  });
  provider.on('server_error', (_ctx: unknown, error: Error) => console.error('oidc-provider error', error));
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Plays the browser against the provider: follows redirects with cookies and submits the development
 * login and consent forms, until the provider redirects to `stopAt`. Returns that final URL.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  stopAt: string,
): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = authorizationUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(stopAt)) return new URL(url);
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
    if (!form) throw new Error(`no form at ${url}: ${res.status} ${html.slice(0, 200)}`);
    const fields = new URLSearchParams();
    for (const [input] of form[2]!.matchAll(/<input[^>]*>/gi)) {
      const name = /name="([^"]*)"/.exec(input)?.[1];
      if (name) fields.set(name, /value="([^"]*)"/.exec(input)?.[1] ?? '');
    }
    if (fields.has('login')) fields.set('login', login);
    if (fields.has('password')) fields.set('password', 'any');
    url = new URL(form[1]!.replaceAll('&amp;', '&'), url).href;
    method = 'POST';
    body = fields.toString();
  }
  throw new Error('sign-in at the provider did not finish');
}
