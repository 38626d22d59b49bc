// The cyclogram call's kept answer (services/cyclogram-answer.ts): the same inputs answer the same
// bytes without building the chart again; any write to the version's or its target's rows — even
// one that does not move the version's revision, as attribute and directory writes do not — and a
// saved colour build it anew.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import { expandCyclogram } from '../../src/api/views';
import type { CyclogramResponse, EpsTree, UserSpace } from '../../src/api';
import { DEMO_LOGIN, DEMO_PASSWORD, seedIfEmpty } from '../../src/server/seed';
import { answerStats, rowsStamp } from '../../src/server/services/cyclogram-answer';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('the cyclogram call keeps its answer while its inputs are unchanged', () => {
  let h: Harness;
  let app: FastifyInstance;
  let auth: { token: string; space: string };
  let version: string;
  let target: string;

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    await seedIfEmpty(h.database.db);
    const login = await call(app, api.auth.login, { body: { login: DEMO_LOGIN, password: DEMO_PASSWORD } });
    const token = login.json().token as string;
    const [space] = (await call(app, api.users.spaces, { token })).json() as UserSpace[];
    auth = { token, space: space!.id };
    const tree = (
      await call(app, api.eps.tree, { token, params: { space_id: space!.id } })
    ).json() as EpsTree;
    version = tree.versions.find((v) => v.kind === 'version')!.id;
    target = tree.versions.find((v) => v.kind === 'target')!.id;
  });
  afterAll(() => h.close());

  const answer = async () => {
    const res = await call(app, api.views.cyclogram, {
      ...auth,
      params: { id: version, attributeId: 'Location' },
      query: { kind_by: 'Work type' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  const db = () => h.database.db;
  /** A row's Location written straight into the table (the version's revision stays). */
  const relocate = (versionId: string, from: string, to: string) =>
    sql`UPDATE wbs_items SET attributes = jsonb_set(attributes, '{Location}', to_jsonb(${to}::text))
        WHERE version_id = ${versionId} AND attributes ->> 'Location' = ${from}`.execute(db());

  it('answers the same bytes again without building them', async () => {
    const first = await answer();
    const built = answerStats.misses;
    expect(await answer()).toBe(first);
    expect(answerStats.misses).toBe(built);
  });

  it('builds anew after a row write that leaves the revision alone, a delete and a colour', async () => {
    const before = await answer();
    const stamp = await rowsStamp(db(), auth.space, version);
    await relocate(version, 'Roof', 'Roof deck');
    expect(await rowsStamp(db(), auth.space, version)).not.toBe(stamp);
    const moved = expandCyclogram(JSON.parse(await answer()) as CyclogramResponse);
    expect(moved.locations).toContain('Roof deck');
    expect(moved.locations).not.toContain('Roof');
    // The target's rows are read on the current version's locations: a write there shows too.
    const targetBefore = moved.target!.lines.flatMap((l) => l.segments).length;
    await relocate(target, 'Level 6', 'Nowhere');
    const t = expandCyclogram(JSON.parse(await answer()) as CyclogramResponse);
    expect(t.target!.lines.flatMap((l) => l.segments).length).toBeLessThan(targetBefore);

    const n = expandCyclogram(JSON.parse(await answer()) as CyclogramResponse).lines.flatMap(
      (l) => l.segments,
    );
    const gone = n[0]!;
    await sql`DELETE FROM wbs_items WHERE id = ${gone.id}`.execute(db());
    const after = expandCyclogram(JSON.parse(await answer()) as CyclogramResponse);
    expect(after.lines.flatMap((l) => l.segments).some((s) => s.id === gone.id)).toBe(false);

    const kind = after.lines[0]!.kind;
    const saved = await call(app, api.views.cyclogramColor, {
      ...auth,
      params: { id: version },
      body: { kind_by: 'Work type', colors: { [kind]: '#123456' } },
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const colored = expandCyclogram(JSON.parse(await answer()) as CyclogramResponse);
    expect(colored.lines.find((l) => l.kind === kind)!.color).toBe('#123456');
    expect(await answer()).not.toBe(before);
  });
});
