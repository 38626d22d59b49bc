// When a change is on screen: the DOM shows it (checked after every mutation under the root),
// then the next frame is painted (requestAnimationFrame → setTimeout(0), as the workbench bench
// times its commands).

/** Resolves once `check()` holds, re-checking after each DOM mutation under `root`. */
export function whenDom(root: HTMLElement, check: () => boolean, timeoutMs = 120_000): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`not in the DOM after ${timeoutMs} ms`));
    }, timeoutMs);
    const observer = new MutationObserver(() => {
      if (!check()) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    });
    observer.observe(root, { childList: true, subtree: true, attributes: true, characterData: true });
  });
}

/** After the next painted frame. */
export function nextPaint(): Promise<void> {
  return new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
}

/** ms from t0 until a frame is painted in which `check()` holds. */
export async function paintedWhen(root: HTMLElement, check: () => boolean, t0: number): Promise<number> {
  for (;;) {
    await whenDom(root, check);
    await nextPaint();
    if (check()) return performance.now() - t0;
  }
}
