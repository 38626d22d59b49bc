// HttpError: what handlers throw; the error handler turns it into the contract's ErrorBody.
import type { ErrorCode } from '../api/errors';

export type Params = Record<string, string | number | boolean | null>;

export interface Item {
  code: string;
  params?: Params;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: ErrorCode,
    readonly items: Item[] = [],
    /** More fields of the error body (a conflict's details). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(error);
  }
}

export const badRequest = (code: string, params: Params = {}) =>
  new HttpError(400, 'BadRequest', [{ code, params }]);
export const notFound = (what: string) =>
  new HttpError(404, 'NotFound', [{ code: 'not_found', params: { what } }]);
export const conflict = (code: string, params: Params = {}) =>
  new HttpError(409, 'Conflict', [{ code, params }]);
export const unauthorized = (code = 'Unauthorized') => new HttpError(401, 'Unauthorized', [{ code }]);
export const forbidden = () => new HttpError(403, 'Forbidden', [{ code: 'Forbidden' }]);
