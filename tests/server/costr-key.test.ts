// The estimate's nodes and their estimate (migration 086): the per-row foreign key became
// statement-level triggers, with the same rules on PGlite and PostgreSQL — a node of an estimate
// that does not exist is refused (foreign_key_violation, nothing of the statement stored), a node
// never moves to another estimate, and deleting an estimate (or its space) deletes its nodes.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import { makeSpace, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('costr nodes belong to their estimate', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    h = await startHarness({ estimatesUserCap: 5 });
    app = h.app;
    token = (await signUp(app, 'costrkey')).token;
  }, 240_000);
  afterAll(() => h?.close());

  const estimate = async (space: string, name: string) =>
    (await call(app, api.costr.create, { token, space, body: { name, kind: 'estimate' } })).json() as {
      id: string;
      revision: number;
    };

  const insert = (space: string, estimateIds: string[]) =>
    sql`INSERT INTO costr_nodes (space_id, estimate_id, id, order_key, kind)
      SELECT ${space}::uuid, e::uuid, gen_random_uuid(), 'a' || o, 'position'
      FROM unnest(${`{${estimateIds.join(',')}}`}::text[]) WITH ORDINALITY AS t(e, o)`.execute(h.database.db);

  const count = async (where: { space?: string; estimate?: string }) => {
    let q = h.database.db.selectFrom('costr_nodes').select((b) => b.fn.countAll<string>().as('n'));
    if (where.space) q = q.where('space_id', '=', where.space);
    if (where.estimate) q = q.where('estimate_id', '=', where.estimate);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };

  const codeOf = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'stored';
    } catch (err) {
      return (err as { code?: string }).code;
    }
  };

  it('refuses a node of a missing estimate, and the whole statement with it', async () => {
    const space = await makeSpace(app, token, 'Keys');
    const a = await estimate(space, 'A');
    expect(await codeOf(insert(space, [a.id, a.id]))).toBe('stored');
    expect(await count({ estimate: a.id })).toBe(2);
    // One good estimate and one that does not exist in one statement: nothing is stored.
    expect(await codeOf(insert(space, [a.id, randomUUID()]))).toBe('23503');
    // An estimate of this id in another space is not this space's.
    const other = await makeSpace(app, token, 'Other');
    expect(await codeOf(insert(other, [a.id]))).toBe('23503');
    expect(await count({ estimate: a.id })).toBe(2);
  });

  it('keeps a node in its estimate', async () => {
    const space = await makeSpace(app, token, 'Stay');
    const a = await estimate(space, 'A');
    const b = await estimate(space, 'B');
    await insert(space, [a.id]);
    const move = h.database.db
      .updateTable('costr_nodes')
      .set({ estimate_id: b.id })
      .where('estimate_id', '=', a.id)
      .execute();
    expect(await codeOf(move)).toBe('23503');
    // Other fields change as before.
    await h.database.db
      .updateTable('costr_nodes')
      .set({ name: 'x' })
      .where('estimate_id', '=', a.id)
      .execute();
    expect(await count({ estimate: a.id })).toBe(1);
  });

  it("deletes an estimate's nodes with it, and a space's with the space", async () => {
    const space = await makeSpace(app, token, 'Gone');
    const a = await estimate(space, 'A');
    const b = await estimate(space, 'B');
    await insert(space, [a.id, a.id, b.id]);
    const removed = await call(app, api.costr.remove, { token, space, params: { id: a.id } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await count({ estimate: a.id })).toBe(0);
    expect(await count({ estimate: b.id })).toBe(1);
    await h.database.db.deleteFrom('spaces').where('id', '=', space).execute();
    expect(await count({ space })).toBe(0);
  });
});
