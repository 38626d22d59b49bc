// Home's week list: tasks of an actual version assigned to the member through a resource that
// stands for them, starting or finishing in the week of the member's date; others stay out.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Home } from '../../src/api';
import { parseLocal } from '../../src/domain/calendar/time';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe("home: this week's tasks", () => {
  let h: Harness;
  let app: FastifyInstance;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let space: string;

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    owner = await signUp(app, 'home');
    space = await makeSpace(app, owner.token, 'Home space');
    const tree = await makeTree(app, owner.token, space);
    const db = h.database.db;
    const v = tree.version;
    await sql`UPDATE versions SET kind = 'actual' WHERE space_id = ${space} AND id = ${v}`.execute(db);
    const crew = randomUUID();
    const other = randomUUID();
    await sql`INSERT INTO resources (space_id, id, name, user_id) VALUES
      (${space}, ${crew}, 'Me', ${owner.user.id}), (${space}, ${other}, 'Someone', NULL)`.execute(db);
    await sql`INSERT INTO version_resources (space_id, version_id, id, name, resource_id) VALUES
      (${space}, ${v}, 'R1', 'Me', ${crew}), (${space}, ${v}, 'R2', 'Someone', ${other})`.execute(db);
    const at = (d: string) => parseLocal(d)!;
    const items: [string, string, number, number, string][] = [
      ['A', 'Starts Tuesday', at('2026-11-24 08:00'), at('2026-12-04 17:00'), 'R1'],
      ['B', 'Finishes Friday', at('2026-11-10 08:00'), at('2026-11-27 17:00'), 'R1'],
      ['C', 'Next week', at('2026-11-30 08:00'), at('2026-12-02 17:00'), 'R1'],
      ['D', 'Someone else', at('2026-11-24 08:00'), at('2026-11-25 17:00'), 'R2'],
    ];
    let n = 0;
    for (const [code, name, es, ef, res] of items) {
      const id = randomUUID();
      n += 1;
      await sql`INSERT INTO wbs_items (space_id, version_id, id, order_key, node_type, code, name, es, ef)
        VALUES (${space}, ${v}, ${id}, ${'a' + n}, 'task', ${code}, ${name}, ${es}, ${ef})`.execute(db);
      await sql`INSERT INTO version_assignments (space_id, version_id, id, wbs_id, resource_id)
        VALUES (${space}, ${v}, ${'as' + n}, ${id}, ${res})`.execute(db);
    }
  });
  afterAll(() => h.close());

  it("lists the member's tasks starting or finishing in the week of the given date", async () => {
    const res = await call(app, api.admin.home, {
      token: owner.token,
      params: { space_id: space },
      query: { today: '2026-11-26' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { tasks } = res.json() as Home;
    expect(tasks.map((t) => [t.code, t.starts_this_week, t.finishes_this_week])).toEqual([
      ['B', false, true],
      ['A', true, false],
    ]);
    expect(tasks[1]).toMatchObject({ start: '2026-11-24T08:00', finish: '2026-12-04T17:00' });

    const next = await call(app, api.admin.home, {
      token: owner.token,
      params: { space_id: space },
      query: { today: '2026-12-01' },
    });
    expect((next.json() as Home).tasks.map((t) => t.code)).toEqual(['A', 'C']);
    const bad = await call(app, api.admin.home, {
      token: owner.token,
      params: { space_id: space },
      query: { today: 'Thursday' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
