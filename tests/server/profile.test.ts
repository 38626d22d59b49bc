// The profile's own settings: notification channels, and a new secret question and answer that
// only the current password can set and that password recovery then asks.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { User } from '../../src/api';
import { signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('profile settings', () => {
  let h: Harness;
  let app: FastifyInstance;
  let me: Awaited<ReturnType<typeof signUp>>;
  const names = { email: '', first_name: 'Ada', last_name: 'Planner' };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    me = await signUp(app, 'profile');
    names.email = `${me.login}@example.com`;
  });
  afterAll(() => h.close());

  const update = (body: object) =>
    call(app, api.users.update, { token: me.token, body: { ...names, ...body } });

  it('starts on the site channel and stores the chosen ones, without repeats', async () => {
    expect(me.user.notification_channels).toEqual(['site']);
    const res = await update({ notification_channels: ['corporate', 'product', 'corporate'] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as User).notification_channels).toEqual(['corporate', 'product']);
    // Names alone leave the channels as they are.
    expect(((await update({})).json() as User).notification_channels).toEqual(['corporate', 'product']);
    const bad = await update({ notification_channels: ['pigeon'] });
    expect(bad.statusCode).toBe(400);
  });

  it('changes the secret question with the current password only; recovery asks the new one', async () => {
    const secret = { secret_question: 'First site?', answer: ' Riverside  Depot ' };
    const noPassword = await update(secret);
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.body).toContain('body.password');
    const wrong = await update({ ...secret, password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error_message[0].code).toBe('wrong_password');
    const ok = await update({ ...secret, password: me.password });
    expect(ok.statusCode, ok.body).toBe(200);

    const question = await call(app, api.users.resetPasswordRequest, { body: { login: me.login } });
    expect(question.json()).toEqual({ secret_question: 'First site?' });
    const old = await call(app, api.users.resetPassword, { body: { login: me.login, answer: 'blue' } });
    expect(old.statusCode).toBe(400);
    const answered = await call(app, api.users.resetPassword, {
      body: { login: me.login, answer: 'riverside depot' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().reset_token).toEqual(expect.any(String));
  });
});
