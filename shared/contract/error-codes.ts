/**
 * Catalog keys an `AppError.code` may carry. The renderer has a message for each in every language
 * (`errors.<code>`); the host's English `message` is the fallback for anything else.
 */
export const errorCodes = [
  'invalidInput',
  'unknownOperation',
  'internal',
  'keyRejected',
  'keyMissing',
  'keychainUnavailable',
  'accountNameTaken',
  'accountNotFound',
  'accountGone',
  'noAccount',
  'databaseTooNew',
  'sandboxUnavailable',
  'network.refused',
  'network.notFound',
  'network.timeout',
  'network.certificate',
  'network.reset',
  'network.other',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
