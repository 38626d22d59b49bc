// Error shapes of spec §3/§8 as the client sees them: {error, error_message} with an optional list.

export interface ErrorItem {
  code: string;
  params?: Record<string, unknown>;
  error_message?: string;
}

export interface ErrorBody {
  error?: string;
  error_message?: string | ErrorItem[] | string[];
  errors?: ErrorItem[];
  success?: boolean;
}

/** Thrown by the API client for every failed call, after the status handling has run. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly code: string | undefined;

  constructor(status: number, body: ErrorBody) {
    super(typeof body.error_message === 'string' ? body.error_message : (body.error ?? `HTTP ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = errorCode(body);
  }
}

/** The machine-readable code of an error body: `error`, or a string `error_message` such as IPNotAllowed. */
export function errorCode(body: ErrorBody): string | undefined {
  if (typeof body.error_message === 'string' && /^[A-Za-z]+$/.test(body.error_message)) {
    return body.error_message;
  }
  return body.error;
}

/** The list of error items in a body, wherever the server put it. */
export function errorItems(body: ErrorBody): ErrorItem[] {
  const list = Array.isArray(body.errors)
    ? body.errors
    : Array.isArray(body.error_message)
      ? body.error_message
      : [];
  return list.map((item) =>
    typeof item === 'string'
      ? { code: item, error_message: item }
      : { ...item, code: String(item.code ?? '') },
  );
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The error of a refused call read outside request() (a streamed body, an XHR): the server's error
 * body when the text is one, else the text itself (a proxy's page), or the status when empty.
 */
export function errorFromText(status: number, text: string): ApiError {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the text or the status says it.
  }
  return new ApiError(
    status,
    isErrorBody(body) ? body : { error_message: text.slice(0, 200) || `HTTP ${status}` },
  );
}
