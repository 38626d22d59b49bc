// buildApp: the Fastify server over an opened database — every contract route, OpenAPI, the
// live-event socket, the error shape, and (when built) the client with an SPA fallback.
import { existsSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { allRoutes } from '../api';
import { API_PREFIX } from '../api/route';
import { purgeIdleSessions } from './auth/tokens';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db';
import { EventHub } from './events/hub';
import { registerEventSocket } from './events/socket';
import { installErrorHandler, sendError } from './http/errors';
import { register } from './http/register';
import type { Implemented } from './http/register';
import { adminRoutes } from './routes/admin';
import { appRoutes } from './routes/app';
import { authRoutes } from './routes/auth';
import { calendarRoutes } from './routes/calendars';
import { epsRoutes } from './routes/eps';
import { roleRoutes } from './routes/roles';
import { scheduleGroupRoutes } from './routes/schedule-groups';
import { spaceRoutes } from './routes/spaces';
import { structureRoutes } from './routes/structure';
import { transferRoutes } from './routes/transfer';
import { userRoutes } from './routes/users';
import { versionResourceRoutes } from './routes/version-resources';
import { versionRoutes } from './routes/versions';
import { wbsBatchRoutes } from './routes/wbs-batch';

export interface BuildOptions {
  database: Database;
  config: Config;
  logger?: boolean;
}

export function implementations(ctx: AppContext): Implemented[] {
  return [
    ...appRoutes(ctx),
    ...authRoutes(ctx),
    ...userRoutes(ctx),
    ...spaceRoutes(ctx),
    ...roleRoutes(ctx),
    ...adminRoutes(ctx),
    ...epsRoutes(ctx),
    ...structureRoutes(ctx),
    ...scheduleGroupRoutes(ctx),
    ...versionRoutes(ctx),
    ...calendarRoutes(ctx),
    ...transferRoutes(ctx),
    ...wbsBatchRoutes(ctx),
    ...versionResourceRoutes(ctx),
  ];
}

export async function buildApp({ database, config, logger = false }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger, trustProxy: config.trustProxy, bodyLimit: 10 * 1024 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  const events = new EventHub(database.db, database.kind === 'postgres' ? (database.url ?? null) : null);
  const ctx: AppContext = { db: database.db, config, events };

  await app.register(swagger, {
    openapi: {
      info: { title: 'Planning workbench API', version: config.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: 1024 * 1024, files: 1 } });
  await app.register(websocket);

  // Every contract route must have exactly one implementation: a missing one fails at start.
  const impls = implementations(ctx);
  for (const def of allRoutes) {
    const found = impls.filter((i) => i.def === def);
    if (found.length !== 1)
      throw new Error(`route ${def.method} ${def.path}: ${found.length} implementations`);
  }
  const loginPath = '/auth/login';
  for (const impl of impls) {
    const limited = impl.def.path === loginPath;
    register(
      app,
      ctx,
      impl,
      limited ? { rateLimit: { max: config.loginRateLimit, timeWindow: 60_000 } } : undefined,
    );
  }
  registerEventSocket(app, ctx);
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());

  const index = config.clientDir ? path.resolve(config.clientDir, 'index.html') : null;
  if (config.clientDir && index && existsSync(index)) {
    await app.register(fastifyStatic, { root: path.resolve(config.clientDir), wildcard: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (req.method === 'GET' && !url.startsWith('/api/') && index && existsSync(index)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return sendError(req, reply, 404, 'NotFound', [{ code: 'not_found', params: { what: url } }]);
  });

  // Hourly: drop idle sessions; on PGlite (no autovacuum) also refresh planner statistics.
  const purge = async () => {
    await purgeIdleSessions(database.db, config.idleTimeoutMinutes).catch(() => undefined);
    if (database.kind === 'pglite') await sql`ANALYZE`.execute(database.db).catch(() => undefined);
  };
  const timer = setInterval(purge, 3_600_000);
  timer.unref();
  app.addHook('onReady', async () => {
    await purge();
    await events.start();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await events.stop();
  });
  return app;
}
