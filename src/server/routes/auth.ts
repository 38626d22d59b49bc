// Sign-in, sign-out and registration.
import type { Kysely } from 'kysely';
import { api } from '../../api';
import type { Registration } from '../../api/users';
import { hashSecret, normalizeAnswer, verifySecret } from '../auth/passwords';
import { createSession } from '../auth/tokens';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { HttpError, conflict } from '../errors';
import { implement } from '../http/register';
import { findUserByLogin, getUser } from '../services/users';

// Compared against when the login does not exist, so that timing does not tell logins apart.
let decoyHash: Promise<string> | null = null;

async function register(db: Kysely<DB>, r: Registration) {
  if (await findUserByLogin(db, r.login)) throw conflict('login_taken');
  const [password_hash, secret_answer_hash] = await Promise.all([
    hashSecret(r.password),
    hashSecret(normalizeAnswer(r.answer)),
  ]);
  try {
    const { id } = await db
      .insertInto('users')
      .values({
        login: r.login,
        email: r.email,
        first_name: r.first_name,
        last_name: r.last_name,
        password_hash,
        secret_question: r.secret_question,
        secret_answer_hash,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  } catch (err) {
    // Two registrations racing for one login: the unique index decides.
    if ((err as { code?: string }).code === '23505') throw conflict('login_taken');
    throw err;
  }
}

export const authRoutes = (ctx: AppContext) => [
  implement(api.auth.login, async ({ body }) => {
    const user = await findUserByLogin(ctx.db, body.login);
    decoyHash ??= hashSecret('decoy-password');
    const ok = await verifySecret(body.password, user?.password_hash ?? (await decoyHash));
    if (!user || !ok) throw new HttpError(401, 'Unauthorized', [{ code: 'wrong_credentials' }]);
    const token = await createSession(ctx.db, user.id);
    return {
      token,
      user: await getUser(ctx.db, user.id),
      idle_timeout_minutes: ctx.config.idleTimeoutMinutes,
    };
  }),

  implement(api.auth.logout, async ({ query, req, userId }) => {
    const q = ctx.db.deleteFrom('sessions');
    const all = query.all === 'true';
    await (all ? q.where('user_id', '=', userId) : q.where('token_hash', '=', req.tokenHash!)).execute();
    // The live sockets of the ended sessions close now, not at their next event.
    ctx.events.closeSessions(userId, all ? {} : { tokenHash: req.tokenHash! });
    return { success: true as const };
  }),

  implement(api.users.register, async ({ body }) => getUser(ctx.db, await register(ctx.db, body))),

  implement(api.users.registerAndLogin, async ({ body }) => {
    const id = await register(ctx.db, body);
    const token = await createSession(ctx.db, id);
    return { token, user: await getUser(ctx.db, id), idle_timeout_minutes: ctx.config.idleTimeoutMinutes };
  }),
];
