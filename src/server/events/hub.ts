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
  readyState: number;
}

const CHANNEL = 'live_events';

export class EventHub {
  private sockets = new Map<string, Set<Socketish>>();
  private listener: pg.Client | null = null;
  /** Sends and deliveries run one after another, so clients see events in publishing order. */
  private sending: Promise<void> = Promise.resolve();
  private delivering: Promise<void> = Promise.resolve();

  constructor(
    private db: Kysely<DB>,
    private pgUrl: string | null = null,
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
    await this.listener?.end();
    this.listener = null;
  }

  add(userId: string, socket: Socketish): () => void {
    const set = this.sockets.get(userId) ?? new Set();
    set.add(socket);
    this.sockets.set(userId, set);
    return () => {
      set.delete(socket);
      if (set.size === 0) this.sockets.delete(userId);
    };
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

  private deliverInOrder(event: LiveEvent): void {
    this.delivering = this.delivering.then(
      () => this.deliver(event).catch(() => undefined),
      () => undefined,
    );
  }

  private async deliver(event: LiveEvent): Promise<void> {
    if (this.sockets.size === 0) return;
    const members = await this.db
      .selectFrom('space_members')
      .select('user_id')
      .where('space_id', '=', event.space_id)
      .execute();
    const text = JSON.stringify(event);
    for (const { user_id } of members) {
      for (const socket of this.sockets.get(user_id) ?? []) if (socket.readyState === 1) socket.send(text);
    }
  }
}
