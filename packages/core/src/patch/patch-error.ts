export const PATCH_ERROR_CODES = [
  'invalidOperation',
  'invalidPointer',
  'forbiddenPath',
  'pathNotFound',
  'invalidIndex',
  'testFailed',
  'moveIntoChild',
  'cannotRemoveRoot',
  'notWritable',
  'tooLarge',
] as const;
export type PatchErrorCode = (typeof PATCH_ERROR_CODES)[number];

/** Why a JSON Patch could not be applied; `index` is the failing operation's position. */
export class PatchError extends Error {
  override readonly name = 'PatchError';
  readonly code: PatchErrorCode;
  readonly path: string | undefined;
  readonly index: number | undefined;

  constructor(code: PatchErrorCode, message: string, details: { path?: string; index?: number } = {}) {
    super(message);
    this.code = code;
    this.path = details.path;
    this.index = details.index;
  }
}

export function isPatchError(error: unknown): error is PatchError {
  return error instanceof PatchError;
}
