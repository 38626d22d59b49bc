// The signed-in user's account: profile, passwords, recovery by secret question, avatar, spaces.
import { sql } from 'kysely';
import { api } from '../../api';
import { hashSecret, normalizeAnswer, verifySecret } from '../auth/passwords';
import { checkResetLock, clearWrongAnswers, countWrongAnswer, decoyQuestion } from '../auth/secret-answer';
import { hashToken, newToken } from '../auth/tokens';
import type { AppContext } from '../context';
import { HttpError, badRequest } from '../errors';
import { implement } from '../http/register';
import { findUserByLogin, getUser } from '../services/users';
import { avatarRoutes } from './avatar';
import { spaceConfig } from './spaces';
import { licensedModules } from '../licence/seats';

const wrongAnswer = () => new HttpError(400, 'BadRequest', [{ code: 'wrong_answer' }]);

export const userRoutes = (ctx: AppContext) => [
  implement(api.users.whoAmI, async ({ userId }) => getUser(ctx.db, userId)),

  implement(api.users.update, async ({ body, userId }) => {
    const { secret_question, answer, password, notification_channels, ...names } = body;
    let secret = {};
    if (secret_question !== undefined && answer !== undefined) {
      // A new recovery question is a new way into the account: the current password confirms it.
      const user = await ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      if (!(await verifySecret(password ?? '', user.password_hash)))
        throw badRequest('wrong_password', { field: 'body.password' });
      secret = { secret_question, secret_answer_hash: await hashSecret(normalizeAnswer(answer)) };
    }
    await ctx.db
      .updateTable('users')
      .set({
        ...names,
        ...secret,
        ...(notification_channels ? { notification_channels: [...new Set(notification_channels)] } : {}),
      })
      .where('id', '=', userId)
      .execute();
    return getUser(ctx.db, userId);
  }),

  implement(api.users.changePassword, async ({ body, userId, req }) => {
    const user = await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (!(await verifySecret(body.old_password, user.password_hash)))
      throw badRequest('wrong_password', { field: 'body.old_password' });
    await ctx.db
      .updateTable('users')
      .set({ password_hash: await hashSecret(body.password) })
      .where('id', '=', userId)
      .execute();
    await ctx.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('token_hash', '!=', req.tokenHash!)
      .execute();
    ctx.events.closeSessions(userId, { except: req.tokenHash! });
    return { success: true as const };
  }),

  implement(api.users.resetPasswordRequest, async ({ body }) => {
    const user = await findUserByLogin(ctx.db, body.login);
    // An unknown login is answered like a known one: the answer must not tell logins apart.
    if (!user) return { secret_question: decoyQuestion(body.login) };
    if (!user.secret_question) throw badRequest('no_secret_question');
    return { secret_question: user.secret_question };
  }),

  implement(api.users.resetPassword, async ({ body }) => {
    const user = await findUserByLogin(ctx.db, body.login);
    if (!user?.secret_answer_hash) throw wrongAnswer();
    await checkResetLock(ctx.db, user.id);
    if (!(await verifySecret(normalizeAnswer(body.answer), user.secret_answer_hash))) {
      await countWrongAnswer(ctx.db, user.id);
      throw wrongAnswer();
    }
    await clearWrongAnswers(ctx.db, user.id);
    const token = newToken();
    await ctx.db
      .insertInto('password_resets')
      .values({
        token_hash: hashToken(token),
        user_id: user.id,
        expires_at: sql`now() + interval '15 minutes'`,
      })
      .execute();
    return { reset_token: token };
  }),

  implement(api.users.changeForgottenPassword, async ({ body }) => {
    const reset = await ctx.db
      .deleteFrom('password_resets')
      .where('token_hash', '=', hashToken(body.reset_token))
      .where(sql<boolean>`expires_at > now()`)
      .returning('user_id')
      .executeTakeFirst();
    if (!reset) throw wrongAnswer();
    await ctx.db
      .updateTable('users')
      .set({ password_hash: await hashSecret(body.password) })
      .where('id', '=', reset.user_id)
      .execute();
    await ctx.db.deleteFrom('sessions').where('user_id', '=', reset.user_id).execute();
    ctx.events.closeSessions(reset.user_id);
    return { success: true as const };
  }),

  implement(api.users.acceptPrivacyPolicy, async ({ userId }) => {
    await ctx.db
      .updateTable('users')
      .set({ privacy_policy_accepted_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
    return getUser(ctx.db, userId);
  }),

  implement(api.users.spaces, async ({ userId }) => {
    const rows = await ctx.db
      .selectFrom('space_members as m')
      .innerJoin('spaces as s', 's.id', 'm.space_id')
      .innerJoin('roles as r', (j) =>
        j.onRef('r.space_id', '=', 'm.space_id').onRef('r.id', '=', 'm.role_id'),
      )
      .select(['s.id', 's.name', 's.kind', 's.owner_id', 'r.id as role_id', 'r.value as role_value'])
      .where('m.user_id', '=', userId)
      .orderBy('s.name')
      .orderBy('s.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      kind: r.kind,
      role_id: r.role_id,
      role_value: r.role_value,
      is_owner: r.owner_id === userId,
    }));
  }),

  implement(api.users.spaceConfig, async ({ space }) =>
    spaceConfig(space, await licensedModules(ctx.db, ctx.config, space)),
  ),

  ...avatarRoutes(ctx),
];
