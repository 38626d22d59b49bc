// What an address asks the server for before the app has booted (see api/early.ts): a schedule's
// page with ?version= reads that version's content by columns and the schedule's versions list
// first, so both are requested at once with the stored token and the space in the address. The
// schedule's cyclogram page (?version=, the cyclogram tab) reads the start-up's system state and
// user, the space's tree, the version's cyclogram by the address's groupings or the usual ones
// (Location, Work type), as CyclogramView asks before the attributes are in, and the attributes
// once the chart has answered.

import { contentQuery } from '../api/columns-binary';
import { requestEarly } from './api/early';
import { buildHeaders, buildUrl, fillPath } from './api/request-parts';
import type { BrowserStore } from './session/storage';

/**
 * The contract's paths asked for here, written out: this runs in the app's first script, before
 * the contract's modules (and zod) have loaded. tests/app/early.test.ts checks each against its
 * route.
 */
export const EARLY_PATHS = {
  systemState: '/system-state',
  whoAmI: '/users/who-am-i',
  tree: '/space/:space_id/eps',
  attributes: '/versions/:id/attributes',
  cyclogram: '/versions/:id/cyclogram/:attributeId',
  versions: '/schedules/:id/versions',
  contentColumns: '/versions/:id/wbs/columns',
} as const;

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
    // The start-up's own calls too (boot.ts: system state, then the session's user, asked
    // without the space), so the page does not wait for them one after the other.
    const bootHeaders = buildHeaders({
      token,
      locale: store.getLocale() ?? 'en-US',
      spaceId: null,
      json: false,
    });
    requestEarly(buildUrl(EARLY_PATHS.systemState, undefined), bootHeaders);
    requestEarly(buildUrl(EARLY_PATHS.whoAmI, undefined), bootHeaders);
    get(EARLY_PATHS.tree, { space_id: spaceId! });
    const view = search.get('view');
    if (!version || (view !== null && view !== 'cyclogram')) return;
    const chart = get(
      EARLY_PATHS.cyclogram,
      { id: version, attributeId: search.get('loc') ?? 'Location' },
      { kind_by: search.get('kind') ?? 'Work type' },
    );
    // The attributes (the pickers' choices) once the chart has answered, as CyclogramView asks
    // for them: their read of every row's keys does not compete with the chart's on the server.
    void chart.then(() => get(EARLY_PATHS.attributes, { id: version }));
    return;
  }
  get(EARLY_PATHS.versions, { id: scheduleId! });
  if (version) get(EARLY_PATHS.contentColumns, { id: version }, contentQuery(location.search));
}
