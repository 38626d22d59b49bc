// Error shapes of every /api/v1 response that is not a success (spec §3, §8).
import { z } from 'zod';

/** One message of an error list: a stable code the client may translate, its params, and a text. */
export const ErrorItem = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** Already localized by the server (language header), used when the client has no text for `code`. */
  error_message: z.string(),
});
export type ErrorItem = z.infer<typeof ErrorItem>;

/** Every error response. `error` is the top-level code below; the list says what went wrong. */
export const ErrorBody = z.object({
  error: z.string(),
  error_message: z.array(ErrorItem),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * Top-level codes (`error`) and the status each comes with:
 * 400 BadRequest, 401 Unauthorized, 402 LicenseLimit | LicenseNotFound,
 * 403 Forbidden | IPNotAllowed, 404 NotFound, 409 Conflict, 429 TooManyRequests, 500 UnknownException.
 */
export const ErrorCode = {
  BadRequest: 'BadRequest',
  Unauthorized: 'Unauthorized',
  LicenseLimit: 'LicenseLimit',
  LicenseNotFound: 'LicenseNotFound',
  Forbidden: 'Forbidden',
  IPNotAllowed: 'IPNotAllowed',
  NotFound: 'NotFound',
  Conflict: 'Conflict',
  TooManyRequests: 'TooManyRequests',
  UnknownException: 'UnknownException',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * Item codes of a 400 list (validation) and of the other errors. Validation items carry
 * `params.field` (dotted path, e.g. "body.name") and, for max_length, `params.max`.
 */
export const ItemCode = {
  required: 'required',
  maxLength: 'max_length',
  minLength: 'min_length',
  prohibitedCharacters: 'prohibited_characters',
  invalidEmail: 'invalid_email',
  passwordMismatch: 'password_mismatch',
  invalid: 'invalid',
  wrongCredentials: 'wrong_credentials',
  wrongAnswer: 'wrong_answer',
  noSecretQuestion: 'no_secret_question',
  loginTaken: 'login_taken',
  sessionExpired: 'session_expired',
} as const;

/** Response header set on every error: its list texts are localized for the language header. */
export const ERROR_TYPE_HEADER = 'error-type';
export const ERROR_TYPE_LOCALIZED = 'localized';
