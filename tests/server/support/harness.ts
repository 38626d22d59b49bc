// Test harness: an app over a fresh database — PGlite from the template dump, or, in the
// integration-pg project, a fresh schema of TEST_DATABASE_URL dropped afterwards.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { API_PREFIX } from '../../../src/api/route';
import type { RouteDef } from '../../../src/api/route';
import { buildApp } from '../../../src/server/app';
import { testConfig } from '../../../src/server/config';
import type { Config } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db';
import type { Database } from '../../../src/server/db';

export const onPostgres = process.env.TEST_TARGET === 'postgres';

export interface Harness {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<{ database: Database; dispose(): Promise<void> }> {
  if (onPostgres) {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const database = await openDatabase({ kind: 'postgres', url, schema });
    return {
      database,
      dispose: async () => {
        await dropSchema(database, schema);
        await database.close();
      },
    };
  }
  const dump = new Blob([await readFile(inject('templatePath'))]);
  const database = await openDatabase({ kind: 'pglite', loadDataDir: dump });
  return { database, dispose: () => database.close() };
}

/** Drops a test schema; parallel files dropping theirs can deadlock on the catalog (40P01), so it retries. */
async function dropSchema(database: Database, schema: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(database.db);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

export async function startHarness(config: Partial<Config> = {}): Promise<Harness> {
  const { database, dispose } = await openTestDatabase();
  const app = await buildApp({ database, config: testConfig(config) });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await dispose();
    },
  };
}

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  token?: string;
  space?: string;
  headers?: Record<string, string>;
}

/** Calls a contract route by its definition, filling `:name` path segments from params. */
export function call(
  app: FastifyInstance,
  def: RouteDef,
  o: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const url =
    API_PREFIX +
    def.path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(o.params?.[k] ?? `missing-${k}`));
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.space) headers['space-id'] = o.space;
  return app.inject({
    method: def.method,
    url,
    query: o.query,
    headers,
    ...(o.body !== undefined ? { payload: o.body as object } : {}),
  });
}

let counter = 0;
/** A registration body with a unique login. */
export function newUser(prefix = 'user') {
  counter += 1;
  const login = `${prefix}${counter}_${randomUUID().slice(0, 6)}`;
  return {
    login,
    email: `${login}@example.com`,
    first_name: 'Test',
    last_name: 'User',
    password: 'correct-horse-1',
    password_confirmation: 'correct-horse-1',
    secret_question: 'First pet?',
    answer: 'Rex',
  };
}
