// The faults a security probe found (issue 22), each pinned by a test that failed before its fix:
// NUL characters (400 naming the field, never 500), a revision past Int32, an avatar part of
// another name (it answered never), live sockets of ended sessions (closed within a second),
// tokens in the request log, unlimited secret-answer guessing, reset requests telling logins
// apart, unlimited unauthenticated writes, and an active session expiring under a short time-out.
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api } from '../../src/api';
import { EVENTS_SUBPROTOCOL } from '../../src/api/events';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, newUser, openTestDatabase, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const NUL = 'a\u0000b';

function multipart(field: string, filename: string, data: Buffer) {
  const boundary = `----b${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** A row patch as the workbench sends it (a whole new row). */
const rowPatch = (over: Record<string, unknown> = {}) => {
  const id = randomUUID();
  const row = {
    id,
    parentId: null,
    orderKey: 'a0',
    nodeType: 'task',
    name: 'Row',
    code: null,
    calendarId: null,
    duration: 480,
    startLimitType: null,
    startLimitDate: null,
    finishLimitType: null,
    finishLimitDate: null,
    actualStart: null,
    actualFinish: null,
    percentComplete: 0,
    volume: null,
    price: null,
    color: null,
    attributes: {},
    ...over,
  };
  return {
    v: 1,
    kind: 'undo_wbs',
    labelKey: 'cmd.insertRow',
    patches: [{ op: 'add', path: ['rows', id], value: row }],
    inversePatches: [{ op: 'remove', path: ['rows', id] }],
  };
};

function openSocket(base: string, token: string, how: 'protocol' | 'query' = 'protocol') {
  return new Promise<{ ws: WebSocket; closed: Promise<{ code: number; at: number }> }>((resolve, reject) => {
    const ws =
      how === 'protocol'
        ? new WebSocket(`${base}/api/v1/events`, [EVENTS_SUBPROTOCOL, token])
        : new WebSocket(`${base}/api/v1/events?token=${encodeURIComponent(token)}`);
    const closed = new Promise<{ code: number; at: number }>((r) =>
      ws.on('close', (code) => r({ code, at: Date.now() })),
    );
    ws.on('open', () => resolve({ ws, closed }));
    ws.on('error', reject);
  });
}

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, rej) => setTimeout(() => rej(new Error(`not within ${ms} ms`)), ms)),
  ]);

describe('security findings', () => {
  let h: Harness;
  let app: FastifyInstance;
  let base: string;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let tree: Tree & { space: string };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
    owner = await signUp(app, 'sec');
    const space = await makeSpace(app, owner.token);
    tree = { ...(await makeTree(app, owner.token, space)), space };
  });
  afterAll(() => h.close());

  const expectNul = (res: { statusCode: number; body: string; json(): unknown }, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'BadRequest',
      error_message: [{ code: 'prohibited_characters', params: { field } }],
    });
  };

  describe('a NUL character is a 400 naming the field', () => {
    it('in login', async () => {
      expectNul(await call(app, api.auth.login, { body: { login: NUL, password: 'x' } }), 'body.login');
    });
    it('in reset-password and its request', async () => {
      expectNul(
        await call(app, api.users.resetPassword, { body: { login: 'x', answer: NUL } }),
        'body.answer',
      );
      expectNul(await call(app, api.users.resetPasswordRequest, { body: { login: NUL } }), 'body.login');
    });
    it('in invite', async () => {
      const res = await call(app, api.space.invite, {
        token: owner.token,
        params: { space_id: tree.space },
        body: { login: NUL },
      });
      expectNul(res, 'body.login');
    });
    it('in client-error', async () => {
      expectNul(await call(app, api.app.clientError, { body: { message: NUL } }), 'body.message');
    });
    it("in a WBS batch's name, attribute key and attribute value", async () => {
      const send = (entry: unknown) =>
        call(app, api.wbsBatch.batch, {
          token: owner.token,
          space: tree.space,
          params: { id: tree.version },
          body: { revision: 0, origin: 'do', entry },
        });
      expectNul(await send(rowPatch({ name: NUL })), 'body.entry.patches.0.value.name');
      const key = await send(rowPatch({ attributes: { [NUL]: 'v' } }));
      expect(key.statusCode, key.body).toBe(400);
      expect(key.json().error_message[0].code).toBe('prohibited_characters');
      expectNul(await send(rowPatch({ attributes: { k: NUL } })), 'body.entry.patches.0.value.attributes.k');
    });
    it('in an upload file name', async () => {
      const m = multipart('file', NUL, Buffer.from('hello'));
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/storage/schedule/${tree.schedule}`,
        headers: { ...m.headers, authorization: `Bearer ${owner.token}`, 'space-id': tree.space },
        payload: m.payload,
      });
      expectNul(res, 'body.file');
    });
  });

  it('a revision past a 32-bit integer is a 400', async () => {
    const res = await call(app, api.wbsBatch.batch, {
      token: owner.token,
      space: tree.space,
      params: { id: tree.version },
      body: { revision: 2147483648, origin: 'do', entry: rowPatch() },
    });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('an avatar part not named "file" is answered (400), not left open', async () => {
    const m = multipart('picture', 'a.png', PNG);
    const res = await within(
      app.inject({
        method: 'POST',
        url: '/api/v1/users/avatar',
        headers: { ...m.headers, authorization: `Bearer ${owner.token}` },
        payload: m.payload,
      }),
      5000,
    );
    expect(res.statusCode, res.body).toBe(400);
  });

  describe('a live socket closes within a second when its session ends', () => {
    it('at logout (this session only)', async () => {
      const u = await signUp(app, 'lo');
      const other = await call(app, api.auth.login, { body: { login: u.login, password: u.password } });
      const a = await openSocket(base, u.token);
      const b = await openSocket(base, other.json().token);
      const t0 = Date.now();
      expect((await call(app, api.auth.logout, { token: u.token, query: {} })).statusCode).toBe(200);
      const closed = await within(a.closed, 1000);
      expect(closed.code).toBe(4401);
      expect(closed.at - t0).toBeLessThan(1000);
      expect(b.ws.readyState).toBe(WebSocket.OPEN);
      b.ws.close();
    });
    it('at logout of all sessions', async () => {
      const u = await signUp(app, 'la');
      const other = await call(app, api.auth.login, { body: { login: u.login, password: u.password } });
      const a = await openSocket(base, u.token);
      const b = await openSocket(base, other.json().token);
      await call(app, api.auth.logout, { token: u.token, query: { all: 'true' } });
      expect((await within(a.closed, 1000)).code).toBe(4401);
      expect((await within(b.closed, 1000)).code).toBe(4401);
    });
    it("at a password change (the other sessions'), and at a forgotten password's change", async () => {
      const u = await signUp(app, 'pw');
      const other = await call(app, api.auth.login, { body: { login: u.login, password: u.password } });
      const mine = await openSocket(base, u.token);
      const theirs = await openSocket(base, other.json().token);
      const res = await call(app, api.users.changePassword, {
        token: u.token,
        body: { old_password: u.password, password: 'new-horse-22', password_confirmation: 'new-horse-22' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await within(theirs.closed, 1000)).code).toBe(4401);
      expect(mine.ws.readyState).toBe(WebSocket.OPEN);
      const reset = await call(app, api.users.resetPassword, { body: { login: u.login, answer: 'Rex' } });
      const changed = await call(app, api.users.changeForgottenPassword, {
        body: {
          reset_token: reset.json().reset_token,
          password: 'third-horse-3',
          password_confirmation: 'third-horse-3',
        },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await within(mine.closed, 1000)).code).toBe(4401);
    });
    it('at a kick-out from the space', async () => {
      const u = await signUp(app, 'ko');
      await call(app, api.space.invite, {
        token: owner.token,
        params: { space_id: tree.space },
        body: { login: u.login },
      });
      const s = await openSocket(base, u.token);
      const res = await call(app, api.space.kickout, {
        token: owner.token,
        params: { space_id: tree.space },
        body: { user_id: u.user.id },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await within(s.closed, 1000)).code).toBe(4403);
    });
    it('at idle expiry', async () => {
      const u = await signUp(app, 'idle');
      const s = await openSocket(base, u.token);
      await sql`UPDATE sessions SET last_seen_at = now() - interval '2 hours' WHERE user_id = ${u.user.id}`.execute(
        h.database.db,
      );
      expect((await within(s.closed, 1500)).code).toBe(4401);
    });
  });

  it('reads the socket token from the subprotocol, and still from the query', async () => {
    const a = await openSocket(base, owner.token, 'protocol');
    expect(a.ws.protocol).toBe(EVENTS_SUBPROTOCOL);
    const b = await openSocket(base, owner.token, 'query');
    a.ws.close();
    b.ws.close();
  });

  it('reset-password-request answers an unknown login as a known one', async () => {
    const known = await call(app, api.users.resetPasswordRequest, { body: { login: owner.login } });
    const unknown = await call(app, api.users.resetPasswordRequest, { body: { login: 'no-such-login-x' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(Object.keys(unknown.json())).toEqual(Object.keys(known.json()));
    // The same question every time, as a real user's would be.
    const again = await call(app, api.users.resetPasswordRequest, { body: { login: 'no-such-login-x' } });
    expect(again.json()).toEqual(unknown.json());
  });

  it('locks secret-answer guessing per login after 5 wrong answers, with a clear message', async () => {
    const u = await signUp(app, 'guess');
    const guess = (answer: string) =>
      call(app, api.users.resetPassword, { body: { login: u.login, answer } });
    for (let i = 0; i < 5; i++) expect((await guess(`wrong${i}`)).statusCode).toBe(400);
    const locked = await guess('Rex');
    expect(locked.statusCode, locked.body).toBe(429);
    expect(locked.json().error_message[0]).toMatchObject({ code: 'reset_locked', params: { minutes: 15 } });
    expect(locked.json().error_message[0].error_message).toMatch(/locked for 15 minutes/);
  });

  it('a right answer clears the count of wrong ones', async () => {
    const u = await signUp(app, 'clear');
    const guess = (answer: string) =>
      call(app, api.users.resetPassword, { body: { login: u.login, answer } });
    for (let i = 0; i < 4; i++) await guess('wrong');
    expect((await guess('Rex')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await guess('wrong');
    expect((await guess('Rex')).statusCode).toBe(200);
  });
});

describe('rate limits and logs', () => {
  it('limits secret answers per address, and client-error and registration', async () => {
    const h = await startHarness({ loginRateLimit: 3, publicRateLimit: 3 });
    try {
      const statuses = async (send: () => Promise<{ statusCode: number }>) => {
        const out: number[] = [];
        for (let i = 0; i < 4; i++) out.push((await send()).statusCode);
        return out;
      };
      expect(
        await statuses(() =>
          call(h.app, api.users.resetPassword, { body: { login: `nobody${randomUUID()}`, answer: 'x' } }),
        ),
      ).toEqual([400, 400, 400, 429]);
      expect(await statuses(() => call(h.app, api.app.clientError, { body: { message: 'boom' } }))).toEqual([
        200, 200, 200, 429,
      ]);
      expect(await statuses(() => call(h.app, api.users.registerAndLogin, { body: newUser('rl') }))).toEqual([
        201, 201, 201, 429,
      ]);
    } finally {
      await h.close();
    }
  });

  it('never writes a token into the request log', async () => {
    const { database, dispose } = await openTestDatabase();
    const stream = new PassThrough();
    let log = '';
    stream.on('data', (d) => (log += String(d)));
    const app = await buildApp({ database, config: testConfig(), logger: { stream } });
    try {
      const base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
      const u = await signUp(app, 'log');
      const s = await openSocket(base, u.token, 'query');
      s.ws.close();
      await call(app, api.users.whoAmI, { token: u.token, query: { token: u.token } as never });
      await new Promise((r) => setTimeout(r, 100));
      expect(log).toContain('/api/v1/events?token=[redacted]');
      expect(log).not.toContain(u.token);
    } finally {
      await app.close();
      await dispose();
    }
  });

  it('an active session outlives a 1-minute idle time-out', async () => {
    const h = await startHarness({ idleTimeoutMinutes: 1 });
    try {
      const u = await signUp(h.app, 'act');
      // 40 s since the last refresh: still live, and this request must extend it.
      await sql`UPDATE sessions SET last_seen_at = now() - interval '40 seconds' WHERE user_id = ${u.user.id}`.execute(
        h.database.db,
      );
      expect((await call(h.app, api.users.whoAmI, { token: u.token })).statusCode).toBe(200);
      const { rows } = await sql<{
        age: number;
      }>`SELECT extract(epoch FROM now() - last_seen_at)::float AS age
        FROM sessions WHERE user_id = ${u.user.id}`.execute(h.database.db);
      expect(rows[0]!.age).toBeLessThan(5);
    } finally {
      await h.close();
    }
  });
});
