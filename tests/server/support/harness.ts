// Test harness: an app over a fresh database — PGlite from the template dump, or, in the
// integration-pg project, a fresh schema of TEST_DATABASE_URL dropped afterwards.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { injectCall } from '../../../src/server/http/inject-call';
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
  // 16MB of shared buffers: PGlite zeroes them at every start (128MB took ~1 s of CPU a database).
  const database = await openDatabase({ kind: 'pglite', loadDataDir: dump, sharedBuffers: '16MB' });
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

export type { CallOptions } from '../../../src/server/http/inject-call';
/** Calls a contract route by its definition, filling `:name` path segments from params. */
export const call = injectCall;

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
