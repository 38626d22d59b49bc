// Live-event fan-out. Each process keeps the sockets of its signed-in users; an event goes to the
// sockets of the members of its space. On PostgreSQL, events travel through NOTIFY so that every
// server process (behind a load balancer) delivers them to its own sockets.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';
import type { LiveEvent } from '../../api/events';
import type { DB } from '../db/schema';

export interface Socketish {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  readyState: number;
}

/** Close codes: the session ended (the client signs out), the user left a space (it reconnects). */
export const CLOSE_SESSION_ENDED = 4401;
export const CLOSE_MEMBERSHIP_CHANGED = 4403;

/** How often the sockets' sessions are checked (idle expiry, an end seen by another process). */
export const SESSION_SWEEP_MS = 500;

interface SocketEntry {
  socket: Socketish;
  tokenHash: string;
}

const CHANNEL = 'live_events';

export class EventHub {
  private sockets = new Map<string, Set<SocketEntry>>();
  private sweeper: ReturnType<typeof setInterval> | null = null;
  private sweeping = false;
  private listener: pg.Client | null = null;
  /** Sends and deliveries run one after another, so clients see events in publishing order. */
  private sending: Promise<void> = Promise.resolve();
  private delivering: Promise<void> = Promise.resolve();

  constructor(
    private db: Kysely<DB>,
    private pgUrl: string | null = null,
    private idleMinutes = 30,
  ) {}

  /** PostgreSQL: listen for events published by any process (including this one). */
  async start(): Promise<void> {
    if (!this.pgUrl) return;
    this.listener = new pg.Client({ connectionString: this.pgUrl });
    await this.listener.connect();
    this.listener.on('notification', (msg) => {
      if (msg.channel === CHANNEL && msg.payload) this.deliverInOrder(JSON.parse(msg.payload) as LiveEvent);
    });
    await this.listener.query(`LISTEN ${CHANNEL}`);
  }

  async stop(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    await this.listener?.end();
    this.listener = null;
  }

  /** A socket of a session; the returned function forgets it (on close). */
  add(userId: string, socket: Socketish, tokenHash: string): () => void {
    const set = this.sockets.get(userId) ?? new Set();
    const entry = { socket, tokenHash };
    set.add(entry);
    this.sockets.set(userId, set);
    this.sweeper ??= setInterval(() => void this.sweep(), SESSION_SWEEP_MS);
    this.sweeper.unref?.();
    return () => {
      set.delete(entry);
      if (set.size === 0) this.sockets.delete(userId);
      if (this.sockets.size === 0 && this.sweeper) {
        clearInterval(this.sweeper);
        this.sweeper = null;
      }
    };
  }

  /**
   * Closes the sockets of ended sessions at once: one session (logout), every session of a user
   * (logout-all, a new password; `except` keeps the caller's own), or a user whose membership
   * changed (kick-out: the socket reconnects and hears only the spaces it still belongs to).
   */
  closeSessions(userId: string, which: { tokenHash?: string; except?: string; code?: number } = {}): void {
    for (const e of [...(this.sockets.get(userId) ?? [])]) {
      if (which.tokenHash !== undefined && e.tokenHash !== which.tokenHash) continue;
      if (which.except !== undefined && e.tokenHash === which.except) continue;
      e.socket.close(which.code ?? CLOSE_SESSION_ENDED, 'Session ended');
    }
  }

  /**
   * Closes the sockets whose session is gone: idle expiry, or an end seen by another server
   * process (they share the database, not the sockets).
   */
  async sweep(): Promise<void> {
    if (this.sweeping || this.sockets.size === 0) return;
    this.sweeping = true;
    try {
      const entries = [...this.sockets.values()].flatMap((set) => [...set]);
      const hashes = [...new Set(entries.map((e) => e.tokenHash))];
      const live = new Set(
        (
          await this.db
            .selectFrom('sessions')
            .select('token_hash')
            .where('token_hash', 'in', hashes)
            .where(sql<boolean>`last_seen_at > now() - make_interval(mins => ${this.idleMinutes})`)
            .execute()
        ).map((r) => r.token_hash),
      );
      for (const e of entries)
        if (!live.has(e.tokenHash)) e.socket.close(CLOSE_SESSION_ENDED, 'Session ended');
    } catch {
      // The database is busy or closing: the next sweep tries again.
    } finally {
      this.sweeping = false;
    }
  }

  /** Fire and forget: a lost event never fails the request that caused it. */
  publish(event: LiveEvent): void {
    if (!this.listener) return this.deliverInOrder(event);
    // Pooled connections would let a later NOTIFY overtake an earlier one: one at a time.
    this.sending = this.sending
      .then(() => sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(event)})`.execute(this.db))
      .then(
        () => undefined,
        () => undefined,
      );
  }

  /**
   * Events wait here while the previous ones are delivered; each round takes all that queued up
   * and reads their spaces' members once (50 planners' edits to one space: one read, not 50).
   * The members are read after the events were published, so never staler than one read each.
   */
  private queued: LiveEvent[] = [];

  private deliverInOrder(event: LiveEvent): void {
    this.queued.push(event);
    if (this.queued.length > 1) return;
    this.delivering = this.delivering.then(
      () => this.deliverQueued().catch(() => undefined),
      () => undefined,
    );
  }

  private async deliverQueued(): Promise<void> {
    const events = this.queued;
    this.queued = [];
    if (this.sockets.size === 0) return;
    const spaces = [...new Set(events.map((e) => e.space_id))];
    const rows = await this.db
      .selectFrom('space_members')
      .select(['space_id', 'user_id'])
      .where('space_id', 'in', spaces)
      .execute();
    const members = new Map<string, string[]>();
    for (const r of rows) {
      const list = members.get(r.space_id);
      if (list) list.push(r.user_id);
      else members.set(r.space_id, [r.user_id]);
    }
    for (const event of events) this.deliver(event, members.get(event.space_id) ?? []);
  }

  private deliver(event: LiveEvent, members: readonly string[]): void {
    const { to, ...sent } = event;
    const text = JSON.stringify(sent);
    const only = to ? new Set(to) : null;
    for (const user_id of members) {
      if (only && !only.has(user_id)) continue;
      for (const { socket } of this.sockets.get(user_id) ?? [])
        if (socket.readyState === 1) socket.send(text);
    }
  }
}
