// GET auth/kerberos (spec §7; docs/admin.md): sign-in by SPNEGO `Negotiate` with the keytab of
// KERBEROS_KEYTAB. Without a token the answer is 401 `WWW-Authenticate: Negotiate`, which makes a
// browser of the domain (or `curl --negotiate`) send its Kerberos ticket; a verified ticket's
// principal name@REALM is mapped to a user as OpenID Connect's subject is, and a session is issued.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../../api/route';
import type { KerberosConfig } from '../../config';
import type { AppContext } from '../../context';
import { errorPage, mapUser, SignInError } from '../oidc';
import { createSession } from '../tokens';
import { acceptToken, KerberosReject, ReplayCache } from './accept';
import { parseKeytab } from './keytab';
import type { KeytabEntry } from './keytab';

/** Identities of Kerberos principals are kept with the OpenID ones, under this issuer. */
export const KERBEROS_ISSUER = 'kerberos';

async function loadKeys(cfg: KerberosConfig): Promise<KeytabEntry[]> {
  return parseKeytab(await readFile(cfg.keytab));
}

/**
 * The mapping rule: a principal of one component, name@REALM, of an accepted realm, is the user
 * remembered for it; else the user whose email is name@domain (KERBEROS_EMAIL_DOMAIN, else the realm
 * in lower case); else a new user with login `name` and that email, a member of KERBEROS_SPACE_ID.
 */
export function kerberosClaims(
  cfg: KerberosConfig,
  keys: readonly KeytabEntry[],
  parts: string[],
  realm: string,
) {
  const realms = cfg.realms.length ? cfg.realms : [...new Set(keys.map((k) => k.realm))];
  if (!realms.includes(realm) || parts.length !== 1 || !parts[0])
    throw new SignInError(403, 'kerberos.principal', { principal: `${parts.join('/')}@${realm}` });
  const name = parts[0];
  return {
    sub: `${name}@${realm}`,
    email: `${name}@${cfg.emailDomain ?? realm.toLowerCase()}`,
    preferred_username: name,
    given_name: name,
  };
}

/**
 * Records an authenticator in the table every process shares: true when some process (this one
 * after a restart, or another worker) already admitted it within the window. Expired rows go first.
 */
async function seenElsewhere(ctx: AppContext, key: string, windowMs: number): Promise<boolean> {
  await ctx.db.deleteFrom('kerberos_replays').where('expires_at', '<', new Date()).execute();
  const inserted = await ctx.db
    .insertInto('kerberos_replays')
    .values({
      key_hash: createHash('sha256').update(key).digest('hex'),
      expires_at: new Date(Date.now() + windowMs),
    })
    .onConflict((o) => o.column('key_hash').doNothing())
    .returning('key_hash')
    .executeTakeFirst();
  return inserted === undefined;
}

export function registerKerberosRoutes(app: FastifyInstance, ctx: AppContext) {
  // The process's own cache answers first; the database's (seenElsewhere) covers the other
  // workers a captured header could be sent to (WORKERS > 1, docs/admin.md).
  const windowMs = 2 * (ctx.config.kerberos?.clockSkewSeconds ?? 300) * 1000;
  const replay = new ReplayCache(windowMs);

  const unauthorized = (req: FastifyRequest, reply: FastifyReply, code: string) => {
    reply.header('www-authenticate', 'Negotiate');
    return errorPage(req, reply, new SignInError(401, code), 'Unauthorized');
  };

  app.get(`${API_PREFIX}/auth/kerberos`, { schema: { hide: true } }, async (req, reply) => {
    const cfg = ctx.config.kerberos;
    try {
      if (!cfg) throw new SignInError(404, 'kerberos.not_configured');
      const header = req.headers.authorization ?? '';
      const match = /^Negotiate\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
      if (!match) return unauthorized(req, reply, 'kerberos.no_ticket');
      let keys: KeytabEntry[];
      try {
        keys = await loadKeys(cfg);
      } catch (err) {
        req.log.error({ err, keytab: cfg.keytab }, 'kerberos keytab unreadable');
        throw new SignInError(503, 'kerberos.keytab');
      }
      let accepted;
      try {
        accepted = acceptToken(match[1]!, {
          keys,
          servicePrincipal: cfg.servicePrincipal,
          now: new Date(),
          skewMs: cfg.clockSkewSeconds * 1000,
          replay,
        });
      } catch (err) {
        if (!(err instanceof KerberosReject)) throw err;
        req.log.warn({ reason: err.detail }, 'kerberos token rejected');
        return unauthorized(req, reply, err.code);
      }
      if (await seenElsewhere(ctx, accepted.replayKey, windowMs)) {
        req.log.warn({ principal: accepted.principal }, 'kerberos authenticator replayed to another process');
        return unauthorized(req, reply, 'kerberos.replay');
      }
      const claims = kerberosClaims(cfg, keys, accepted.name.parts, accepted.realm);
      const userId = await mapUser(ctx.db, cfg, KERBEROS_ISSUER, claims);
      const token = await createSession(ctx.db, userId);
      if (accepted.replyToken) reply.header('www-authenticate', `Negotiate ${accepted.replyToken}`);
      return reply
        .header('cache-control', 'no-store')
        .redirect(`/auth/success?token=${encodeURIComponent(token)}`, 302);
    } catch (err) {
      if (err instanceof SignInError) return errorPage(req, reply, err, 'kerberos.title');
      req.log.error({ err }, 'kerberos sign-in failed');
      return errorPage(req, reply, new SignInError(500, 'kerberos.keytab'), 'kerberos.title');
    }
  });
}
