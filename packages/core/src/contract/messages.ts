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
  'fileMissing',
  'databaseUnavailable',
  'paymentsUnavailable',
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
  // D53: the account has access waiting, so the activation sets its password
  'activationNeedsPassword',
  // D52: this installation does not let this address register itself
  'registrationClosed',
  'resetPasswordFailed',
  'invalidRefreshToken',
  'eulaRequired',
  'organisationRequired',
  'oauthFailed',
  'unknownProvider',
  // documents (DESIGN point 2, D29) and rights (spec part 1 §5, §8)
  'staleDocument',
  'invalidPatch',
  'patchTooLarge',
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
  // D42: a save names a file its writer may not read (or one that does not exist: the same answer)
  'fileNotReadable',
  // D54: a file named by a saved entry or form keeps its content (a new upload is a new file)
  'fileFrozen',
  // issue 30: a photo with more pixels than its thumbnail may be drawn from
  'imageTooLarge',
  // issue 30: an evaluation entry's key is its moment (an ISO timestamp)
  'invalidEntryTimestamp',
  'noAccess',
  // organisation members (issue 6)
  'lastOwner',
  'ownMembership',
  // extracts (issue 10; D26, D37)
  'notAMember',
  'extractNotReady',
  'extractNotFailed',
  // credits and payments (issue 11; D22–D25)
  'privateOrganisationRequired',
  'insufficientCredits',
  'quoteAccepted',
  'paymentEnded',
  'paymentProviderError',
  // D12: in a private organisation activeUntil moves only by credits (the extension wizard)
  'activeUntilByCredits',
  // new trajectories from a spreadsheet (issue 22): more rows than one import takes, a student role the
  // new trajectories do not have, a title a readable trajectory already has
  'tooManyRows',
  'unknownRole',
  'titleExists',
  // D56: CASE and qualification-file imports, and the cohort update's undo
  'tooMany',
  'unknownParent',
  'wrongParent',
  'updateNotUndoable',
  // D58: an invitation to make an account for an address that has an active one
  'accountActive',
  // D54, issue 31: why a mentor's session token no longer works
  'mentorSessionReplaced',
  'mentorSessionLapsed',
  // D57, issue 33: two-factor sign-in
  'invalidTwoFactorCode',
  'twoFactorChallengeExpired',
  'twoFactorAlreadyEnabled',
  'twoFactorNotEnabled',
] as const;

export type MessageKey = (typeof MESSAGE_KEYS)[number];

/**
 * Every message key the specification's error catalogues name (part 1 §8, part 2 §8, and the
 * success keys beside them; the literal log strings there are not keys). Each is a top-level key in
 * both locales; a web unit test holds that.
 */
export const SPEC_MESSAGE_KEYS = [
  'invalidLogin',
  'registerError',
  'registerSuccess',
  'passwordResetLinkError',
  'passwordResetLinkSent',
  'resetPasswordFailed',
  'resetPasswordSuccess',
  'activationFailed',
  'activationSucceeded',
  'deleteDocumentError',
  'generateExtractError',
  'generateExtractSuccess',
  'loadDocumentError',
  'saveDocumentFailure',
  'saveReportSuccess',
  'saveDocumentSuccess',
  'internetDisconnectedError',
  'canNotRevokeRight',
  'noFilteredDataFound',
  'noAccess',
  'invalidDocumentContent',
  'expiredTrajectory',
  'fileMaxSize',
  'exitDocumentMessage',
  'deleteDocumentTitle',
  'deleteDocumentMessage',
  'loadProfileError',
  'invalidDocumentId',
  'pageNotFound',
  'invalidPage',
  'principalRequiredRights',
  'cameraFailure',
  'restoreTrashError',
  'deleteTrashError',
  'loadObjectError',
  'loadOrganisationError',
  'addObjectError',
  'addObjectSuccess',
  'importObjectError',
  'importObjectSuccess',
  'deleteObjectError',
  'deleteObjectSuccess',
  'updateObjectError',
  'updateObjectSuccess',
  'missingRequiredField',
  'calculatePriceError',
  'loadPricesError',
  'extensionError',
  'range',
  'noElementsFound',
  'orderComplete',
  'passwordRestrictions',
  'passwordsDoNotMatch',
] as const;
