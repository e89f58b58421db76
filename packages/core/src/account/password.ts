/**
 * Password rule of spec part 1 §5: at least 8 characters and at least 2 of 5 character classes
 * (upper case, lower case, digit, symbol from a fixed set, other). The hint key is `passwordRestrictions`.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound so that hashing cost stays bounded; not a spec rule, a safety limit. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MIN_CLASSES = 2;
export const PASSWORD_SYMBOLS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

export type PasswordClass = 'upper' | 'lower' | 'digit' | 'symbol' | 'other';

export function passwordClasses(password: string): Set<PasswordClass> {
  const classes = new Set<PasswordClass>();
  for (const char of password) {
    if (char >= 'A' && char <= 'Z') classes.add('upper');
    else if (char >= 'a' && char <= 'z') classes.add('lower');
    else if (char >= '0' && char <= '9') classes.add('digit');
    else if (PASSWORD_SYMBOLS.includes(char)) classes.add('symbol');
    else classes.add('other');
  }
  return classes;
}

/** The repeat-password field must equal the password (spec part 1 §5). */
export function repeatPasswordProblem(password: string, repeat: string): 'passwordsDoNotMatch' | null {
  return password === repeat ? null : 'passwordsDoNotMatch';
}

export function isStrongPassword(password: string): boolean {
  const length = [...password].length;
  return (
    length >= PASSWORD_MIN_LENGTH &&
    length <= PASSWORD_MAX_LENGTH &&
    passwordClasses(password).size >= PASSWORD_MIN_CLASSES
  );
}
