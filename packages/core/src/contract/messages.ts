/**
 * Message keys the server answers with (`{ status, key }`). Every key is also a translation key in
 * apps/web/public/locales/{nl,en}.json under `messages.*`. Keys from the spec's catalogue keep their names.
 */
export const MESSAGE_KEYS = [
  // generic
  'validationError',
  'invalidJson',
  'unsupportedMediaType',
  'payloadTooLarge',
  'notFound',
  'unauthorized',
  'tokenExpired',
  'forbidden',
  'conflict',
  'tooManyRequests',
  'internalError',
  'serviceUnavailable',
  // validation details
  'required',
  'tooLong',
  'invalidEmail',
  'passwordRestrictions',
  'passwordsDoNotMatch',
  'invalidValue',
  'invalidLogo',
  'missingRequiredField',
  'duplicate',
  'range',
  'invalidCharacters',
  // authentication (spec part 1 §8)
  'invalidLogin',
  'accountNotActivated',
  'registerError',
  'activationFailed',
  'resetPasswordFailed',
  'invalidRefreshToken',
  'eulaRequired',
  'organisationRequired',
  'oauthFailed',
  'unknownProvider',
  // documents (DESIGN point 2, D29) and rights (spec part 1 §5, §8)
  'staleDocument',
  'invalidPatch',
  'tooDeep',
  'noAdmin',
  'duplicateRole',
  'duplicateUser',
  'userWithoutRight',
  'canNotRevokeRight',
  'principalRequiredRights',
  'invalidDocumentContent',
  'expiredTrajectory',
  'fileMaxSize',
  'unsupportedFileType',
  // organisation members (issue 6)
  'lastOwner',
  'ownMembership',
] as const;

export type MessageKey = (typeof MESSAGE_KEYS)[number];
