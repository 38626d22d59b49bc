// Curator dates through the notices path (docs/versions.md "Accepted curator dates", docs/collab.md):
// dates wanted — a calculation leaves a row's dates unaccepted, a curator is named on such a row,
// an acceptance is withdrawn — reach the row's curator as task_need_accept_expert_data; dates given
// (PATCH versions/{id}/accepted-curator-dates) reach the version's owner (who calculated it) as
// assignment_accepted of the variant curator_dates.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Notice, Role } from '../../src/api';
import { change, newRow } from '../../src/domain/wbs';
import type { WbsDoc } from '../../src/domain/wbs';
import type { Tree } from './support/fixtures';
import { makeSpace, makeTree, sendChange, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('curator dates: notices', () => {
  let h: Harness;
  let app: FastifyInstance;
  type U = Awaited<ReturnType<typeof signUp>>;
  let owner: U, planner: U, curator: U;
  let space: string;
  let tree: Tree;
  let rowId: string;

  const noticesOf = async (u: U, type: string) =>
    (
      (await call(app, api.notices.list, { token: u.token, space })).json() as { notices: Notice[] }
    ).notices.filter((n) => n.type === type);
  /** Notices are written after the answer: waits until `n` are there. */
  const waitFor = async (u: U, type: string, n: number) => {
    let got = await noticesOf(u, type);
    for (let i = 0; i < 50 && got.length < n; i++) {
      await new Promise((r) => setTimeout(r, 100));
      got = await noticesOf(u, type);
    }
    return got;
  };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    owner = await signUp(app, 'cn-owner');
    planner = await signUp(app, 'cn-planner');
    curator = await signUp(app, 'cn-curator');
    space = await makeSpace(app, owner.token, 'Curator notices');
    tree = await makeTree(app, owner.token, space);
    const roles = (await call(app, api.roles.list, { token: owner.token, space })).json() as Role[];
    const planning = roles.find((r) => r.value === 'planning_and_control')!;
    for (const u of [planner, curator]) {
      const inv = await call(app, api.space.invite, {
        token: owner.token,
        params: { space_id: space },
        body: { login: u.login, role_id: planning.id },
      });
      expect(inv.statusCode, inv.body).toBe(201);
    }
    const doc: WbsDoc = { rows: new Map(), relations: new Map() };
    rowId = randomUUID();
    const add = change(doc, (d) => {
      d.rows.set(rowId, newRow(rowId, 'task', null, 'a0', { name: 'Pour slab', duration: 480 }));
    });
    expect((await sendChange(app, { token: owner.token, space }, tree.version, 0, add)).statusCode).toBe(200);
  });
  afterAll(() => h?.close());

  it('wanted reaches the curator, given reaches the version owner, withdrawn asks again', async () => {
    const P = { token: planner.token, space };
    const named = await call(app, api.executors.setRowPeople, {
      ...P,
      params: { id: tree.version },
      body: { wbs_id: rowId, curator_id: curator.user.id },
    });
    expect(named.statusCode, named.body).toBe(200);
    // Not calculated yet: nothing to accept.
    expect(await noticesOf(curator, 'task_need_accept_expert_data')).toHaveLength(0);

    // The planner calculates: the dates are wanted from the curator.
    const calc = await call(app, api.wbsBatch.calculateSynchronous, { ...P, params: { id: tree.version } });
    expect(calc.statusCode, calc.body).toBe(200);
    const wanted = await waitFor(curator, 'task_need_accept_expert_data', 1);
    expect(wanted).toHaveLength(1);
    expect(wanted[0]).toMatchObject({
      params: { task: 'Pour slab' },
      link: { version_id: tree.version, wbs_id: rowId },
    });

    // The curator accepts: the planner, whose calculation proposed the dates, hears of it.
    const accept = await call(app, api.curatorDates.acceptCuratorDates, {
      token: curator.token,
      space,
      params: { id: tree.version },
      body: { wbs_ids: [rowId] },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const given = await waitFor(planner, 'assignment_accepted', 1);
    expect(given).toHaveLength(1);
    expect(given[0]).toMatchObject({
      params: { variant: 'curator_dates', task: 'Pour slab', count: 1 },
      link: { version_id: tree.version, wbs_id: rowId },
    });
    expect(String(given[0]!.params.user)).not.toBe('');
    // Nobody else hears of it, and the curator is not asked again for dates they accepted.
    expect(await noticesOf(owner, 'assignment_accepted')).toHaveLength(0);
    expect(await noticesOf(curator, 'task_need_accept_expert_data')).toHaveLength(1);

    // The planner withdraws the acceptance: the curator is asked again for the same dates.
    const withdraw = await call(app, api.curatorDates.acceptCuratorDates, {
      ...P,
      params: { id: tree.version },
      body: { wbs_ids: [rowId], withdraw: true },
    });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    expect(await waitFor(curator, 'task_need_accept_expert_data', 2)).toHaveLength(2);

    // A curator named on a calculated row whose dates wait is asked at once.
    const renamed = await call(app, api.executors.setRowPeople, {
      ...P,
      params: { id: tree.version },
      body: { wbs_id: rowId, curator_id: owner.user.id },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const ownerWanted = await noticesOf(owner, 'task_need_accept_expert_data');
    expect(ownerWanted).toHaveLength(1);
    expect(ownerWanted[0]).toMatchObject({ link: { version_id: tree.version, wbs_id: rowId } });
  });
});
