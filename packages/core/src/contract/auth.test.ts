import { describe, expect, it } from 'vitest';
import { zLoginRequest, zRefreshRequest, zRegisterRequest, zResetPasswordRequest } from './auth.ts';
import { zErrorBody } from './common.ts';

const issues = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('authentication bodies (spec part 1 §7)', () => {
  it('register {email, password}: valid e-mail, strong password; e-mail normalised', () => {
    expect(zRegisterRequest.parse({ email: ' A@X.nl ', password: 'Secret123' })).toEqual({
      email: 'a@x.nl',
      password: 'Secret123',
    });
    expect(issues(zRegisterRequest.safeParse({ email: 'nope', password: 'weak' }))).toEqual([
      'invalidEmail',
      'passwordRestrictions',
    ]);
  });
  it.each([
    [{ email: 'a@x.nl', password: 'x' }, true, 'login: valid e-mail and non-empty password'],
    [{ email: 'a@x.nl', password: '' }, false, 'an empty password is refused'],
    [{ email: 'a', password: 'x' }, false, 'an invalid e-mail is refused'],
  ])('%j → %s (%s)', (body, ok) => {
    expect(zLoginRequest.safeParse(body).success).toBe(ok);
  });
  it('reset {code, password} needs the password rule too', () => {
    expect(zResetPasswordRequest.safeParse({ code: 'c', password: 'Secret123' }).success).toBe(true);
    expect(zResetPasswordRequest.safeParse({ code: 'c', password: 'secret' }).success).toBe(false);
  });
  it('refresh {email, refreshToken, organisationId}', () => {
    expect(zRefreshRequest.safeParse({ email: 'a@x.nl', refreshToken: 't', organisationId: 0 }).success).toBe(
      true,
    );
    expect(zRefreshRequest.safeParse({ email: 'a@x.nl', refreshToken: '' }).success).toBe(false);
  });
  it('every error answer is {status, key}', () => {
    expect(zErrorBody.safeParse({ status: 401, key: 'invalidLogin' }).success).toBe(true);
    expect(zErrorBody.safeParse({ status: 401, key: 'made-up' }).success).toBe(false);
  });
});
