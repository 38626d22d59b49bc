// A tab opened before an upgrade still runs the old build, whose lazily loaded screens are files
// named by their content's hash: after the upgrade they are gone (the server answers 404), so
// opening such a screen would fail. Vite announces the failed load as `vite:preloadError`; loading
// the page again gets the new build. At most once a minute, so a file missing for another reason
// (the network down) shows its error instead of reloading in a loop.

export const STALE_RELOAD_KEY = 'pw.staleBuildReload';
const MIN_INTERVAL_MS = 60_000;

/** Whether to reload now, given when the last reload for a missing build file happened. */
export function shouldReloadForStaleBuild(lastReload: string | null, now: number): boolean {
  const last = Number(lastReload);
  return !lastReload || !Number.isFinite(last) || now - last >= MIN_INTERVAL_MS || now < last;
}

type ReloadStore = Pick<Storage, 'getItem' | 'setItem'>;

export function installStaleBuildReload(
  target: Pick<Window, 'addEventListener'>,
  store: ReloadStore,
  reload: () => void,
  now: () => number = Date.now,
): void {
  target.addEventListener('vite:preloadError', (event) => {
    const at = now();
    if (!shouldReloadForStaleBuild(store.getItem(STALE_RELOAD_KEY), at)) return;
    store.setItem(STALE_RELOAD_KEY, String(at));
    // Not thrown to the screen's loader: the page is going away.
    event.preventDefault();
    reload();
  });
}
