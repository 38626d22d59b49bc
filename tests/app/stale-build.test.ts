import { describe, expect, test } from 'vitest';
import {
  installStaleBuildReload,
  shouldReloadForStaleBuild,
  STALE_RELOAD_KEY,
} from '../../src/app/stale-build';

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('shouldReloadForStaleBuild', () => {
  test('reloads the first time, and again only a minute after the last reload', () => {
    expect(shouldReloadForStaleBuild(null, 1_000)).toBe(true);
    expect(shouldReloadForStaleBuild('1000', 1_000 + 59_999)).toBe(false);
    expect(shouldReloadForStaleBuild('1000', 1_000 + 60_000)).toBe(true);
  });
  test('a stamp that is not a time, or one from the future (clock changed), does not block', () => {
    expect(shouldReloadForStaleBuild('garbage', 5_000)).toBe(true);
    expect(shouldReloadForStaleBuild('90000', 5_000)).toBe(true);
  });
});

describe('installStaleBuildReload', () => {
  test('a failed chunk load reloads once and keeps the error from the screen; a second within a minute does not', () => {
    const target = new EventTarget();
    const store = memoryStore();
    let reloads = 0;
    let clock = 10_000;
    installStaleBuildReload(
      target as unknown as Window,
      store,
      () => reloads++,
      () => clock,
    );

    const first = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(first);
    expect(reloads).toBe(1);
    expect(first.defaultPrevented).toBe(true);
    expect(store.getItem(STALE_RELOAD_KEY)).toBe('10000');

    clock += 5_000;
    const second = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(second);
    expect(reloads).toBe(1);
    expect(second.defaultPrevented).toBe(false);
  });
});
