import type { LoginResponse, TwoFactorChallenge } from '@groeipad/core';

// The second step of a sign-in (D57): pure helpers of the code step, without zod (the sign-in page
// keeps zod off, see FIRST_PAGE_ROUTES).

/** Whether the answer to a password is a two-factor challenge rather than tokens. */
export function isTwoFactorChallenge(answer: LoginResponse): answer is TwoFactorChallenge {
  return (
    'twoFactor' in answer &&
    answer.twoFactor === 'required' &&
    typeof answer.challenge === 'string' &&
    answer.challenge.length > 0
  );
}

export const TOTP_DIGITS = 6;

/** What the code field keeps of typed or pasted text: its digits, at most six ("123 456" → "123456"). */
export function normaliseTotpCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, TOTP_DIGITS);
}

/** Whether a (normalised) code has its six digits. */
export function isCompleteTotpCode(code: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code);
}

/** A recovery code as sent: trimmed; the server ignores case, spaces and dashes. */
export function normaliseRecoveryCode(input: string): string {
  return input.trim();
}
