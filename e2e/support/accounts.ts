import type { APIRequestContext, Page } from '@playwright/test';
import { waitForLink } from './outbox';

export const PASSWORD = 'Groei-pad2026';

let counter = 0;
/** A unique address per call, so tests never share an account. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} → ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Registers and activates an account through the API and the outbox. */
export async function createActivatedUser(request: APIRequestContext, email: string): Promise<void> {
  await ok(await request.post('/api/auth/register', { data: { email, password: PASSWORD } }));
  const link = await waitForLink(email, '/activate');
  const code = new URL(link, 'http://x').searchParams.get('code');
  // The password too: an invited address (access waiting, D53) is activated only with one.
  await ok(await request.post('/api/auth/activate', { data: { code, password: PASSWORD } }));
}

function claimsOf(token: string): { sub: string } {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string };
}

export async function refresh(request: APIRequestContext, tokens: Tokens, organisationId: number | null) {
  return ok<Tokens>(
    await request.post('/api/auth/refresh', {
      data: { email: claimsOf(tokens.accessToken).sub, refreshToken: tokens.refreshToken, organisationId },
    }),
  );
}

export const ORGANISATION = {
  name: 'Basisschool De Regenboog',
  slogan: 'Samen groeien',
  description: null,
  type: 'COMPANY',
  smallLogo: null,
  largeLogo: null,
  vatIdentification: null,
  streetName: 'Schoolstraat',
  streetNumber: '12',
  postalCode: '1234 AB',
  city: 'Utrecht',
  country: 'NL',
  email: 'info@regenboog.example.com',
  phoneNumber: '030 123 4567',
};

/**
 * A fully authenticated user: activated, licence signed and owner of a new organisation.
 * Returns tokens for that organisation.
 */
export async function createReadyUser(
  request: APIRequestContext,
  email: string,
  organisationName = ORGANISATION.name,
): Promise<Tokens & { organisationId: number }> {
  await createActivatedUser(request, email);
  let tokens = await ok<Tokens>(
    await request.post('/api/auth/login', { data: { email, password: PASSWORD } }),
  );
  await ok(
    await request.post('/api/auth/eula', {
      data: {},
      headers: { Authorization: `Bearer ${tokens.accessToken}` },
    }),
  );
  tokens = await refresh(request, tokens, null);
  const organisation = await ok<{ id: number }>(
    await request.post('/api/organisations', {
      data: { ...ORGANISATION, name: organisationName },
      headers: { Authorization: `Bearer ${tokens.accessToken}` },
    }),
  );
  tokens = await refresh(request, tokens, organisation.id);
  return { ...tokens, organisationId: organisation.id };
}

/** Puts tokens (and optionally the cookie consent and language) into the page's storage before it loads. */
export async function seedStorage(
  page: Page,
  options: { tokens?: Tokens; cookies?: boolean; language?: 'nl' | 'en' },
): Promise<void> {
  await page.addInitScript((seed) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    if (seed.tokens) localStorage.setItem('tokens', JSON.stringify(seed.tokens));
    if (seed.cookies) localStorage.setItem('cookies', 'true');
    if (seed.language) localStorage.setItem('language', seed.language);
  }, options);
}
