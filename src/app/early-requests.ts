// What an address asks the server for before the app has booted (see api/early.ts): a schedule's
// page with ?version= reads that version's content by columns and the schedule's versions list
// first, so both are requested at once with the stored token and the space in the address. The
// schedule's cyclogram page (?version=, the cyclogram tab) reads the space's tree, the version's
// attributes and its cyclogram by the address's groupings or the usual ones (Location, Work
// type), as CyclogramView asks before the attributes are in.

import { epsRoutes } from '../api/structure';
import { versionResourceRoutes } from '../api/version-resources';
import { contentQuery } from '../api/columns-binary';
import { versionRoutes } from '../api/versions';
import { viewRoutes } from '../api/views';
import { fillPath } from './api/call';
import { requestEarly } from './api/early';
import { buildHeaders, buildUrl } from './api/http';
import type { BrowserStore } from './session/storage';

const SCHEDULE_PAGE = /^\/([^/]+)\/schedule\/([^/]+)\/?$/;
const CYCLOGRAM_PAGE = /^\/([^/]+)\/schedule\/([^/]+)\/cyclogram\/?$/;

export function startEarlyRequests(
  location: Pick<Location, 'pathname' | 'search'>,
  store: BrowserStore,
): void {
  const token = store.getToken();
  const page = SCHEDULE_PAGE.exec(location.pathname) ?? CYCLOGRAM_PAGE.exec(location.pathname);
  if (!token || !page) return;
  const [, spaceId, scheduleId] = page;
  const search = new URLSearchParams(location.search);
  const version = search.get('version');
  const headers = buildHeaders({
    token,
    locale: store.getLocale() ?? 'en-US',
    spaceId: spaceId!,
    json: false,
  });
  const get = (path: string, params: Record<string, string>, query?: Record<string, string>) =>
    requestEarly(buildUrl(fillPath(path, params), query), headers);
  if (CYCLOGRAM_PAGE.test(location.pathname)) {
    get(epsRoutes.tree.path, { space_id: spaceId! });
    const view = search.get('view');
    if (!version || (view !== null && view !== 'cyclogram')) return;
    get(versionResourceRoutes.attributes.path, { id: version });
    get(
      viewRoutes.cyclogram.path,
      { id: version, attributeId: search.get('loc') ?? 'Location' },
      { kind_by: search.get('kind') ?? 'Work type' },
    );
    return;
  }
  get(versionRoutes.list.path, { id: scheduleId! });
  if (version) get(versionRoutes.contentColumns.path, { id: version }, contentQuery(location.search));
}
