/** E-mail rules shared by login, register, reset request and add-user (spec part 1 §5). */
export const EMAIL_MAX_LENGTH = 254;

// local@domain.tld: no spaces, one @, a dot in the domain, no leading/trailing dot in labels.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  const value = email.trim();
  if (value.length === 0 || value.length > EMAIL_MAX_LENGTH) return false;
  if (!EMAIL_PATTERN.test(value)) return false;
  const local = value.slice(0, value.lastIndexOf('@'));
  return local.length <= 64 && !local.startsWith('.') && !local.endsWith('.') && !local.includes('..');
}

export type EmailListProblem = 'invalidEmail' | 'duplicate';

/**
 * The one rule for adding an e-mail to a list (access users, organisation members, extract sharing; spec
 * part 1 §5, part 2 §5): it must be valid and not already in the list, compared trimmed and lower-cased.
 */
export function emailListProblem(email: string, existing: Iterable<string>): EmailListProblem | null {
  if (!isValidEmail(email)) return 'invalidEmail';
  const wanted = normaliseEmail(email);
  for (const other of existing) if (normaliseEmail(other) === wanted) return 'duplicate';
  return null;
}
