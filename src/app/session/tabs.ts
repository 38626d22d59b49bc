// Messages between tabs over BroadcastChannel (spec §4): auth, logout, idleness, idleness-updated.

export type TabMessage =
  | { type: 'auth'; token: string; userId: string }
  | { type: 'logout' }
  | { type: 'idleness' }
  | { type: 'idleness-updated'; at: number };

const CHANNEL = 'planning-workbench';

let channel: BroadcastChannel | null = null;

function open(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  channel ??= new BroadcastChannel(CHANNEL);
  return channel;
}

export function postTabMessage(message: TabMessage): void {
  open()?.postMessage(message);
}

export function isTabMessage(value: unknown): value is TabMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'auth' || type === 'logout' || type === 'idleness' || type === 'idleness-updated';
}

/** Listen to the other tabs; returns the unsubscribe function. */
export function onTabMessage(handler: (message: TabMessage) => void): () => void {
  const ch = open();
  if (!ch) return () => undefined;
  const listener = (e: MessageEvent) => {
    if (isTabMessage(e.data)) handler(e.data);
  };
  ch.addEventListener('message', listener);
  return () => ch.removeEventListener('message', listener);
}
