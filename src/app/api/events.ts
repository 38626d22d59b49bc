// One WebSocket to /api/v1/events (the token as its second subprotocol, after `bearer`: it never
// appears in a URL or a server log), reconnecting with
// backoff. When reconnects keep failing and the health check cannot reach the server either,
// `onUnreachable` fires (the app shows /disconnect).
import { EVENTS_PATH, EVENTS_SUBPROTOCOL, type LiveEvent } from '../../api/events';

export type LiveListener = (event: LiveEvent) => void;

const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000, 30000];

/** Delay before reconnect attempt number `attempt` (0-based). */
export function backoffDelay(attempt: number): number {
  return BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] ?? 30000;
}

/** Close code the server uses for a missing or expired token. */
export const CLOSE_UNAUTHORIZED = 4401;

export interface LiveHooks {
  onUnreachable: () => void;
  /** The server refused the token (close code 4401): the session is over. */
  onUnauthorized: () => void;
}

export class LiveEvents {
  private socket: WebSocket | null = null;
  private token: string | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<LiveListener>();

  constructor(private readonly hooks: LiveHooks) {}

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  connect(token: string): void {
    if (this.token === token && this.socket) return;
    this.disconnect();
    this.token = token;
    this.open();
  }

  disconnect(): void {
    this.token = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const s = this.socket;
    this.socket = null;
    s?.close(1000);
  }

  private open(): void {
    if (!this.token) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${proto}//${location.host}${EVENTS_PATH}`, [
      EVENTS_SUBPROTOCOL,
      this.token,
    ]);
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.attempt = 0;
    });
    socket.addEventListener('message', (e: MessageEvent<string>) => this.dispatch(e.data));
    socket.addEventListener('close', (e) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (e.code === CLOSE_UNAUTHORIZED) {
        this.token = null;
        this.hooks.onUnauthorized();
        return;
      }
      this.scheduleReconnect();
    });
  }

  private dispatch(data: string): void {
    let event: LiveEvent;
    try {
      event = JSON.parse(data) as LiveEvent;
    } catch {
      return;
    }
    if (typeof event?.event !== 'string') return;
    for (const l of this.listeners) l(event);
  }

  private scheduleReconnect(): void {
    if (!this.token) return;
    const delay = backoffDelay(this.attempt++);
    if (this.attempt >= 2) void this.checkReachable();
    this.timer = setTimeout(() => this.open(), delay);
  }

  private async checkReachable(): Promise<void> {
    try {
      await fetch('/api/v1/health-check', { cache: 'no-store' });
    } catch {
      this.hooks.onUnreachable();
    }
  }
}
