// The fetch wrapper: bearer token, language header, space header, 5-minute timeout, decisions.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/app/api/errors';
import { REQUEST_TIMEOUT_MS, configureHttp, http, languageOf } from '../../src/app/api/http';
import type { StatusDecision } from '../../src/app/api/status';

const decisions: StatusDecision[] = [];
let unreachable = 0;

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

beforeEach(() => {
  decisions.length = 0;
  unreachable = 0;
  configureHttp({
    getToken: () => 'tok-1',
    getLocale: () => 'ru-RU',
    getSpaceId: () => 'space-9',
    onDecision: (d) => decisions.push(d),
    onUnreachable: () => unreachable++,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('http', () => {
  it('sends the bearer token, the language part of the locale and the space id', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => json(200, { ok: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(http.post('/space/create', { name: 'A' })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    const headers = init.headers as Headers;
    expect(url).toBe('/api/v1/space/create');
    expect(headers.get('authorization')).toBe('Bearer tok-1');
    expect(headers.get('language')).toBe('ru');
    expect(headers.get('space-id')).toBe('space-9');
    expect(headers.get('content-type')).toBe('application/json');
    expect(init.body).toBe('{"name":"A"}');
  });

  it('language header is the part before the hyphen', () => {
    expect(languageOf('en-US')).toBe('en');
    expect(languageOf('fr')).toBe('fr');
  });

  it('a 401 is decided as to-login and thrown as ApiError', async () => {
    vi.stubGlobal('fetch', async () =>
      json(401, { error: 'Unauthorized', error_message: [] }, { 'error-type': 'localized' }),
    );
    await expect(http.get('/users/who-am-i')).rejects.toBeInstanceOf(ApiError);
    expect(decisions).toEqual([{ kind: 'to-login' }]);
  });

  it('a 401 of the login call is a localized error, not a redirect', async () => {
    vi.stubGlobal('fetch', async () =>
      json(
        401,
        {
          error: 'Unauthorized',
          error_message: [{ code: 'wrong_credentials', params: {}, error_message: 'x' }],
        },
        { 'error-type': 'localized' },
      ),
    );
    await expect(http.post('/auth/login', { login: 'a', password: 'b' })).rejects.toMatchObject({
      status: 401,
    });
    expect(decisions[0]?.kind).toBe('localized');
  });

  it('reads localized errors from a blob call too', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ error: 'NotFound', error_message: [] }), {
          status: 404,
          headers: { 'content-type': 'application/octet-stream', 'error-type': 'localized' },
        }),
    );
    await expect(http.get('/users/1/avatar', { responseType: 'blob' })).rejects.toMatchObject({
      status: 404,
    });
    expect(decisions[0]?.kind).toBe('localized');
  });

  it('aborts after 5 minutes', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    const pending = http.get('/slow');
    const check = expect(pending).rejects.toMatchObject({ status: 408 });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(unreachable).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await check;
    expect(REQUEST_TIMEOUT_MS).toBe(300_000);
  });

  it('a network failure reports the server unreachable', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(http.get('/system-state')).rejects.toThrow('Failed to fetch');
    expect(unreachable).toBe(1);
  });
});

describe('silent statuses', () => {
  it('suppresses the toast only for the listed statuses, never the redirect decision', async () => {
    const seen: boolean[] = [];
    configureHttp({
      getToken: () => 't',
      getLocale: () => 'en-US',
      getSpaceId: () => null,
      onDecision: (_d, silent) => seen.push(silent),
      onUnreachable: () => undefined,
    });
    vi.stubGlobal('fetch', async () =>
      json(403, { error: 'Forbidden', error_message: [] }, { 'error-type': 'localized' }),
    );
    await expect(http.get('/x', { silent: [403] })).rejects.toBeInstanceOf(ApiError);
    vi.stubGlobal('fetch', async () =>
      json(402, { error: 'LicenseLimit', error_message: [] }, { 'error-type': 'localized' }),
    );
    await expect(http.get('/x', { silent: [403] })).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual([true, false]);
  });
});
