import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  errorText,
  failureKey,
  fieldErrorTexts,
  formFailureText,
  hasFieldErrors,
  NETWORK_FAILURE,
} from './api-error';

const TEXTS: Record<string, string> = {
  internetDisconnectedError: 'No internet connection',
  serverUnreachableError: 'The server cannot be reached',
  invalidLogin: 'Wrong e-mail or password',
  registerError: 'Registration failed',
  'messages.internalError': 'Something went wrong',
  'messages.notFound': 'Not found',
  'messages.invalidEmail': 'Not a valid e-mail address',
  'messages.emailTaken': 'This e-mail address is taken',
  'messages.invalidValue': 'Invalid value',
  'messages.validationError': 'Check the marked fields',
};

/** i18next's t on a fixed table: a missing key gives its defaultValue, else the key itself. */
const t = ((key: string, options?: { defaultValue?: string }) =>
  TEXTS[key] ?? options?.defaultValue ?? key) as unknown as TFunction;

const offline = new ApiError(0, NETWORK_FAILURE);
const withFields = new ApiError(400, 'validationError', [{ path: 'email', key: 'invalidEmail' }]);

describe('ApiError', () => {
  it.each([
    ['a network failure', offline, true],
    ['an answer of the server', new ApiError(500, 'internalError'), false],
    ['status 0 with another key', new ApiError(0, 'internalError'), false],
  ])('isNetworkFailure: %s', (_label, error, expected) => {
    expect(error.isNetworkFailure).toBe(expected);
  });

  it('keeps status, key and fields; the message defaults to the key', () => {
    const error = new ApiError(409, 'emailTaken');
    expect([error.status, error.key, error.fields, error.message, error.name]).toEqual([
      409,
      'emailTaken',
      [],
      'emailTaken',
      'ApiError',
    ]);
    expect(error).toBeInstanceOf(Error);
  });
});

describe('errorText: the translated text of an error', () => {
  it.each<[string, unknown, string | undefined, string]>([
    ['a known key', new ApiError(400, 'invalidEmail'), undefined, 'Not a valid e-mail address'],
    [
      'a known key wins over the fallback',
      new ApiError(409, 'emailTaken'),
      'registerError',
      'This e-mail address is taken',
    ],
    ['an unknown key: the default fallback', new ApiError(418, 'teapot'), undefined, 'Something went wrong'],
    [
      'an unknown key: the given fallback',
      new ApiError(418, 'teapot'),
      'invalidLogin',
      'Wrong e-mail or password',
    ],
    ['a network failure', offline, 'invalidLogin', 'The server cannot be reached'],
    ['an error that is not an ApiError', new TypeError('boom'), undefined, 'Something went wrong'],
    ['a thrown string, with a fallback', 'boom', 'registerError', 'Registration failed'],
  ])('%s', (_label, error, fallbackKey, expected) => {
    expect(errorText(t, error, fallbackKey)).toBe(expected);
  });
});

describe('fieldErrorTexts: field errors by path', () => {
  it.each<[string, unknown, Record<string, string>]>([
    ['no ApiError', new Error('x'), {}],
    ['no fields', new ApiError(400, 'invalidValue'), {}],
    ['a known key', withFields, { email: 'Not a valid e-mail address' }],
    [
      'an unknown key falls back to invalidValue',
      new ApiError(400, 'x', [{ path: 'name', key: 'tooStrange' }]),
      { name: 'Invalid value' },
    ],
    [
      'the first error of a path wins',
      new ApiError(400, 'x', [
        { path: 'email', key: 'emailTaken' },
        { path: 'email', key: 'invalidEmail' },
        { path: 'address.city', key: 'nope' },
      ]),
      { email: 'This e-mail address is taken', 'address.city': 'Invalid value' },
    ],
  ])('%s', (_label, error, expected) => {
    expect(fieldErrorTexts(t, error)).toEqual(expected);
  });
});

describe('a request without an answer (issue 21)', () => {
  it('says "no internet connection" only when the browser is offline, else that the server did not answer', () => {
    expect(errorText(t, offline)).toBe('The server cannot be reached');
    const onLine = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator), 'onLine');
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    try {
      expect(errorText(t, offline)).toBe('No internet connection');
      expect(failureKey(offline, 'x')).toBe('internetDisconnectedError');
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      if (onLine) expect(navigator.onLine).toBe(true);
    }
  });
});

describe('failureKey: a network failure says so, anything else gets the given key', () => {
  it.each<[string, unknown, string]>([
    ['network failure', offline, 'serverUnreachableError'],
    ['server error', new ApiError(500, 'internalError'), 'resetPasswordFailed'],
    ['rate limit', new ApiError(429, 'tooManyRequests'), 'resetPasswordFailed'],
    ['plain error', new Error('x'), 'resetPasswordFailed'],
  ])('%s', (_label, error, expected) => {
    expect(failureKey(error, 'resetPasswordFailed')).toBe(expected);
  });
});

describe('formFailureText: the failure alert of a form', () => {
  it.each<[string, unknown, boolean, string | null]>([
    ['no error: no alert', null, false, null],
    ['field errors: the general key (details beside the fields)', withFields, true, 'Registration failed'],
    [
      'an empty field list counts as none',
      new ApiError(409, 'emailTaken', []),
      false,
      'This e-mail address is taken',
    ],
    ['unknown key: the fallback', new ApiError(500, 'whatever'), false, 'Registration failed'],
    ['network failure', offline, false, 'The server cannot be reached'],
    ['not an ApiError', new Error('x'), false, 'Registration failed'],
  ])('%s', (_label, error, fields, expected) => {
    expect(hasFieldErrors(error)).toBe(fields);
    expect(formFailureText(t, error, 'registerError', 'registerError')).toBe(expected);
  });

  it('without a fallback an unknown error gets the general internal-error text', () => {
    expect(formFailureText(t, new Error('x'), 'messages.validationError')).toBe('Something went wrong');
    expect(formFailureText(t, withFields, 'messages.validationError')).toBe('Check the marked fields');
  });
});
