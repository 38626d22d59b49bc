// A request's URL and headers as request() (http.ts) sends them, apart from the rest of the client:
// nothing here loads zod or the contract's schemas, so the app's first script can ask for an
// address's data with exactly the URL and headers the app will later ask with (early.ts).
import { AUTH_HEADER, LANGUAGE_HEADER, SPACE_HEADER } from '../../api/headers';
import { API_PREFIX } from '../../api/route';

export const API_BASE = API_PREFIX;

/** Fill `:name` segments of a contract path from params. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} in ${path}`);
    return encodeURIComponent(String(value));
  });
}

export function languageOf(locale: string): string {
  return locale.split('-')[0] || 'en';
}

export interface HeaderFacts {
  token: string | null;
  locale: string;
  spaceId: string | null;
  json: boolean;
}

export function buildHeaders(f: HeaderFacts): Headers {
  const headers = new Headers({ [LANGUAGE_HEADER]: languageOf(f.locale), accept: 'application/json' });
  if (f.token) headers.set(AUTH_HEADER, `Bearer ${f.token}`);
  if (f.spaceId) headers.set(SPACE_HEADER, f.spaceId);
  if (f.json) headers.set('content-type', 'application/json');
  return headers;
}

/** A request's query parameters (undefined ones left out). */
export type Query = Record<string, string | number | boolean | undefined>;

export function buildUrl(path: string, query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return `${API_BASE}/${path.replace(/^\//, '')}${qs ? `?${qs}` : ''}`;
}
