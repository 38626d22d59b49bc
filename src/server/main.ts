// Entry point: open the database (PGlite in DATA_DIR/db, or PostgreSQL via DATABASE_URL), migrate,
// seed on first start, serve the client and /api/v1.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app';
import { configFromEnv } from './config';
import { openDatabase } from './db';
import { DEMO_LOGIN, DEMO_PASSWORD, seedIfEmpty } from './seed';

const config = configFromEnv();
// The browser suite starts from nothing each run.
if (process.env.E2E_FRESH === '1') await rm(config.dataDir, { recursive: true, force: true });

const database = config.databaseUrl
  ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
if (config.seedDemo && (await seedIfEmpty(database.db))) console.log('Seeded the demo space.');

const app = await buildApp({ database, config, logger: process.env.LOG_LEVEL !== 'silent' });
const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
console.log(
  `Listening on http://localhost:${config.port} (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
);
console.log(`Demo sign-in: ${DEMO_LOGIN} / ${DEMO_PASSWORD}`);
