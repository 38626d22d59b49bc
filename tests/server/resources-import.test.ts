// An import lands its resources in the space's list, once: a second import of the same file
// links to the resources the first created (read in place from ../shared/fixtures).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Resource, ResourceAssignment } from '../../src/api';
import { readAnySchedule } from '../../src/domain/io/read-any';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { upload } from './transfer-helpers';
import type { Auth } from './transfer-helpers';

const XER = path.resolve('../shared/fixtures/xer/p6_xernative_wk2_tp.xer');
const present = existsSync(XER);
if (!present) console.warn(`resources import: ${XER} is absent, skipped`);

describe.skipIf(!present)('resources: an import lands them in the space', () => {
  let h: Harness;
  let auth: Auth;
  let schedule: string;

  const importXer = async () => {
    const res = await upload(
      h.app,
      auth,
      `/schedules/${schedule}/versions/upload/synchronous`,
      { name: path.basename(XER), data: readFileSync(XER) },
      {},
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const resources = async () =>
    ((await call(h.app, api.resources.list, auth)).json() as { items: Resource[] }).items;

  beforeAll(async () => {
    h = await startHarness();
    const token = (await signUp(h.app, 'resimp')).token;
    const space = await makeSpace(h.app, token);
    auth = { token, space };
    schedule = (await makeTree(h.app, token, space)).schedule;
  });
  afterAll(() => h.close());

  it('creates one space resource per name the file brings, and links its assignments', async () => {
    const model = await readAnySchedule(readFileSync(XER), path.basename(XER));
    const names = new Set(model.resources.map((r) => r.name));
    expect(names.size).toBeGreaterThan(0);
    const v1 = await importXer();
    const first = await resources();
    expect(new Set(first.map((r) => r.name))).toEqual(names);
    const res = await call(h.app, api.resources.assignments, { ...auth, query: { version_id: v1 } });
    const items = (res.json() as { items: ResourceAssignment[] }).items;
    expect(items.length).toBe(model.assignments.length);
    const ids = new Set(first.map((r) => r.id));
    expect(items.every((a) => a.resource_id !== null && ids.has(a.resource_id))).toBe(true);

    await importXer();
    expect((await resources()).length).toBe(first.length);
  });
});
