// Remote spaces (issue 21; docs/admin.md "Remote spaces"): two servers on their own databases,
// each a real HTTP server on 127.0.0.1. The source sets a remote-access token; the target's
// administrator lists the source's spaces and copies one with the demo schedule. The copy equals
// the source in rows (codes, names, durations, dates), relations, calendars, EPS and resources,
// under new ids. A wrong token, a closed port, a redirect, another product, an unsupported copy
// format and bad input answer 400 with their own text (en and ru); a copy that fails leaves nothing.
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { CopiedSpace, EpsTree, RemoteSpaces } from '../../src/api';
import type { DB } from '../../src/server/db/schema';
import { importSpace, readSpace } from '../../src/server/remote/space-copy';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const TOKEN = 'remote-access-token-0123456789abcdef';

const listen = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

/** A small HTTP server answering every request with `answer` (another product, a redirect…). */
const fake = (answer: (res: ServerResponse) => void) =>
  new Promise<{ url: string; server: Server }>((resolve) => {
    const server = createServer((_req, res) => answer(res)).listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    );
  });

/** What must be equal between source and copy, free of ids. */
async function content(db: Kysely<DB>, spaceId: string) {
  const q = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows;
  return {
    eps: await q(sql`SELECT n.kind, n.name, p.name AS parent FROM eps_nodes n
      LEFT JOIN eps_nodes p ON p.space_id = n.space_id AND p.id = n.parent_id
      WHERE n.space_id = ${spaceId} ORDER BY 1, 2, 3`),
    versions: await q(sql`SELECT s.name AS schedule, v.label, v.kind, v.revision FROM versions v
      JOIN eps_nodes s ON s.space_id = v.space_id AND s.id = v.schedule_id
      WHERE v.space_id = ${spaceId} ORDER BY 1, 2`),
    rows: await q(sql`SELECT v.label, w.code, w.name, w.order_key, w.node_type, w.duration, w.remaining,
        w.percent, w.es, w.ef, w.ls, w.lf, w.actual_start, w.actual_finish, p.code AS parent, c.name AS calendar
      FROM wbs_items w JOIN versions v ON v.space_id = w.space_id AND v.id = w.version_id
      LEFT JOIN wbs_items p ON p.space_id = w.space_id AND p.version_id = w.version_id AND p.id = w.parent_id
      LEFT JOIN calendars c ON c.space_id = w.space_id AND c.id = w.calendar_id
      WHERE w.space_id = ${spaceId} ORDER BY 1, 2, 3, 4`),
    relations: await q(sql`SELECT v.label, a.code AS pred, b.code AS succ, r.type, r.lag FROM wbs_relations r
      JOIN versions v ON v.space_id = r.space_id AND v.id = r.version_id
      JOIN wbs_items a ON a.space_id = r.space_id AND a.version_id = r.version_id AND a.id = r.pred_id
      JOIN wbs_items b ON b.space_id = r.space_id AND b.version_id = r.version_id AND b.id = r.succ_id
      WHERE r.space_id = ${spaceId} ORDER BY 1, 2, 3, 4, 5`),
    calendars: await q(sql`SELECT name, week, exceptions, is_default FROM calendars
      WHERE space_id = ${spaceId} ORDER BY name`),
    resources: await q(
      sql`SELECT code, name, kind, unit, price FROM resources WHERE space_id = ${spaceId} ORDER BY 1, 2`,
    ),
    assignments: await q(sql`SELECT count(*)::int AS n FROM version_assignments WHERE space_id = ${spaceId}`),
    roles: await q(sql`SELECT name, value, builtin FROM roles WHERE space_id = ${spaceId} ORDER BY 1`),
  };
}

describe('remote spaces', () => {
  let source: Harness;
  let target: Harness;
  let sourceUrl: string;
  let sourceSpace: string;
  let sourceOwner: string;
  let admin: { token: string; space: string };
  const fakes: Server[] = [];

  beforeAll(async () => {
    source = await startHarness({ remoteAccessToken: TOKEN });
    target = await startHarness();
    sourceUrl = await listen(source.app);
    await listen(target.app);
    const owner = await signUp(source.app, 'remote-src');
    sourceOwner = owner.token;
    sourceSpace = await makeSpace(source.app, owner.token, 'Bridge works');
    await makeTree(source.app, owner.token, sourceSpace);
    const demo = await call(source.app, api.space.demo, {
      token: owner.token,
      params: { space_id: sourceSpace },
    });
    expect(demo.statusCode, demo.body).toBe(201);
    const a = await signUp(target.app, 'remote-dst');
    admin = { token: a.token, space: await makeSpace(target.app, a.token, 'Home') };
  }, 120_000);
  afterAll(async () => {
    for (const s of fakes) s.close();
    await target?.close();
    await source?.close();
  });

  const list = (url: string, token = TOKEN, lang = 'en') =>
    call(target.app, api.remote.list, {
      token: admin.token,
      space: admin.space,
      query: { url, token },
      headers: { language: lang },
    });

  it('lists the spaces the token shows, with their figures', async () => {
    const res = await list(`${sourceUrl}/`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as RemoteSpaces;
    expect(body.url).toBe(sourceUrl);
    const s = body.spaces.find((x) => x.id === sourceSpace)!;
    expect(s.name).toBe('Bridge works');
    expect(s.figures.schedules).toBeGreaterThanOrEqual(2);
    expect(s.figures.rows).toBeGreaterThan(100);
    expect(s.figures.relations).toBeGreaterThan(50);
  });

  it('copies a space with its schedules as a new space of the caller, equal in content', async () => {
    const started = Date.now();
    const res = await call(target.app, api.remote.copy, {
      token: admin.token,
      space: admin.space,
      body: { url: sourceUrl, token: TOKEN, space_id: sourceSpace },
    });
    expect(res.statusCode, res.body).toBe(201);
    const copied = res.json() as CopiedSpace;
    console.log(
      `remote copy: ${copied.copied.rows} rows, ${copied.copied.relations} relations in ${Date.now() - started} ms`,
    );
    expect(copied.space).toMatchObject({
      name: 'Bridge works',
      kind: 'free',
      role_value: 'moderator',
      is_owner: true,
    });
    expect(copied.space.id).not.toBe(sourceSpace);

    const before = await content(source.database.db, sourceSpace);
    const after = await content(target.database.db, copied.space.id);
    expect(after.rows.length).toBe(copied.copied.rows);
    expect(after.rows.length).toBeGreaterThan(100);
    expect(after.relations.length).toBeGreaterThan(50);
    expect(after).toEqual(before);

    // No id of the source's content is reused.
    const ids = async (db: Kysely<DB>, space: string) =>
      (
        await sql<{ id: string }>`SELECT id::text FROM eps_nodes WHERE space_id = ${space}
          UNION ALL SELECT id::text FROM versions WHERE space_id = ${space}
          UNION ALL SELECT id::text FROM wbs_items WHERE space_id = ${space}`.execute(db)
      ).rows.map((r) => r.id);
    const old = new Set(await ids(source.database.db, sourceSpace));
    expect((await ids(target.database.db, copied.space.id)).filter((id) => old.has(id))).toEqual([]);

    // The caller works in it through the API.
    const tree = await call(target.app, api.eps.tree, {
      token: admin.token,
      params: { space_id: copied.space.id },
    });
    expect(tree.statusCode, tree.body).toBe(200);
    const names = JSON.stringify(tree.json() as EpsTree);
    for (const n of before.eps)
      expect(names).toContain(JSON.stringify((n as { name: string }).name).slice(1, -1));
  }, 120_000);

  it('answers a wrong token, a closed port, a redirect and another product with their own texts', async () => {
    const bad = await list(sourceUrl, 'not-the-token-at-all-0000000000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error_message: [{ code: 'remote.bad_token' }] });
    const badRu = await list(sourceUrl, 'not-the-token-at-all-0000000000', 'ru');
    expect(badRu.json().error_message[0].error_message).toBe('Другое развёртывание отклонило токен');

    const closed = await fake(() => undefined);
    const port = (closed.server.address() as AddressInfo).port;
    await new Promise((r) => closed.server.close(r));
    const down = await list(`http://127.0.0.1:${port}`);
    expect(down.json()).toMatchObject({ error_message: [{ code: 'remote.unreachable' }] });

    const redirect = await fake((res) =>
      res.writeHead(302, { location: `${sourceUrl}/api/v1/remote/export/spaces` }).end(),
    );
    fakes.push(redirect.server);
    const moved = await list(redirect.url);
    expect(moved.json()).toMatchObject({ error_message: [{ code: 'remote.redirect' }] });

    const other = await fake((res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'),
    );
    fakes.push(other.server);
    expect((await list(other.url)).json()).toMatchObject({ error_message: [{ code: 'remote.not_product' }] });

    const newer = await fake((res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          product: 'planning-workbench',
          format_version: 99,
          app_version: '9.0.0',
          spaces: [],
        }),
      ),
    );
    fakes.push(newer.server);
    const unsupported = await list(newer.url, TOKEN, 'ru');
    expect(unsupported.json()).toMatchObject({
      error_message: [{ code: 'remote.unsupported_version', params: { version: '9.0.0' } }],
    });
    expect(unsupported.json().error_message[0].error_message).toContain('9.0.0');

    const scheme = await list('ftp://127.0.0.1/');
    expect(scheme.statusCode).toBe(400);
    expect(scheme.json()).toMatchObject({
      error_message: [{ code: 'remote.url_scheme', params: { field: 'url' } }],
    });
    const creds = await list('http://user:pw@127.0.0.1/');
    expect(creds.json()).toMatchObject({ error_message: [{ code: 'remote.url_credentials' }] });
  });

  it('refuses a space the token does not show, and bad input by field', async () => {
    const res = await call(target.app, api.remote.copy, {
      token: admin.token,
      space: admin.space,
      body: { url: sourceUrl, token: TOKEN, space_id: '00000000-0000-4000-8000-000000000001' },
    });
    expect(res.json()).toMatchObject({
      error_message: [{ code: 'remote.space_not_shown', params: { field: 'space_id' } }],
    });
    const extra = await call(target.app, api.remote.copy, {
      token: admin.token,
      space: admin.space,
      body: { url: sourceUrl, token: TOKEN, space_id: sourceSpace, owner: 'x' },
    });
    expect(extra.statusCode).toBe(400);
    // The source's own calls: no token 401, no remote access set 404.
    const direct = await fetch(`${sourceUrl}/api/v1/remote/export/spaces`);
    expect(direct.status).toBe(401);
    const off = await call(target.app, api.remote.exportList, {});
    expect(off.statusCode).toBe(404);
  });

  it("a space's own token, issued on its administration screen, shows that space only", async () => {
    const other = await makeSpace(source.app, sourceOwner, 'Depot yard');
    const issued = await call(source.app, api.remote.issueToken, {
      token: sourceOwner,
      space: sourceSpace,
      params: { space_id: sourceSpace },
      body: { label: 'Partner office' },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const made = issued.json() as { id: string; token: string; label: string; created_by: string };
    expect(made.token).toMatch(/^pws_[A-Za-z0-9_-]{43}$/);
    // Listed without its value; used, it shows its own space and not the deployment's others.
    const shown = await list(sourceUrl, made.token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect((shown.json() as RemoteSpaces).spaces.map((x) => x.id)).toEqual([sourceSpace]);
    expect((await list(sourceUrl)).json().spaces.map((x: { id: string }) => x.id)).toContain(other);
    const listed = (
      await call(source.app, api.remote.tokens, {
        token: sourceOwner,
        space: sourceSpace,
        params: { space_id: sourceSpace },
      })
    ).json() as { id: string; label: string; last_used_at: string | null }[];
    expect(listed).toEqual([expect.objectContaining({ id: made.id, label: 'Partner office' })]);
    expect(listed[0]!.last_used_at).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(made.token);
    // It cannot copy another space of the source.
    const refused = await call(target.app, api.remote.copy, {
      token: admin.token,
      space: admin.space,
      body: { url: sourceUrl, token: made.token, space_id: other },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('remote.space_not_shown');
    // Revoked, it opens nothing.
    const revoked = await call(source.app, api.remote.revokeToken, {
      token: sourceOwner,
      space: sourceSpace,
      params: { space_id: sourceSpace, id: made.id },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const after = await list(sourceUrl, made.token);
    expect(after.statusCode).toBe(400);
    expect(after.body).toContain('remote.bad_token');
  });

  it('leaves nothing behind when a copy fails half-way', async () => {
    const copy = await readSpace(source.database.db, sourceSpace, 'test');
    // A relation naming a row that is not in the copy fails at the last tables.
    copy.tables.wbs_relations = [
      ...(copy.tables.wbs_relations ?? []),
      {
        ...copy.tables.wbs_relations![0]!,
        id: '00000000-0000-4000-8000-0000000000aa',
        pred_id: '00000000-0000-4000-8000-0000000000bb',
      },
    ];
    const spaces = async () =>
      Number(
        (await sql<{ n: number }>`SELECT count(*)::int AS n FROM spaces`.execute(target.database.db)).rows[0]!
          .n,
      );
    const rows = async () =>
      Number(
        (await sql<{ n: number }>`SELECT count(*)::int AS n FROM wbs_items`.execute(target.database.db))
          .rows[0]!.n,
      );
    const [s0, r0] = [await spaces(), await rows()];
    const owner = (await sql<{ id: string }>`SELECT id FROM users LIMIT 1`.execute(target.database.db))
      .rows[0]!.id;
    await expect(
      target.database.db.transaction().execute((tx) => importSpace(tx, copy, owner, 'Broken')),
    ).rejects.toThrow();
    expect([await spaces(), await rows()]).toEqual([s0, r0]);
  });
});
