// Browser-stored items of spec §3: the token, the last space per user, the last localization,
// and the disconnect deadline (so the countdown survives reloads). One key per item.

export const KEYS = {
  token: 'pw.token',
  locale: 'pw.locale',
  lastSpacePrefix: 'pw.lastSpace.',
  disconnectDeadline: 'pw.disconnectDeadline',
  disconnectFrom: 'pw.disconnectFrom',
} as const;

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function safeStore(): KeyValueStore {
  try {
    return window.localStorage;
  } catch {
    const mem = new Map<string, string>();
    return {
      getItem: (k) => mem.get(k) ?? null,
      setItem: (k, v) => void mem.set(k, v),
      removeItem: (k) => void mem.delete(k),
    };
  }
}

export function createBrowserStore(store: KeyValueStore) {
  return {
    getToken: () => store.getItem(KEYS.token),
    setToken: (token: string) => store.setItem(KEYS.token, token),
    removeToken: () => store.removeItem(KEYS.token),
    getLocale: () => store.getItem(KEYS.locale),
    setLocale: (locale: string) => store.setItem(KEYS.locale, locale),
    getLastSpace: (userId: string) => store.getItem(KEYS.lastSpacePrefix + userId),
    setLastSpace: (userId: string, spaceId: string) => store.setItem(KEYS.lastSpacePrefix + userId, spaceId),
    removeLastSpace: (userId: string) => store.removeItem(KEYS.lastSpacePrefix + userId),
    raw: store,
  };
}

export type BrowserStore = ReturnType<typeof createBrowserStore>;

let instance: BrowserStore | null = null;

/** The store over window.localStorage (in memory when storage is blocked). */
export function browserStore(): BrowserStore {
  instance ??= createBrowserStore(safeStore());
  return instance;
}
