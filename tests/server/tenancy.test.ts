// A member of space A reaches nothing of space B: every space-scoped route of the contract,
// enumerated from src/api, answers 403 Forbidden for B; ids of B used from A answer 404.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, api } from '../../src/api';
import type { EpsTree } from '../../src/api';
import type { Tree } from './support/fixtures';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { routeKey, samples } from './support/samples';
import { fieldsOf, formBody } from './support/form';
import { API_PREFIX } from '../../src/api/route';

const spaceRoutes = allRoutes.filter((r) => r.scope === 'space');
const headerRoutes = spaceRoutes.filter((r) => !r.path.startsWith('/space/:space_id'));

describe('tenancy', () => {
  let h: Harness;
  let app: FastifyInstance;
  let tokenA: string;
  let spaceA: string;
  let tokenB: string;
  let treeB: Tree & { space: string; userId: string };
  let before: EpsTree;

  const treeOfB = async () =>
    (await call(app, api.eps.tree, { token: tokenB, params: { space_id: treeB.space } })).json() as EpsTree;

  beforeAll(async () => {
    h = await startHarness({ estimatesUserCap: 1000, bimUserCap: 1000 });
    app = h.app;
    const a = await signUp(app, 'alice');
    const b = await signUp(app, 'bob');
    tokenA = a.token;
    tokenB = b.token;
    spaceA = await makeSpace(app, tokenA, 'Space A');
    await makeTree(app, tokenA, spaceA);
    const spaceB = await makeSpace(app, tokenB, 'Space B');
    treeB = { ...(await makeTree(app, tokenB, spaceB)), space: spaceB, userId: b.user.id };
    before = await treeOfB();
  });
  afterAll(() => h.close());

  it('has a sample for every space-scoped route', () => {
    expect(spaceRoutes.length).toBeGreaterThan(40);
    expect(spaceRoutes.map(routeKey).filter((k) => !samples[k])).toEqual([]);
  });

  it.each(spaceRoutes.map((r) => [routeKey(r), r] as const))(
    '%s → 403 Forbidden for a non-member',
    async (_, def) => {
      const sample = samples[routeKey(def)]!(treeB);
      const res = await call(app, def, { ...sample, token: tokenA, space: treeB.space });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ error: 'Forbidden', error_message: [{ code: 'Forbidden' }] });
    },
  );

  // Uploads are left out: without a file they stop at the upload check (400) before any look-up.
  const idRoutes = headerRoutes.filter((r) => !r.consumes && (r.path.includes(':id') || r.body || r.query));
  it.each(idRoutes.map((r) => [routeKey(r), r] as const))(
    '%s with ids of B from space A → 404 or no effect',
    async (_, def) => {
      const sample = samples[routeKey(def)]!(treeB);
      const idsOfB = [
        treeB.facility,
        treeB.project,
        treeB.group,
        treeB.schedule,
        treeB.version,
        treeB.calendar,
        treeB.role,
      ];
      if (!idsOfB.some((id) => JSON.stringify(sample).includes(id))) return; // creates in A: nothing of B involved
      const res = await call(app, def, { ...sample, token: tokenA, space: spaceA });
      expect(res.statusCode, res.body).toBe(404);
    },
  );

  // Routes that also take a multipart form (src/api `form`): the sample's fields and a file as a
  // form → 403 for B's space, 404 with B's ids from A (the file is staged, never kept).
  const formRoutes = headerRoutes.filter((r) => r.form);
  it.each(formRoutes.map((r) => [routeKey(r), r] as const))(
    '%s as a multipart form → 403 for a non-member, 404 with ids of B',
    async (_, def) => {
      const sample = samples[routeKey(def)]!(treeB);
      const form = formBody([
        ...fieldsOf(sample.body as Record<string, unknown>),
        { name: def.form!.files, file: 'note.txt', data: 'not for you' },
      ]);
      const send = (space: string) =>
        app.inject({
          method: def.method,
          url: API_PREFIX + def.path,
          headers: { authorization: `Bearer ${tokenA}`, 'space-id': space, ...form.headers },
          payload: form.payload,
        });
      const other = await send(treeB.space);
      expect(other.statusCode, other.body).toBe(403);
      expect((await send(spaceA)).statusCode).toBe(404);
    },
  );

  it("left B's tree untouched", async () => {
    expect(await treeOfB()).toEqual(before);
  });

  it('does not list B in the spaces of A', async () => {
    const res = await call(app, api.users.spaces, { token: tokenA });
    expect(res.json().map((s: { id: string }) => s.id)).toEqual([spaceA]);
  });
});
