// Remote spaces (src/api/remote.ts; docs/admin.md "Remote spaces"). Source side: two public calls
// authorised by the deployment's remote-access token or a space's own (issued, listed and revoked
// by its administrator) — the spaces it shows and one space's copy
// (read in one repeatable-read transaction, gzipped). Target side: list a source's spaces, and copy
// one as a new space of the caller in one transaction (nothing is left of a copy that fails).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { api } from '../../api';
import type { RemoteCatalogue } from '../../api/remote';
import type { AppContext } from '../context';
import { badRequest, notFound, unauthorized } from '../errors';
import { Binary, implement } from '../http/register';
import type { FastifyRequest } from 'fastify';
import {
  COPY_FORMAT_VERSION,
  countSpace,
  decodeCopy,
  encodeCopy,
  importSpace,
  readSpace,
} from '../remote/space-copy';
import { baseOf, remoteGet } from '../remote/fetch-remote';
import { iso } from '../services/mappers';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The Bearer token of a source-side call, or ''. */
const bearerOf = (req: FastifyRequest): string => {
  const h = req.headers.authorization ?? '';
  return /^Bearer\s+\S+$/i.test(h) ? h.replace(/^Bearer\s+/i, '') : '';
};

/**
 * The spaces the request's remote token shows: a space's own token (remote_tokens) that space;
 * the deployment's token (REMOTE_ACCESS_TOKEN) REMOTE_ACCESS_SPACES or all (null). Throws 401 for
 * a wrong token, 404 when this deployment gives no remote access at all.
 */
async function tokenScope(ctx: AppContext, req: FastifyRequest): Promise<string[] | null> {
  const given = bearerOf(req);
  if (given) {
    const own = await ctx.db
      .updateTable('remote_tokens')
      .set({ last_used_at: new Date() })
      .where('token_hash', '=', digest(given).toString('hex'))
      .returning('space_id')
      .executeTakeFirst();
    if (own) return [own.space_id];
  }
  const expected = ctx.config.remoteAccessToken;
  if (!expected) {
    const any = await ctx.db.selectFrom('remote_tokens').select('id').limit(1).executeTakeFirst();
    if (!any) throw notFound('remote_access');
    throw unauthorized();
  }
  // Compared as digests: equal lengths for timingSafeEqual, no hint of the token's length.
  if (!given || !timingSafeEqual(digest(given), digest(expected))) throw unauthorized();
  return ctx.config.remoteAccessSpaces;
}

export function remoteRoutes(ctx: AppContext) {
  const { db, config, events } = ctx;

  const shownSpaces = async (scope: string[] | null) => {
    let q = db.selectFrom('spaces').select(['id', 'name']).orderBy('name').orderBy('id');
    if (scope) q = q.where('id', 'in', scope.length ? scope : ['00000000-0000-0000-0000-000000000000']);
    return q.execute();
  };

  const tokenOut = (t: {
    id: string;
    label: string;
    login: string | null;
    created_at: Date;
    last_used_at: Date | null;
  }) => ({
    id: t.id,
    label: t.label,
    created_by: t.login,
    created_at: iso(t.created_at),
    last_used_at: t.last_used_at ? iso(t.last_used_at) : null,
  });

  return [
    implement(api.remote.tokens, async ({ space }) => {
      const rows = await db
        .selectFrom('remote_tokens as t')
        .leftJoin('users as u', 'u.id', 't.created_by')
        .select(['t.id', 't.label', 'u.login', 't.created_at', 't.last_used_at'])
        .where('t.space_id', '=', space.spaceId)
        .orderBy('t.created_at', 'desc')
        .execute();
      return rows.map(tokenOut);
    }),

    implement(api.remote.issueToken, async ({ space, userId, body }) => {
      // 32 random bytes: the token is a bearer secret, kept only as its SHA-256.
      const token = `pws_${randomBytes(32).toString('base64url')}`;
      const row = await db
        .insertInto('remote_tokens')
        .values({
          space_id: space.spaceId,
          token_hash: digest(token).toString('hex'),
          label: body.label,
          created_by: userId,
        })
        .returning(['id', 'label', 'created_at', 'last_used_at'])
        .executeTakeFirstOrThrow();
      const me = await db.selectFrom('users').select('login').where('id', '=', userId).executeTakeFirst();
      return { ...tokenOut({ ...row, login: me?.login ?? null }), token };
    }),

    implement(api.remote.revokeToken, async ({ space, params }) => {
      const gone = await db
        .deleteFrom('remote_tokens')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) === 0) throw notFound('remote_token');
      return { success: true as const };
    }),

    implement(api.remote.exportList, async ({ req }) => {
      const scope = await tokenScope(ctx, req);
      const spaces = await shownSpaces(scope);
      const out: RemoteCatalogue = {
        product: 'planning-workbench',
        format_version: COPY_FORMAT_VERSION,
        app_version: config.version,
        spaces: [],
      };
      for (const s of spaces) out.spaces.push({ ...s, figures: await countSpace(db, s.id) });
      return out;
    }),

    implement(api.remote.exportSpace, async ({ req, params }) => {
      const scope = await tokenScope(ctx, req);
      if (scope && !scope.includes(params.id)) throw notFound('space');
      const exists = await db
        .selectFrom('spaces')
        .select('id')
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (!exists) throw notFound('space');
      const copy = await db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute((tx) => readSpace(tx, params.id, config.version));
      return new Binary(encodeCopy(copy), 'application/gzip');
    }),

    implement(api.remote.list, async ({ query }) => {
      const base = baseOf(query.url);
      const { body } = await remoteGet(base, '/remote/export/spaces', query.token, 8 * 1024 * 1024);
      const cat = parseCatalogue(body);
      return { url: base, app_version: cat.app_version, spaces: cat.spaces };
    }),

    implement(api.remote.copy, async ({ body, userId }) => {
      const base = baseOf(body.url);
      // The catalogue first: it tells a source of another format before the whole copy travels.
      const cat = parseCatalogue(
        (await remoteGet(base, '/remote/export/spaces', body.token, 8 * 1024 * 1024)).body,
      );
      const listed = cat.spaces.find((s) => s.id === body.space_id);
      if (!listed) throw badRequest('remote.space_not_shown', { field: 'space_id' });
      const { body: data } = await remoteGet(
        base,
        `/remote/export/spaces/${body.space_id}`,
        body.token,
        config.remoteCopyMaxBytes,
      );
      const copy = decodeCopy(data, config.remoteCopyMaxBytes);
      const name = body.name ?? (copy.space.name.trim().slice(0, 100) || listed.name);
      const made = await db.transaction().execute((tx) => importSpace(tx, copy, userId, name));
      events.publish({ event: 'eps_updated', space_id: made.spaceId, ids: [], payload: {} });
      return {
        space: {
          id: made.spaceId,
          name: made.name,
          kind: 'free' as const,
          role_id: made.moderatorRoleId,
          role_value: 'moderator' as const,
          is_owner: true,
        },
        copied: made.figures,
        source: { url: base, space_id: body.space_id, app_version: copy.app_version },
      };
    }),
  ];
}

/** The source's catalogue, or 400: not this product, or a copy format this server does not read. */
function parseCatalogue(body: Buffer): RemoteCatalogue {
  let cat: RemoteCatalogue;
  try {
    cat = JSON.parse(body.toString('utf8')) as RemoteCatalogue;
  } catch {
    throw badRequest('remote.not_product');
  }
  if (cat?.product !== 'planning-workbench' || !Array.isArray(cat.spaces))
    throw badRequest('remote.not_product');
  if (cat.format_version !== COPY_FORMAT_VERSION)
    throw badRequest('remote.unsupported_version', { version: String(cat.app_version) });
  return cat;
}
