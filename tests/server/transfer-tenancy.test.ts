// The tenancy rules for the transfer routes (the shared tenancy test runs them too once
// transferSamples is merged into its samples): a non-member gets 403; ids of another space, 404.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { RouteDef } from '../../src/api';
import type { Tree } from './support/fixtures';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { transferSamples } from './transfer-helpers';

const routes = Object.values(api.transfer).filter((r: RouteDef) => r.scope === 'space') as RouteDef[];
const key = (r: RouteDef) => `${r.method} ${r.path}`;

describe('transfer tenancy', () => {
  let h: Harness;
  let app: FastifyInstance;
  let tokenA: string;
  let spaceA: string;
  let treeB: Tree & { space: string };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    tokenA = (await signUp(app, 'alice')).token;
    const tokenB = (await signUp(app, 'bob')).token;
    spaceA = await makeSpace(app, tokenA, 'A');
    await makeTree(app, tokenA, spaceA);
    const spaceB = await makeSpace(app, tokenB, 'B');
    treeB = { ...(await makeTree(app, tokenB, spaceB)), space: spaceB };
  });
  afterAll(() => h.close());

  it('has a sample for every space route', () => {
    expect(routes.map(key).filter((k) => !transferSamples[k])).toEqual([]);
  });

  it.each(routes.map((r) => [key(r), r] as const))('%s → 403 for a non-member', async (k, def) => {
    const res = await call(app, def, { ...transferSamples[k]!(treeB), token: tokenA, space: treeB.space });
    expect(res.statusCode, res.body).toBe(403);
  });

  it.each(routes.map((r) => [key(r), r] as const))('%s with ids of B from A → 404', async (k, def) => {
    const sample = transferSamples[k]!(treeB);
    if (![treeB.schedule, treeB.version].some((id) => JSON.stringify(sample).includes(id))) return;
    const res = await call(app, def, { ...sample, token: tokenA, space: spaceA });
    expect(res.statusCode, res.body).toBe(404);
  });
});
