// Opens the database: embedded PGlite (a data directory, or a dump for tests) or PostgreSQL
// through a connection string. Both speak the same SQL through Kysely.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrate } from './migrate';
import type { ScriptRunner } from './migrate';
import type { DB } from './schema';
import { PGliteThread } from './pglite-thread';

// int8 (count(*), bigint ids) as numbers; the counts we read stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: a connection string for LISTEN (live-event fan-out across processes). */
  url?: string;
  /** PostgreSQL only: the search_path schema the pool uses (tests use one per file). */
  schema?: string;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /** shared_buffers: the tests' small databases take 16MB (PGlite zeroes 128MB at every start). */
      sharedBuffers?: string;
    }
  | { kind: 'postgres'; url: string; schema?: string };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') return openPostgres(opts.url, opts.schema);
  if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true });
  // In a worker thread of its own: a long statement never blocks the server's requests.
  const lite = await PGliteThread.open({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    ...(opts.sharedBuffers ? { sharedBuffers: opts.sharedBuffers } : {}),
  });
  const run: ScriptRunner = async (script) => {
    const results = await lite.exec(script);
    return results.at(-1)?.rows ?? [];
  };
  await migrate(run);
  // PGlite has no autovacuum: without statistics the planner picks quadratic plans on big versions.
  // A dump (the tests' template) was analysed before it was taken.
  if (!opts.loadDataDir) await lite.exec('ANALYZE');
  // The dialect needs only query() and close() of a PGlite, which the thread has.
  const db = new Kysely<DB>({ dialect: new PGliteDialect(lite as unknown as PGlite) });
  return {
    db,
    kind: 'pglite',
    // Destroying the Kysely driver closes the database thread too (kysely-pglite-dialect ≥ 1.3).
    close: async () => {
      await db.destroy();
      await lite.close();
    },
  };
}

async function openPostgres(url: string, schema?: string): Promise<Database> {
  const options = schema ? `-c search_path=${schema}` : undefined;
  const pool = new pg.Pool({ connectionString: url, max: 10, ...(options ? { options } : {}) });
  const client = await pool.connect();
  try {
    if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await migrate(async (script) => {
      const res = await client.query(script);
      const last = Array.isArray(res) ? res.at(-1) : res;
      return (last?.rows ?? []) as Record<string, unknown>[];
    });
  } finally {
    client.release();
  }
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    url,
    ...(schema ? { schema } : {}),
    close: () => db.destroy(),
  };
}

/** Dumps a migrated in-memory PGlite (the test template). */
export async function dumpTemplate(): Promise<Blob> {
  const lite = new PGlite();
  await lite.waitReady;
  await migrate(
    async (script) => ((await lite.exec(script)).at(-1)?.rows ?? []) as Record<string, unknown>[],
  );
  // Statistics travel in the dump; a checkpoint leaves no log for each copy to replay at its start.
  await lite.exec('ANALYZE');
  await lite.exec('CHECKPOINT');
  const dump = await lite.dumpDataDir('none');
  await lite.close();
  return dump;
}
