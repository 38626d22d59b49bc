// Navigation for code outside React components (API status handling, tab messages, idleness).
// The router registers itself at start-up; a navigation asked for before that (e.g. the server was
// unreachable during start-up) is kept and performed once the router exists.

type Navigate = (to: string, opts?: { replace?: boolean }) => void | Promise<void>;

let pending: string | null = null;
let navigator: Navigate = (to) => {
  pending = to;
};

export function setNavigator(fn: Navigate): void {
  navigator = fn;
  if (pending !== null) {
    const to = pending;
    pending = null;
    void fn(to, { replace: true });
  }
}

/** Resolves when the router has moved (so a token can be dropped without a guard redirecting). */
export async function navigate(to: string, opts?: { replace?: boolean }): Promise<void> {
  await navigator(to, opts);
}

export function currentPath(): string {
  return window.location.pathname;
}
