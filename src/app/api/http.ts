// Thin fetch wrapper: bearer token, language header, 5-minute timeout, then the pure status decision.
import { ERROR_TYPE_HEADER } from '../../api/errors';
import { takeEarly } from './early';
import { type Query, buildHeaders, buildUrl } from './request-parts';
import { ApiError, type ErrorBody, isErrorBody } from './errors';
import { type StatusDecision, decideStatus, isLoginPath } from './status';

/** Spec §9: request timeout. */
export const REQUEST_TIMEOUT_MS = 5 * 60 * 1000;
export { API_BASE, buildHeaders, buildUrl, languageOf } from './request-parts';
export type { HeaderFacts } from './request-parts';

export interface HttpHooks {
  getToken: () => string | null;
  /** The locale, e.g. en-US; the header carries its language part. */
  getLocale: () => string;
  /** The open space, sent as the space-id header (space routes outside /space/{id} need it). */
  getSpaceId: () => string | null;
  /** Performs a decision (navigate, toast). `silent` calls skip toasts but not redirects. */
  onDecision: (decision: StatusDecision, silent: boolean) => void;
  /** The server could not be reached at all. */
  onUnreachable: () => void;
}

let hooks: HttpHooks = {
  getToken: () => null,
  getLocale: () => 'en-US',
  getSpaceId: () => null,
  onDecision: () => undefined,
  onUnreachable: () => undefined,
};

export function configureHttp(next: HttpHooks): void {
  hooks = next;
}

export interface RequestOptions {
  body?: unknown;
  query?: Query;
  /** Do not show the error toast (for every status, or for the listed ones); the caller reports it. */
  silent?: boolean | readonly number[];
  /** `arrayBuffer`: the body's bytes as they came (a large binary read, not paged into a Blob). */
  responseType?: 'json' | 'blob' | 'arrayBuffer';
  signal?: AbortSignal;
  /** Sent even when the page is being left (a small write flushed on pagehide). */
  keepalive?: boolean;
}

/** The headers `request` would send, for a transfer that reports its progress (XHR upload, streamed read). */
export function currentHeaders(): Headers {
  return buildHeaders({
    token: hooks.getToken(),
    locale: hooks.getLocale(),
    spaceId: hooks.getSpaceId(),
    json: false,
  });
}

async function readBody(res: Response, responseType: 'json' | 'blob' | 'arrayBuffer'): Promise<unknown> {
  if (res.status === 204) return null;
  const type = res.headers.get('content-type') ?? '';
  if (responseType === 'blob' && res.ok) return res.blob();
  if (responseType === 'arrayBuffer' && res.ok) return res.arrayBuffer();
  const text = await res.text();
  if (!text) return null;
  if (type.includes('json') || res.headers.get(ERROR_TYPE_HEADER) || !res.ok) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return { error_message: text } satisfies ErrorBody;
    }
  }
  return text;
}

export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    REQUEST_TIMEOUT_MS,
  );
  opts.signal?.addEventListener('abort', () => controller.abort(opts.signal?.reason));
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  // A Blob is JSON the caller has written already (json-blob.ts: a big batch, a slice at a time).
  const isBlob = typeof Blob !== 'undefined' && opts.body instanceof Blob;
  const hasJson = opts.body !== undefined && !isForm;
  let res: Response;
  try {
    const url = buildUrl(path, opts.query);
    const headers = buildHeaders({
      token: hooks.getToken(),
      locale: hooks.getLocale(),
      spaceId: hooks.getSpaceId(),
      json: hasJson,
    });
    res = await (takeEarly(method, url, headers) ??
      fetch(url, {
        method,
        headers,
        body: isForm
          ? (opts.body as FormData)
          : isBlob
            ? (opts.body as Blob)
            : hasJson
              ? JSON.stringify(opts.body)
              : undefined,
        signal: controller.signal,
        keepalive: opts.keepalive,
      }));
  } catch (err) {
    clearTimeout(timer);
    if (controller.signal.aborted && !opts.signal?.aborted) {
      throw new ApiError(408, { error: 'RequestTimeout', error_message: 'RequestTimeout' });
    }
    if (!opts.signal?.aborted) hooks.onUnreachable();
    throw err;
  }
  try {
    const body = await readBody(res, opts.responseType ?? 'json');
    const decision = decideStatus({
      status: res.status,
      errorType: res.headers.get(ERROR_TYPE_HEADER),
      body,
      isLogin: isLoginPath(path),
    });
    if (decision.kind === 'ok') return body as T;
    const silent = opts.silent === true || (Array.isArray(opts.silent) && opts.silent.includes(res.status));
    hooks.onDecision(decision, silent);
    throw new ApiError(res.status, isErrorBody(body) ? body : {});
  } finally {
    clearTimeout(timer);
  }
}

export const http = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('PATCH', path, { ...opts, body }),
  del: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('DELETE', path, { ...opts, body }),
};
