import type { TFunction } from 'i18next';

export interface FieldError {
  path: string;
  key: string;
}

/** An error answer of the API, or a network failure (status 0, key ERR_INTERNET_DISCONNECTED). */
export class ApiError extends Error {
  readonly status: number;
  readonly key: string;
  readonly fields: FieldError[];
  /** 409 staleDocument: the document's current version (D29). */
  readonly version: number | null;

  constructor(
    status: number,
    key: string,
    fields: FieldError[] = [],
    message?: string,
    version: number | null = null,
  ) {
    super(message ?? key);
    this.name = 'ApiError';
    this.status = status;
    this.key = key;
    this.fields = fields;
    this.version = version;
  }

  /** Someone else saved the document first (409 staleDocument). */
  get isStale(): boolean {
    return this.status === 409 && this.key === 'staleDocument';
  }

  get isNetworkFailure(): boolean {
    return this.key === NETWORK_FAILURE;
  }
}

export const NETWORK_FAILURE = 'ERR_INTERNET_DISCONNECTED';

/**
 * A request that got no answer (issue 21): "no internet connection" only when the browser says it is
 * offline; otherwise the network is there and the server did not answer.
 */
export function networkFailureKey(): 'internetDisconnectedError' | 'serverUnreachableError' {
  return typeof navigator !== 'undefined' && navigator.onLine === false
    ? 'internetDisconnectedError'
    : 'serverUnreachableError';
}

/** The translated text for an error; `fallbackKey` is used for unexpected failures. */
export function errorText(t: TFunction, error: unknown, fallbackKey = 'messages.internalError'): string {
  if (error instanceof ApiError) {
    if (error.isNetworkFailure) return t(networkFailureKey());
    const key = `messages.${error.key}`;
    return t(key, { defaultValue: t(fallbackKey) });
  }
  return t(fallbackKey);
}

/** `internetDisconnectedError` or `serverUnreachableError` when the error is a network failure, else `key`. */
export function failureKey(error: unknown, key: string): string {
  return error instanceof ApiError && error.isNetworkFailure ? networkFailureKey() : key;
}

/** Whether an API error names the fields it rejects (their texts then show beside the fields). */
export function hasFieldErrors(error: unknown): boolean {
  return error instanceof ApiError && error.fields.length > 0;
}

/**
 * The text of a form's failure alert: `fieldsKey` when the error names fields (the fields show the
 * details), else the error's own text (see errorText); null without an error.
 */
export function formFailureText(
  t: TFunction,
  error: unknown,
  fieldsKey: string,
  fallbackKey?: string,
): string | null {
  if (!error) return null;
  return hasFieldErrors(error) ? t(fieldsKey) : errorText(t, error, fallbackKey);
}

/** Field errors of an API error keyed by field path, as translated texts. */
export function fieldErrorTexts(t: TFunction, error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const result: Record<string, string> = {};
  for (const field of error.fields) {
    result[field.path] ??= t(`messages.${field.key}`, { defaultValue: t('messages.invalidValue') });
  }
  return result;
}
