// Building blocks for tests: a signed-up user, a space, a small tree.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { api } from '../../../src/api';
import type { EpsNode, Session, UserSpace, Version, VersionContent } from '../../../src/api';
import type { WbsDoc } from '../../../src/domain/wbs';
import type { WbsChange } from '../../../src/domain/wbs/change';
import { serializeEntry, undoKindOf } from '../../../src/domain/history';
import { relationFromApi, rowFromItem } from '../../../src/api/wbs-rows';
import { call, newUser } from './harness';

export async function signUp(
  app: FastifyInstance,
  prefix = 'user',
): Promise<Session & { login: string; password: string }> {
  const body = newUser(prefix);
  const res = await call(app, api.users.registerAndLogin, { body });
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json() as Session), login: body.login, password: body.password };
}

export async function makeSpace(app: FastifyInstance, token: string, name = 'Space'): Promise<string> {
  const res = await call(app, api.space.create, { token, body: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as UserSpace).id;
}

export interface Tree {
  facility: string;
  project: string;
  group: string;
  schedule: string;
  version: string;
  calendar: string;
  role: string;
}

/** facility → project → group → schedule → version, plus a calendar and a custom role. */
export async function makeTree(app: FastifyInstance, token: string, space: string): Promise<Tree> {
  const ok = async (p: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const res = await p;
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as { id: string };
  };
  const facility = await ok(call(app, api.facilities.create, { token, space, body: { name: 'Facility' } }));
  const project = await ok(
    call(app, api.facilities.createProject, {
      token,
      space,
      params: { id: facility.id },
      body: { name: 'Project' },
    }),
  );
  const group = await ok(
    call(app, api.scheduleGroups.create, { token, space, body: { project_id: project.id, name: 'Group' } }),
  );
  const schedule = await ok(
    call(app, api.projects.createSchedule, {
      token,
      space,
      params: { id: project.id },
      body: { name: 'Schedule', group_id: group.id },
    }),
  );
  const versions = (
    await call(app, api.versions.list, { token, space, params: { id: schedule.id } })
  ).json() as Version[];
  const calendars = (await call(app, api.calendars.list, { token, space })).json() as { id: string }[];
  const role = await ok(
    call(app, api.roles.create, { token, space, body: { name: 'Site engineer', value: 'fact_gathering' } }),
  );
  return {
    facility: facility.id,
    project: project.id,
    group: group.id,
    schedule: schedule.id,
    version: versions[0]!.id,
    calendar: calendars[0]!.id,
    role: role.id,
  };
}

export const nodeNames = (nodes: EpsNode[]) => nodes.map((n) => `${n.kind}:${n.name}`);

/** A version's stored content (GET versions/{id}/wbs), and the same as the workbench's document. */
export async function readVersionDoc(
  app: FastifyInstance,
  as: { token: string; space: string },
  version: string,
): Promise<{ content: VersionContent; doc: WbsDoc }> {
  const res = await call(app, api.versions.content, { ...as, params: { id: version } });
  expect(res.statusCode, res.body).toBe(200);
  const content = res.json() as VersionContent;
  const doc: WbsDoc = {
    rows: new Map(content.items.map((i) => [i.id, rowFromItem(i)])),
    relations: new Map(content.relations.map((r) => [r.id, relationFromApi(r)])),
  };
  return { content, doc };
}

/** Sends a change to a version as one 'do' batch at `revision` (the answer as it comes). */
export function sendChange(
  app: FastifyInstance,
  as: { token: string; space: string },
  version: string,
  revision: number,
  c: Pick<WbsChange<unknown>, 'patches' | 'inversePatches'>,
  labelKey = 'cmd.edit',
) {
  return call(app, api.wbsBatch.batch, {
    ...as,
    params: { id: version },
    body: { revision, origin: 'do', entry: serializeEntry({ kind: undoKindOf(c.patches), labelKey, ...c }) },
  });
}
