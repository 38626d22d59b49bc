// Requests started before the app has booted. Opening a schedule's address waits otherwise for the
// start-up sequence (system state → language → session → space config → the page) before it asks
// for the version's content — tens of megabytes for a large version, computed by the database.
// With the stored token, that request starts at once; request() takes its response when the
// method, URL and headers it would send match, and runs it through the usual status handling.

import { AUTH_HEADER, SPACE_HEADER } from '../../api/headers';

/** An unclaimed early response is dropped after this long (its body may be large). */
const KEEP_MS = 60_000;

interface Early {
  readonly response: Promise<Response>;
  readonly timer: ReturnType<typeof setTimeout>;
}

const pending = new Map<string, Early>();

function keyOf(method: string, url: string, headers: Headers): string {
  return [method, url, headers.get(AUTH_HEADER) ?? '', headers.get(SPACE_HEADER) ?? ''].join('\n');
}

/**
 * Starts a GET now; the first request() with the same URL and credentials gets its response.
 * Returns the response's promise (settled, never rejected: a failure is the later request's).
 */
export function requestEarly(url: string, headers: Headers): Promise<unknown> {
  const key = keyOf('GET', url, headers);
  const started = pending.get(key);
  if (started) return started.response.catch(() => undefined);
  const response = fetch(url, { method: 'GET', headers });
  // A failure here is the later request's to report; keep the rejection from going unhandled.
  response.catch(() => undefined);
  const timer = setTimeout(() => pending.delete(key), KEEP_MS);
  pending.set(key, { response, timer });
  return response.catch(() => undefined);
}

/** The early response for this request, once; null when none was started for it. */
export function takeEarly(method: string, url: string, headers: Headers): Promise<Response> | null {
  const key = keyOf(method, url, headers);
  const hit = pending.get(key);
  if (!hit) return null;
  pending.delete(key);
  clearTimeout(hit.timer);
  return hit.response;
}
