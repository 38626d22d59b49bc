// Sign-in by OpenID Connect (issue 21; docs/admin.md): authorization code flow with PKCE, state and
// nonce. The state, verifier and nonce stay server-side (oidc_logins, ten minutes); the browser
// also carries the state in an HttpOnly cookie so that a callback only completes in the browser
// that started it. openid-client validates the answer and the ID token; the user is found by the
// provider's subject, then by email, else created and made a member of the configured space.
// ADFS uses the same code with its own settings (ADFS_*) and response_mode=form_post.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import * as client from 'openid-client';
import { API_PREFIX } from '../../api/route';
import type { OidcConfig } from '../config';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { pickLang, translate } from '../i18n/messages';
import { hashSecret } from './passwords';
import { createSession } from './tokens';

const LOGIN_TTL_MINUTES = 10;

type Provider = 'oidc' | 'adfs';

const cookieName = (provider: Provider) => `pw_${provider}_state`;

/** Discovered provider metadata, per issuer and client (a failed discovery is retried next time). */
const discovered = new Map<string, Promise<client.Configuration>>();

function discover(cfg: OidcConfig): Promise<client.Configuration> {
  const key = `${cfg.issuer}\n${cfg.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    const insecure = new URL(cfg.issuer).protocol === 'http:';
    found = client.discovery(
      new URL(cfg.issuer),
      cfg.clientId,
      cfg.clientSecret ?? undefined,
      cfg.clientSecret ? undefined : client.None(),
      insecure ? { execute: [client.allowInsecureRequests] } : undefined,
    );
    found.catch(() => discovered.delete(key));
    discovered.set(key, found);
  }
  return found;
}

export class SignInError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly params: Record<string, string> = {},
  ) {
    super(code);
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A small page in the browser's language (sign-in by redirects has no screen of the client to show an error on). */
export function errorPage(
  req: FastifyRequest,
  reply: FastifyReply,
  err: SignInError,
  titleCode = 'oidc.title',
) {
  const lang = pickLang(undefined, req.headers['accept-language']);
  const t = (code: string, params?: Record<string, string>) => escapeHtml(translate(lang, code, params));
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t(titleCode)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:10vh auto;padding:0 1rem;color:#1f2937}h1{font-size:1.25rem}a{color:#2563eb}</style></head><body><h1>${t(titleCode)}</h1><p data-code="${escapeHtml(err.code)}">${t(err.code, err.params)}</p><p><a href="/auth/login">${t('oidc.back')}</a></p></body></html>`;
  return reply
    .status(err.status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

function readCookie(req: FastifyRequest, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

function stateCookie(provider: Provider, cfg: OidcConfig, value: string, maxAge: number) {
  const secure = cfg.redirectUri.startsWith('https:') ? '; Secure' : '';
  // form_post arrives as a cross-site POST: the cookie must then be SameSite=None (and Secure).
  const sameSite = provider === 'adfs' && secure ? 'None' : 'Lax';
  return `${cookieName(provider)}=${encodeURIComponent(value)}; Path=${API_PREFIX}/auth; HttpOnly; SameSite=${sameSite}; Max-Age=${maxAge}${secure}`;
}

async function start(ctx: AppContext, provider: Provider, cfg: OidcConfig, reply: FastifyReply) {
  let config: client.Configuration;
  try {
    config = await discover(cfg);
  } catch {
    throw new SignInError(502, 'oidc.unavailable');
  }
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await ctx.db
    .deleteFrom('oidc_logins')
    .where('created_at', '<', sql<Date>`now() - make_interval(mins => ${LOGIN_TTL_MINUTES})`)
    .execute();
  await ctx.db
    .insertInto('oidc_logins')
    .values({ state, provider, code_verifier: codeVerifier, nonce })
    .execute();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: cfg.redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(provider === 'adfs' ? { response_mode: 'form_post' } : {}),
  });
  return reply
    .header('set-cookie', stateCookie(provider, cfg, state, LOGIN_TTL_MINUTES * 60))
    .header('cache-control', 'no-store')
    .redirect(url.href, 302);
}

export interface Claims {
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  name?: string;
  preferred_username?: string;
}

async function callback(
  ctx: AppContext,
  provider: Provider,
  cfg: OidcConfig,
  req: FastifyRequest,
  params: URLSearchParams,
  reply: FastifyReply,
) {
  const state = params.get('state');
  const cookie = readCookie(req, cookieName(provider));
  if (!state || !cookie || cookie !== state) throw new SignInError(400, 'oidc.state');
  const login = await ctx.db
    .deleteFrom('oidc_logins')
    .where('state', '=', state)
    .where('provider', '=', provider)
    .where('created_at', '>=', sql<Date>`now() - make_interval(mins => ${LOGIN_TTL_MINUTES})`)
    .returningAll()
    .executeTakeFirst();
  if (!login) throw new SignInError(400, 'oidc.state');
  const error = params.get('error');
  if (error) {
    throw new SignInError(400, 'oidc.provider_error', {
      error: (params.get('error_description') ?? error).slice(0, 300),
    });
  }
  let config: client.Configuration;
  try {
    config = await discover(cfg);
  } catch {
    throw new SignInError(502, 'oidc.unavailable');
  }
  const current = new URL(cfg.redirectUri);
  current.search = params.toString();
  let claims: Claims;
  try {
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: login.code_verifier,
      expectedState: state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims() as unknown as Claims;
    // Many providers put email and names in the UserInfo answer only, not in the ID token.
    if (!claims.email && tokens.access_token && config.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      claims = { ...(info as Partial<Claims>), ...claims, sub: claims.sub };
    }
  } catch (err) {
    req.log.warn({ err }, 'oidc callback rejected');
    throw new SignInError(400, 'oidc.invalid_token');
  }
  const userId = await mapUser(ctx.db, cfg, config.serverMetadata().issuer, claims);
  const token = await createSession(ctx.db, userId);
  return reply
    .header('set-cookie', stateCookie(provider, cfg, '', 0))
    .header('cache-control', 'no-store')
    .redirect(`/auth/success?token=${encodeURIComponent(token)}`, 302);
}

/**
 * The user of the provider's account: by subject, else by email (then remembered by subject), else
 * created with an unusable password and made a member of the configured space.
 */
export async function mapUser(
  db: Kysely<DB>,
  cfg: Pick<OidcConfig, 'spaceId' | 'defaultRole'>,
  issuer: string,
  claims: Claims,
) {
  const known = await db
    .selectFrom('oidc_identities')
    .select('user_id')
    .where('issuer', '=', issuer)
    .where('subject', '=', claims.sub)
    .executeTakeFirst();
  if (known) return known.user_id;
  const email = claims.email?.trim();
  if (!email) throw new SignInError(400, 'oidc.no_email');
  const password_hash = await hashSecret(randomBytes(32).toString('base64url'));
  return db.transaction().execute(async (trx) => {
    const byEmail = await trx
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .orderBy('created_at')
      .executeTakeFirst();
    let userId = byEmail?.id;
    if (!userId) {
      const [first, ...rest] = (claims.name ?? '').trim().split(/\s+/);
      let login = (claims.preferred_username || email).trim();
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where(sql`lower(login)`, '=', login.toLowerCase())
        .executeTakeFirst();
      if (taken) login = `${login}-${claims.sub}`.slice(0, 200);
      userId = (
        await trx
          .insertInto('users')
          .values({
            login,
            email,
            first_name: claims.given_name || first || email.split('@')[0]!,
            last_name: claims.family_name || rest.join(' ') || '',
            password_hash,
            secret_question: null,
            secret_answer_hash: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    await trx
      .insertInto('oidc_identities')
      .values({ issuer, subject: claims.sub, user_id: userId })
      .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
      .execute();
    if (cfg.spaceId) {
      const role = await trx
        .selectFrom('roles')
        .select('id')
        .where('space_id', '=', cfg.spaceId)
        .where('value', '=', cfg.defaultRole as 'student')
        .orderBy('builtin', 'desc')
        .orderBy('created_at')
        .executeTakeFirst();
      if (role) {
        await trx
          .insertInto('space_members')
          .values({ space_id: cfg.spaceId, user_id: userId, role_id: role.id })
          .onConflict((oc) => oc.columns(['space_id', 'user_id']).doNothing())
          .execute();
      }
    }
    return userId;
  });
}

/** The sign-in routes: GET auth/openidconnect, GET auth/openid; GET auth/adfs, POST auth/adfs/callback. */
export function registerOidcRoutes(app: FastifyInstance, ctx: AppContext) {
  const run =
    (
      provider: Provider,
      step: (cfg: OidcConfig, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    ) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      const cfg = ctx.config[provider];
      try {
        if (!cfg) throw new SignInError(404, 'oidc.not_configured');
        return await step(cfg, req, reply);
      } catch (err) {
        if (err instanceof SignInError) return errorPage(req, reply, err);
        req.log.error({ err }, 'oidc sign-in failed');
        return errorPage(req, reply, new SignInError(502, 'oidc.unavailable'));
      }
    };
  const query = (req: FastifyRequest) => new URLSearchParams(req.url.split('?')[1] ?? '');
  const hide = { schema: { hide: true } };

  app.get(
    `${API_PREFIX}/auth/openidconnect`,
    hide,
    run('oidc', (cfg, _req, reply) => start(ctx, 'oidc', cfg, reply)),
  );
  app.get(
    `${API_PREFIX}/auth/openid`,
    hide,
    run('oidc', (cfg, req, reply) => callback(ctx, 'oidc', cfg, req, query(req), reply)),
  );
  app.get(
    `${API_PREFIX}/auth/adfs`,
    hide,
    run('adfs', (cfg, _req, reply) => start(ctx, 'adfs', cfg, reply)),
  );
  // ADFS answers with response_mode=form_post: the form is parsed here only.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, new URLSearchParams(body as string)),
    );
    scope.post(
      `${API_PREFIX}/auth/adfs/callback`,
      hide,
      run('adfs', (cfg, req, reply) =>
        callback(
          ctx,
          'adfs',
          cfg,
          req,
          req.body instanceof URLSearchParams ? req.body : new URLSearchParams(),
          reply,
        ),
      ),
    );
  });
}
