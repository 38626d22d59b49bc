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
import { registerKerberosRoutes } from './auth/kerberos/route';
import { registerOidcRoutes } from './auth/oidc';
import { purgeIdleSessions } from './auth/tokens';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db';
import { EventHub } from './events/hub';
import { registerEventSocket } from './events/socket';
import { installErrorHandler, sendError } from './http/errors';
import { loggerOptions } from './http/log-redact';
import { register } from './http/register';
import type { Implemented } from './http/register';
import { adminRoutes } from './routes/admin';
import { appRoutes } from './routes/app';
import { attributeRoutes } from './routes/attributes';
import { authRoutes } from './routes/auth';
import { calendarRoutes } from './routes/calendars';
import { directoryRoutes } from './routes/directories';
import { directoryListRoutes } from './routes/directory-lists';
import { directoryResourceRoutes } from './routes/directory-resources';
import { directoryRelationRoutes } from './routes/directory-relations';
import { directoryUndoRoutes } from './routes/directory-undo';
import { epsRoutes } from './routes/eps';
import { resourceAssignmentRoutes } from './routes/resources-assignments';
import { resourceRoutes } from './routes/resources';
import { resourceCurveRoutes } from './routes/resource-curves';
import { resourceUsageRoutes } from './routes/resources-usage';
import { levellingRoutes } from './routes/levelling';
import { backupRoutes } from './routes/backups';
import { executorRoutes } from './routes/executors';
import { remoteRoutes } from './routes/remote';
import { accessRoutes } from './routes/access';
import { localizationRoutes } from './routes/localization';
import { roleRoutes } from './routes/roles';
import { scheduleGroupRoutes } from './routes/schedule-groups';
import { spaceRoutes } from './routes/spaces';
import { structureRoutes } from './routes/structure';
import { transferRoutes } from './routes/transfer';
import { userRoutes } from './routes/users';
import { versionResourceRoutes } from './routes/version-resources';
import { versionRoutes } from './routes/versions';
import { pipeRoutes } from './routes/pipes';
import { projectGridRoutes } from './routes/project-grid';
import { versionCompareRoutes } from './routes/version-compare';
import { replacementRoutes } from './routes/replacements';
import { curatorDateRoutes } from './routes/curator-dates';
import { scoreboardRoutes } from './routes/scoreboard';
import { viewRoutes } from './routes/views';
import { analyticsRoutes } from './routes/analytics';
import { analyticsSettingRoutes } from './routes/analytics-settings';
import { viewSettingsRoutes } from './routes/view-settings';
import { printRoutes } from './routes/print';
import { reportRoutes } from './routes/reports';
import { wbsBatchRoutes } from './routes/wbs-batch';
import { wdpRoutes } from './routes/wdp';
import { galleryRoutes } from './routes/gallery';
import { bimRoutes } from './routes/bim';
import { bimMoreRoutes } from './routes/bim-more';
import { bimSetRoutes } from './routes/bim-sets';
import { costrRoutes } from './routes/costr';
import { chatRoutes } from './routes/chat';
import { delegationRoutes } from './routes/delegation';
import { noticeRoutes } from './routes/notices';
import { startNoticeSweep } from './services/notice-sweep';
import { bindNotices } from './services/notices';

export interface BuildOptions {
  database: Database;
  config: Config;
  /** Log requests (to stdout, or to the given stream: tests read it). */
  logger?: boolean | { stream: NodeJS.WritableStream };
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
    ...directoryRoutes(ctx),
    ...directoryRelationRoutes(ctx),
    ...directoryUndoRoutes(ctx),
    ...directoryListRoutes(ctx),
    ...directoryResourceRoutes(ctx),
    ...transferRoutes(ctx),
    ...wbsBatchRoutes(ctx),
    ...versionResourceRoutes(ctx),
    ...viewRoutes(ctx),
    ...analyticsRoutes(ctx),
    ...analyticsSettingRoutes(ctx),
    ...scoreboardRoutes(ctx),
    ...pipeRoutes(ctx),
    ...projectGridRoutes(ctx),
    ...versionCompareRoutes(ctx),
    ...replacementRoutes(ctx),
    ...curatorDateRoutes(ctx),
    ...wdpRoutes(ctx),
    ...resourceRoutes(ctx),
    ...resourceCurveRoutes(ctx),
    ...resourceAssignmentRoutes(ctx),
    ...resourceUsageRoutes(ctx),
    ...levellingRoutes(ctx),
    ...attributeRoutes(ctx),
    ...viewSettingsRoutes(ctx),
    ...printRoutes(ctx),
    ...reportRoutes(ctx),
    ...costrRoutes(ctx),
    ...chatRoutes(ctx),
    ...noticeRoutes(ctx),
    ...delegationRoutes(ctx),
    ...backupRoutes(ctx),
    ...executorRoutes(ctx),
    ...remoteRoutes(ctx),
    ...accessRoutes(ctx),
    ...localizationRoutes(ctx),
    ...galleryRoutes(ctx),
    ...bimRoutes(ctx),
    ...bimMoreRoutes(ctx),
    ...bimSetRoutes(ctx),
  ];
}

export async function buildApp({ database, config, logger = false }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(logger === true ? undefined : logger.stream),
    trustProxy: config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  const events = new EventHub(
    database.db,
    database.kind === 'postgres' ? (database.url ?? null) : null,
    config.idleTimeoutMinutes,
  );
  const ctx: AppContext = { db: database.db, config, events };
  bindNotices(ctx);

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
  // Per address and minute: guessing a credential (password, secret answer), and the other writes
  // anyone may send without a session (each stores something or tells something).
  const limits: Record<string, number> = {
    '/auth/login': config.loginRateLimit,
    '/users/reset-password': config.loginRateLimit,
    '/users/reset-password-request': config.publicRateLimit,
    '/users/change-forgotten-password': config.publicRateLimit,
    '/users/register': config.publicRateLimit,
    '/users/register-and-login': config.publicRateLimit,
    '/client-error': config.publicRateLimit,
    // A source's remote-access token is a credential too.
    '/remote/export/spaces': config.loginRateLimit,
    '/remote/export/spaces/:id': config.loginRateLimit,
  };
  for (const impl of impls) {
    const max = limits[impl.def.path];
    register(app, ctx, impl, max ? { rateLimit: { max, timeWindow: 60_000 } } : undefined);
  }
  registerEventSocket(app, ctx);
  registerOidcRoutes(app, ctx);
  registerKerberosRoutes(app, ctx);
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());

  const index = config.clientDir ? path.resolve(config.clientDir, 'index.html') : null;
  if (config.clientDir && index && existsSync(index)) {
    await app.register(fastifyStatic, {
      root: path.resolve(config.clientDir),
      wildcard: false,
      // The build's files under assets/ are named by their content's hash: a browser keeps them
      // without asking again (a reopened screen no longer waits for ~60 revalidations).
      setHeaders: (reply, file) => {
        if (/[\\/]assets[\\/]/.test(file))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    // A screen's address gets the page; a missing build file gets a 404, not the page: a tab
    // opened before an upgrade asks for the old build's files, and HTML in their place is a
    // script error instead of the not-found its loader reloads on (src/app/stale-build.ts).
    if (
      req.method === 'GET' &&
      !url.startsWith('/api/') &&
      !url.startsWith('/assets/') &&
      index &&
      existsSync(index)
    ) {
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
  // The look-ahead notices (task_will_start, task_will_finish): a job every NOTICE_SWEEP_MINUTES.
  const noticeSweep = startNoticeSweep(ctx);
  app.addHook('onReady', async () => {
    await purge();
    await events.start();
  });
  app.addHook('onClose', async () => {
    noticeSweep.stop();
    clearInterval(timer);
    await events.stop();
  });
  return app;
}
