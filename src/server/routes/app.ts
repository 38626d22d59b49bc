// App routes: system state, client errors, health check, guide.
import { sql } from 'kysely';
import { LANGS, api } from '../../api';
import type { AppContext } from '../context';
import { HttpError } from '../errors';
import { implement } from '../http/register';
import { guide } from '../i18n/guide';

export const appRoutes = (ctx: AppContext) => [
  implement(api.app.systemState, async () => ({
    allowed_langs: [...LANGS],
    idle_timeout_minutes: ctx.config.idleTimeoutMinutes,
    version: ctx.config.version,
    licence: {
      estimates: { enabled: ctx.config.estimatesUserCap !== null, user_cap: ctx.config.estimatesUserCap },
      bim: { enabled: ctx.config.bimUserCap !== null, user_cap: ctx.config.bimUserCap },
    },
    sign_in: {
      oidc: ctx.config.oidc !== null,
      adfs: ctx.config.adfs !== null,
      kerberos: ctx.config.kerberos !== null,
    },
  })),

  implement(api.app.clientError, async ({ body, req }) => {
    await ctx.db
      .insertInto('client_errors')
      .values({
        user_id: req.userId ?? null,
        message: body.message,
        stack: body.stack ?? null,
        url: body.url ?? null,
        user_agent: body.user_agent ?? req.headers['user-agent'] ?? null,
        ip: req.ip,
      })
      .execute();
    return { success: true as const };
  }),

  implement(api.app.healthCheck, async ({ req }) => {
    try {
      await sql`SELECT 1`.execute(ctx.db);
    } catch (err) {
      req.log.error({ err }, 'health check: database down');
      throw new HttpError(503, 'UnknownException', [{ code: 'UnknownException' }]);
    }
    return { status: 'ok' as const, database: 'ok' as const };
  }),

  implement(api.app.guide, async ({ lang }) => guide(lang)),
];
