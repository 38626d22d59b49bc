// What every route module gets: the database, settings and the live-event hub.
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DB } from './db/schema';
import type { EventHub } from './events/hub';

export interface AppContext {
  db: Kysely<DB>;
  config: Config;
  events: EventHub;
}
