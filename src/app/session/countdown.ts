// The /disconnect countdown (spec §4): 10 seconds, persisted as a deadline so a reload continues it.
import { KEYS, type KeyValueStore } from './storage';

export const DISCONNECT_SECONDS = 10;

/** The deadline to count to: the stored one if it is still ahead (or just passed), else a new one. */
export function ensureDeadline(store: KeyValueStore, now: number): number {
  const stored = Number(store.getItem(KEYS.disconnectDeadline));
  if (Number.isFinite(stored) && stored > 0 && stored <= now + DISCONNECT_SECONDS * 1000) return stored;
  const deadline = now + DISCONNECT_SECONDS * 1000;
  store.setItem(KEYS.disconnectDeadline, String(deadline));
  return deadline;
}

/** Whole seconds left, never negative. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** Start a fresh countdown (a reconnect attempt failed). */
export function restartDeadline(store: KeyValueStore, now: number): number {
  const deadline = now + DISCONNECT_SECONDS * 1000;
  store.setItem(KEYS.disconnectDeadline, String(deadline));
  return deadline;
}

/** The connection is back: forget the countdown. */
export function clearDeadline(store: KeyValueStore): void {
  store.removeItem(KEYS.disconnectDeadline);
}
