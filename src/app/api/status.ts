// Status handling of spec §8 as a pure decision: what the app must do with a response.
// The fetch wrapper (http.ts) performs the decision; tests check every case here.
import { type ErrorBody, type ErrorItem, errorCode, errorItems } from './errors';

/** Error-page messages of spec §8; each has a translated text on /error. */
export const ERROR_PAGE_CODES = ['LicenseLimit', 'Forbidden', 'LicenseNotFound', 'IPNotAllowed'] as const;
export type ErrorPageCode = (typeof ERROR_PAGE_CODES)[number];

export function isErrorPageCode(code: string | null | undefined): code is ErrorPageCode {
  return (ERROR_PAGE_CODES as readonly string[]).includes(code ?? '');
}

export type StatusDecision =
  | { kind: 'ok' }
  /** 401 on any call but the login itself: the session is gone. */
  | { kind: 'to-login' }
  /** 402: the space's licence forbids entry; forget the last space and choose another. */
  | { kind: 'to-select-space'; body: ErrorBody }
  /** 403 IPNotAllowed: the error page with that message. */
  | { kind: 'to-error-page'; code: ErrorPageCode }
  /** `error-type: localized`: a list of localized messages. */
  | { kind: 'localized'; body: ErrorBody; items: ErrorItem[] }
  /** Everything else, including a 2xx body with success false. */
  | { kind: 'generic'; body: ErrorBody };

export interface ResponseFacts {
  status: number;
  /** Value of the `error-type` response header, if any. */
  errorType: string | null;
  /** Parsed JSON body (also when the body was a blob), or null. */
  body: unknown;
  /** The call was the login itself (POST auth/login or register-and-login). */
  isLogin: boolean;
}

export function decideStatus(r: ResponseFacts): StatusDecision {
  const body: ErrorBody =
    typeof r.body === 'object' && r.body !== null && !Array.isArray(r.body) ? r.body : {};
  const ok = r.status >= 200 && r.status < 300;
  if (ok) return body.success === false ? { kind: 'generic', body } : { kind: 'ok' };
  if (r.status === 401 && !r.isLogin) return { kind: 'to-login' };
  if (r.status === 402) return { kind: 'to-select-space', body };
  if (r.status === 403 && errorCode(body) === 'IPNotAllowed')
    return { kind: 'to-error-page', code: 'IPNotAllowed' };
  if (r.errorType?.toLowerCase() === 'localized') return { kind: 'localized', body, items: errorItems(body) };
  return { kind: 'generic', body };
}

/** Paths whose 401 means "wrong credentials", not "session expired". */
export function isLoginPath(path: string): boolean {
  return /(^|\/)(auth\/login|users\/register-and-login)(\?|$)/.test(path);
}
