// The disconnect countdown persists its deadline so a reload continues it (spec §4).
import { describe, expect, it } from 'vitest';
import {
  DISCONNECT_SECONDS,
  clearDeadline,
  ensureDeadline,
  restartDeadline,
  secondsLeft,
} from '../../src/app/session/countdown';
import { KEYS, type KeyValueStore } from '../../src/app/session/storage';

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('disconnect countdown', () => {
  it('starts at 10 seconds and stores the deadline', () => {
    const store = memory();
    const deadline = ensureDeadline(store, 1_000_000);
    expect(deadline).toBe(1_000_000 + DISCONNECT_SECONDS * 1000);
    expect(store.getItem(KEYS.disconnectDeadline)).toBe(String(deadline));
    expect(secondsLeft(deadline, 1_000_000)).toBe(10);
  });

  it('a reload continues the stored countdown instead of starting over', () => {
    const store = memory();
    const first = ensureDeadline(store, 1_000_000);
    const afterReload = ensureDeadline(store, 1_004_200);
    expect(afterReload).toBe(first);
    expect(secondsLeft(afterReload, 1_004_200)).toBe(6);
  });

  it('reaches 0 and never goes negative', () => {
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 99_000)).toBe(0);
  });

  it('an expired stored deadline stays at 0 after a reload', () => {
    const store = memory();
    ensureDeadline(store, 0);
    expect(secondsLeft(ensureDeadline(store, 60_000), 60_000)).toBe(0);
  });

  it('ignores a garbage or far-future stored value', () => {
    const store = memory();
    store.setItem(KEYS.disconnectDeadline, 'nonsense');
    expect(ensureDeadline(store, 5_000)).toBe(15_000);
    store.setItem(KEYS.disconnectDeadline, String(10 ** 15));
    expect(ensureDeadline(store, 5_000)).toBe(15_000);
  });

  it('restart and clear', () => {
    const store = memory();
    expect(restartDeadline(store, 100)).toBe(10_100);
    clearDeadline(store);
    expect(store.getItem(KEYS.disconnectDeadline)).toBeNull();
  });
});
