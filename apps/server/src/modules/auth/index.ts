/** What the rest of the server uses of accounts: only through here (issue "Floors, enforced"). */
export { type ActivatedAccount, onAccessWaiting, onAccountActivated } from './activation.ts';
export { hashPassword } from './passwords.ts';
export { consumeRateLimit, pruneRateLimits, type RequestOrigin } from './rate-limit.ts';
export { hashSecret, randomSecret } from './tokens.ts';
