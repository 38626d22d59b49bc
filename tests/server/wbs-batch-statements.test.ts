// Many planners on one version (issue 22): what one batch costs the database, and that batches
// made at the same time on one stale revision are all stored. A batch holds the version's lock
// (PostgreSQL) or the only connection (PGlite) for each statement it sends, so their number is
// the budget every other planner waits on.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { EventHub } from '../../src/server/events/hub';
import type { Socketish } from '../../src/server/events/hub';
import { makeSpace, makeTree, readVersionDoc, sendChange, signUp } from './support/fixtures';
import { call, openTestDatabase } from './support/harness';
import type { Database } from '../../src/server/db';
import { newRow } from '../../src/domain/wbs/types';

/** The tables (or raw SQL openings) of the statements sent while `on` is set. */
let seen: string[] | null = null;
const recorder: KyselyPlugin = {
  transformQuery(a) {
    const n = a.node as unknown as { kind: string; sqlFragments?: string[] };
    const name = n.kind === 'RawNode' ? (n.sqlFragments ?? []).join('?') : JSON.stringify(a.node);
    seen?.push(name);
    return a.node;
  },
  transformResult: async (a) => a.result,
};
/**
 * Statements of the batch itself: the job runner's polling runs beside it, and the live event's
 * NOTIFY (PostgreSQL) is sent after the answer, outside the batch's transaction.
 */
const ofBatch = (xs: string[]) => xs.filter((x) => !/\bjobs\b|"jobs"|pg_notify/.test(x));

describe('wbs batch statements', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let app: FastifyInstance;
  let as: { token: string; space: string };
  let version: string;
  let revision: number;
  const rows = [randomUUID(), randomUUID()];

  const rename = (id: string, name: string, rev: number) =>
    sendChange(app, as, version, rev, {
      patches: [{ op: 'replace', path: ['rows', id, 'name'], value: name }],
      inversePatches: [{ op: 'replace', path: ['rows', id, 'name'], value: 'x' }],
    });
  const counted = async <T>(f: () => Promise<T>): Promise<{ out: T; statements: string[] }> => {
    seen = [];
    try {
      const out = await f();
      return { out, statements: ofBatch(seen) };
    } finally {
      seen = null;
    }
  };

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
    app = await buildApp({
      database: { ...database, db: database.db.withPlugin(recorder) },
      config: testConfig(),
    });
    await app.ready();
    const u = await signUp(app, 'stmts');
    const space = await makeSpace(app, u.token);
    as = { token: u.token, space };
    version = (await makeTree(app, u.token, space)).version;
    const { doc } = await readVersionDoc(app, as, version);
    expect(doc.rows.size).toBe(0);
    const add = await sendChange(app, as, version, 0, {
      patches: rows.map((id, i) => ({
        op: 'add',
        path: ['rows', id],
        value: newRow(id, 'task', null, `a${i}`, { name: `Row ${i}` }),
      })),
      inversePatches: rows.map((id) => ({ op: 'remove', path: ['rows', id] })),
    });
    expect(add.statusCode, add.body).toBe(200);
    revision = (add.json() as { revision: number }).revision;
    // The session and the space membership were just touched: no refresh writes below.
    expect((await rename(rows[0]!, 'warm', revision)).statusCode).toBe(200);
    revision++;
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  it('stores a field edit on the current revision in at most 5 statements', async () => {
    // session, space entry, lock, revision + undo log, the row: no SET CONSTRAINTS (no key moves),
    // no separate version read, log trim or revision update (before: 9).
    const { out, statements } = await counted(() => rename(rows[0]!, 'current', revision));
    expect(out.statusCode, out.body).toBe(200);
    revision = (out.json() as { revision: number }).revision;
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(5);
  });

  it('stores a disjoint edit on a stale revision in at most 5 statements, answering the changes since', async () => {
    const base = revision;
    expect((await rename(rows[0]!, 'theirs', base)).statusCode).toBe(200);
    const { out, statements } = await counted(() => rename(rows[1]!, 'mine', base));
    expect(out.statusCode, out.body).toBe(200);
    const body = out.json() as { revision: number; changes: { revision: number }[] };
    expect(body.changes.map((c) => c.revision)).toEqual([base + 1]);
    revision = body.revision;
    // The lock reads the unseen changes in the same statement (before: a read of its own, 10).
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(5);
  });

  it('still answers 404 before 400 for a version of another space', async () => {
    const res = await call(app, api.wbsBatch.batch, {
      ...as,
      params: { id: randomUUID() },
      body: {
        revision: 0,
        origin: 'do',
        // Well formed, but a path no batch may write (400 wbs.bad_path on this space's versions).
        entry: {
          v: 1,
          kind: 'undo_wbs',
          labelKey: 'x',
          patches: [{ op: 'replace', path: ['rows', randomUUID(), 'bogus'], value: 1 }],
          inversePatches: [{ op: 'replace', path: ['rows', randomUUID(), 'bogus'], value: 2 }],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(404);
  });

  it('stores every disjoint edit sent at once on one stale revision, each on its own revision', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `burst ${i}`);
    // Every edit on a row of its own, all made on the same revision.
    const ids = names.map(() => randomUUID());
    const add = await sendChange(app, as, version, revision, {
      patches: ids.map((id, i) => ({
        op: 'add',
        path: ['rows', id],
        value: newRow(id, 'task', null, `b${i}`, { name: 'new' }),
      })),
      inversePatches: ids.map((id) => ({ op: 'remove', path: ['rows', id] })),
    });
    expect(add.statusCode, add.body).toBe(200);
    const base = (add.json() as { revision: number }).revision;
    const answers = await Promise.all(ids.map((id, i) => rename(id, names[i]!, base)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const revisions = answers.map((a) => (a.json() as { revision: number }).revision).sort((x, y) => x - y);
    expect(revisions).toEqual(names.map((_, i) => base + 1 + i));
    const { doc } = await readVersionDoc(app, as, version);
    expect(ids.map((id) => doc.rows.get(id)!.name)).toEqual(names);
    revision = revisions.at(-1)!;
  });

  it("reads a space's members once for the events published while the previous ones were delivered", async () => {
    const hub = new EventHub(database.db.withPlugin(recorder));
    const got: string[] = [];
    const socket: Socketish = { readyState: 1, send: (d) => void got.push(d), close: () => undefined };
    const me = (await call(app, api.users.whoAmI, as)).json() as { id: string };
    const forget = hub.add(me.id, socket, 'hash');
    const { statements } = await counted(async () => {
      for (let i = 0; i < 6; i++)
        hub.publish({
          event: 'version_updated',
          space_id: as.space,
          ids: [version],
          payload: { revision: i },
        });
      // Another space's event in the same round reaches no one here.
      hub.publish({
        event: 'version_updated',
        space_id: randomUUID(),
        ids: [version],
        payload: { revision: 99 },
      });
      await new Promise((r) => setTimeout(r, 300));
    });
    forget();
    await hub.stop();
    expect(got.map((d) => (JSON.parse(d) as { payload: { revision: number } }).payload.revision)).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
    // Before: one read of the members per event (7).
    expect(statements.filter((s) => s.includes('space_members')).length).toBe(1);
  });
});
