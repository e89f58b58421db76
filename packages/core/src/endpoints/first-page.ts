import type { HttpMethod } from './define.ts';

/**
 * Method and path of the calls the first page makes (sign-in, the session refresh, the external
 * providers, the connection ping), free of zod: the sign-in page's script budget keeps zod off it
 * (ARCHITECTURE "sign-in page weight"). Their contracts in auth.ts and health.ts are built from these,
 * so the web's calls and the server's routes cannot drift apart.
 */
export const FIRST_PAGE_ROUTES = {
  login: { method: 'POST', path: '/api/auth/login' },
  loginTwoFactor: { method: 'POST', path: '/api/auth/login/two-factor' },
  refresh: { method: 'POST', path: '/api/auth/refresh' },
  oauthProviders: { method: 'GET', path: '/api/oauth2/providers' },
  oauthLogin: { method: 'GET', path: '/api/oauth2/:provider/login' },
  ping: { method: 'GET', path: '/actuator/health/ping' },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;
