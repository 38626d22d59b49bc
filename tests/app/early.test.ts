import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestEarly, takeEarly } from '../../src/app/api/early';
import { appRoutes } from '../../src/api/app';
import { epsRoutes } from '../../src/api/structure';
import { userRoutes } from '../../src/api/users';
import { versionResourceRoutes } from '../../src/api/version-resources';
import { versionRoutes } from '../../src/api/versions';
import { viewRoutes } from '../../src/api/views';
import { EARLY_PATHS, startEarlyRequests } from '../../src/app/early-requests';
import { buildHeaders } from '../../src/app/api/http';
import { createBrowserStore } from '../../src/app/session/storage';

const headers = (token: string, spaceId = 's1') =>
  buildHeaders({ token, locale: 'en-US', spaceId, json: false });

function memoryStore(items: Record<string, string>) {
  const m = new Map(Object.entries(items));
  return createBrowserStore({
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  });
}

describe('early requests', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hands the early response to the first matching request, once', async () => {
    const res = new Response('{}');
    const fetch = vi.fn(() => Promise.resolve(res));
    vi.stubGlobal('fetch', fetch);
    requestEarly('/api/v1/x', headers('t'));
    expect(takeEarly('GET', '/api/v1/x', headers('t', 'other'))).toBeNull();
    expect(takeEarly('GET', '/api/v1/x', headers('u'))).toBeNull();
    expect(takeEarly('POST', '/api/v1/x', headers('t'))).toBeNull();
    await expect(takeEarly('GET', '/api/v1/x', headers('t'))).resolves.toBe(res);
    expect(takeEarly('GET', '/api/v1/x', headers('t'))).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks for the versions list and the version in a schedule address, with the stored token', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetch);
    const store = memoryStore({ 'pw.token': 'tok' });
    startEarlyRequests({ pathname: '/sp/schedule/sc', search: '?version=v9&bench=1' }, store);
    const urls = fetch.mock.calls.map((c) => (c as unknown as [string])[0]);
    expect(urls).toEqual(['/api/v1/schedules/sc/versions', '/api/v1/versions/v9/wbs/columns?format=binary']);
    expect(takeEarly('GET', urls[1]!, headers('tok', 'sp'))).not.toBeNull();
    expect(takeEarly('GET', urls[0]!, headers('tok', 'sp'))).not.toBeNull();
  });

  it('asks for the start-up calls, the tree, the cyclogram and then the attributes in a cyclogram address', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetch);
    const store = memoryStore({ 'pw.token': 'tok' });
    startEarlyRequests({ pathname: '/sp/schedule/sc/cyclogram', search: '?version=v9' }, store);
    startEarlyRequests(
      { pathname: '/sp/schedule/sc/cyclogram', search: '?version=v8&loc=wbs%3A2&kind=name' },
      store,
    );
    // Another tab of the page: only the tree (and the start-up calls, asked once).
    startEarlyRequests({ pathname: '/sp/schedule/sc/cyclogram', search: '?version=v7&view=network' }, store);
    const urls = () => fetch.mock.calls.map((c) => (c as unknown as [string])[0]);
    expect(urls()).toEqual([
      '/api/v1/system-state',
      '/api/v1/users/who-am-i',
      '/api/v1/space/sp/eps',
      '/api/v1/versions/v9/cyclogram/Location?kind_by=Work+type',
      '/api/v1/versions/v8/cyclogram/wbs%3A2?kind_by=name',
    ]);
    // The attributes once the chart has answered (their read does not compete with the chart's).
    await new Promise((ok) => setTimeout(ok, 0));
    expect(urls().slice(5).sort()).toEqual([
      '/api/v1/versions/v8/attributes',
      '/api/v1/versions/v9/attributes',
    ]);
    // The view's own call (call() builds its URL the same way) takes the early response; the
    // start-up's calls are matched without the space, as boot.ts asks before a space is open.
    expect(takeEarly('GET', urls()[3]!, headers('tok', 'sp'))).not.toBeNull();
    expect(takeEarly('GET', '/api/v1/system-state', headers('tok', ''))).not.toBeNull();
    expect(takeEarly('GET', '/api/v1/users/who-am-i', headers('tok', ''))).not.toBeNull();
  });

  it('writes out the contract paths it asks for exactly as the routes say', () => {
    expect(EARLY_PATHS).toEqual({
      systemState: appRoutes.systemState.path,
      whoAmI: userRoutes.whoAmI.path,
      tree: epsRoutes.tree.path,
      attributes: versionResourceRoutes.attributes.path,
      cyclogram: viewRoutes.cyclogram.path,
      versions: versionRoutes.list.path,
      contentColumns: versionRoutes.contentColumns.path,
    });
  });

  it('asks for nothing without a token or on another page', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetch);
    startEarlyRequests({ pathname: '/sp/schedule/sc', search: '' }, memoryStore({}));
    startEarlyRequests({ pathname: '/sp/structure', search: '' }, memoryStore({ 'pw.token': 'tok' }));
    expect(fetch).not.toHaveBeenCalled();
  });
});
