// What an address asks the server for before the app has booted (see api/early.ts): a schedule's
// page with ?version= reads that version's content by columns and the schedule's versions list
// first, so both are requested at once with the stored token and the space in the address.

import { versionRoutes } from '../api/versions';
import { fillPath } from './api/call';
import { requestEarly } from './api/early';
import { buildHeaders, buildUrl } from './api/http';
import type { BrowserStore } from './session/storage';

const SCHEDULE_PAGE = /^\/([^/]+)\/schedule\/([^/]+)\/?$/;

export function startEarlyRequests(
  location: Pick<Location, 'pathname' | 'search'>,
  store: BrowserStore,
): void {
  const token = store.getToken();
  const page = SCHEDULE_PAGE.exec(location.pathname);
  if (!token || !page) return;
  const [, spaceId, scheduleId] = page;
  const version = new URLSearchParams(location.search).get('version');
  const headers = buildHeaders({
    token,
    locale: store.getLocale() ?? 'en-US',
    spaceId: spaceId!,
    json: false,
  });
  const get = (path: string, params: Record<string, string>) =>
    requestEarly(buildUrl(fillPath(path, params), undefined), headers);
  get(versionRoutes.list.path, { id: scheduleId! });
  if (version) get(versionRoutes.contentColumns.path, { id: version });
}
