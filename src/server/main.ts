// Entry point: open the database (PGlite in DATA_DIR/db, or PostgreSQL via DATABASE_URL), migrate,
// seed on first start, serve the client and /api/v1 — in this process, or, with WORKERS=N on
// PostgreSQL, in N cluster workers sharing the port (src/server/cluster.ts).
import cluster from 'node:cluster';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app';
import { planWorkers, superviseWorkers } from './cluster';
import { configFromEnv } from './config';
import { openDatabase } from './db';
import { DEMO_LOGIN, DEMO_PASSWORD, seedIfEmpty } from './seed';

const config = configFromEnv();
let workers: number;
try {
  workers = planWorkers(config);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const primary = cluster.isPrimary;
// The browser suite starts from nothing each run.
if (primary && process.env.E2E_FRESH === '1') await rm(config.dataDir, { recursive: true, force: true });

const database = config.databaseUrl
  ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
if (primary && config.seedDemo && (await seedIfEmpty(database.db))) console.log('Seeded the demo space.');

if (primary && workers > 1) {
  // Migrated and seeded once here; the workers open their own pools.
  await database.close();
  superviseWorkers(workers);
  console.log(`Listening on http://localhost:${config.port} (PostgreSQL, ${workers} worker processes)`);
  console.log(`Demo sign-in: ${DEMO_LOGIN} / ${DEMO_PASSWORD}`);
} else {
  const app = await buildApp({ database, config, logger: process.env.LOG_LEVEL !== 'silent' });
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  if (primary) {
    console.log(
      `Listening on http://localhost:${config.port} (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
    );
    console.log(`Demo sign-in: ${DEMO_LOGIN} / ${DEMO_PASSWORD}`);
  } else console.log(`Worker ${process.pid} serving port ${config.port}`);
}
