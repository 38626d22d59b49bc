// Bad input on every route that takes input answers 400 with the error list, never 500.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../src/api';
import type { RouteDef } from '../../src/api';
import type { Tree } from './support/fixtures';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { CallOptions, Harness } from './support/harness';
import { routeKey, samples } from './support/samples';

type Case = [string, RouteDef, (t: Tree & { space: string; userId: string }) => CallOptions];

const sampleOf = (def: RouteDef, t: Tree & { space: string; userId: string }) =>
  samples[routeKey(def)]?.(t) ?? {};
const headerScoped = (def: RouteDef) => def.scope === 'space' && !def.path.startsWith('/space/:space_id');

const cases: Case[] = allRoutes.flatMap((def): Case[] => {
  const out: Case[] = [];
  const k = routeKey(def);
  if (def.params) {
    const bad = Object.fromEntries(Object.keys(def.params.shape).map((p) => [p, 'not-a-uuid']));
    out.push([`${k} bad params`, def, (t) => ({ ...sampleOf(def, t), params: bad })]);
  }
  if (def.query) {
    const bad = Object.fromEntries(Object.keys(def.query.shape).map((p) => [p, 'x'.repeat(40)]));
    out.push([`${k} bad query`, def, (t) => ({ ...sampleOf(def, t), query: bad })]);
  }
  if (def.body) {
    out.push([`${k} body of the wrong type`, def, (t) => ({ ...sampleOf(def, t), body: [1, 2] })]);
    out.push([`${k} empty object body`, def, (t) => ({ ...sampleOf(def, t), body: { unexpected: true } })]);
    out.push([
      `${k} malformed JSON`,
      def,
      (t) => ({ ...sampleOf(def, t), body: '{"name": ', headers: { 'content-type': 'application/json' } }),
    ]);
  }
  if (def.consumes === 'multipart') out.push([`${k} not multipart`, def, () => ({ body: { file: 'x' } })]);
  if (headerScoped(def))
    out.push([`${k} bad space-id header`, def, (t) => ({ ...sampleOf(def, t), space: 'nope' })]);
  return out;
});

/** Routes that take no input at all: nothing to get wrong. */
const inputless = allRoutes.filter(
  (d) => !d.params && !d.query && !d.body && !d.consumes && !headerScoped(d),
);

describe('bad input', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let tree: Tree & { space: string; userId: string };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app);
    token = u.token;
    const space = await makeSpace(app, token);
    tree = { ...(await makeTree(app, token, space)), space, userId: u.user.id };
  });
  afterAll(() => h.close());

  it('covers every route that takes input', () => {
    expect(inputless.map(routeKey).sort()).toEqual(
      [
        'DELETE /users/avatar',
        'GET /guide',
        'GET /health-check',
        // The source side of a remote copy: its only input is the remote-access token (docs/admin.md).
        'GET /remote/export/spaces',
        'GET /system-state',
        'GET /users/spaces',
        'GET /users/timesheet-notification',
        'GET /users/who-am-i',
        'PUT /users/accept-privacy-policy',
      ].sort(),
    );
  });

  it.each(cases)('%s → 400 with the error list', async (_, def, make) => {
    const o = make(tree);
    const res = await call(app, def, { space: tree.space, ...o, token });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['error-type']).toBe('localized');
    const body = res.json();
    expect(body.error).toBe('BadRequest');
    expect(body.error_message.length).toBeGreaterThan(0);
    for (const item of body.error_message) {
      expect(item).toEqual({
        code: expect.any(String),
        params: expect.any(Object),
        error_message: expect.any(String),
      });
    }
  });

  it('names the §5 rules: required, 32 characters, prohibited characters, email, password mismatch', async () => {
    const res = await call(
      app,
      allRoutes.find((r) => r.path === '/users/register')!,
      {
        body: {
          login: 'x'.repeat(33),
          email: 'not-an-email',
          first_name: '',
          last_name: 'a<b',
          password: 'long-enough-1',
          password_confirmation: 'long-enough-2',
          secret_question: 'Q?',
          answer: 'A',
        },
      },
    );
    expect(res.statusCode).toBe(400);
    const items = res.json().error_message as {
      code: string;
      params: { field: string };
      error_message: string;
    }[];
    const byField = Object.fromEntries(items.map((i) => [i.params.field, i]));
    expect(byField['body.login']).toMatchObject({
      code: 'max_length',
      error_message: 'The field exceeds the maximum line length - 32 characters',
    });
    expect(byField['body.email']).toMatchObject({ code: 'invalid_email', error_message: 'Invalid email' });
    expect(byField['body.first_name']?.code).toBe('required');
    expect(byField['body.last_name']).toMatchObject({
      code: 'prohibited_characters',
      error_message: 'The field contains prohibited characters',
    });
  });

  it('reports password mismatch once the fields are valid', async () => {
    const res = await call(
      app,
      allRoutes.find((r) => r.path === '/users/register')!,
      {
        body: {
          login: 'mismatch',
          email: 'm@example.com',
          first_name: 'M',
          last_name: 'M',
          password: 'long-enough-1',
          password_confirmation: 'long-enough-2',
          secret_question: 'Q?',
          answer: 'A',
        },
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error_message).toEqual([
      {
        code: 'password_mismatch',
        params: { field: 'body.password_confirmation' },
        error_message: 'Password mismatch',
      },
    ]);
  });
});
