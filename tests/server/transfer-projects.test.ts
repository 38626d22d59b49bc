// A two-project XER through the API (tests/fixtures/multi-project-xer.ts): the import stores the
// other project's activities as external, named, with their dates; the options of every scheduled
// project travel with the version; and the server's calculation job gives the dates the import
// stored (the same engine and the same model in both).
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { VersionContent } from '../../src/api';
import { multiProjectXer } from '../fixtures/multi-project-xer';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { upload } from './transfer-helpers';
import type { Auth } from './transfer-helpers';

describe('transfer: an XER holding two projects', () => {
  let h: Harness;
  let auth: Auth;
  let schedule: string;

  const imported = async (otherFlag: 'Y' | 'N') => {
    const res = await upload(h.app, auth, `/schedules/${schedule}/versions/upload/synchronous`, {
      name: `two-${otherFlag}.xer`,
      data: multiProjectXer({ otherFlag }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const c = (await call(h.app, api.versions.content, { ...auth, params: { id } })).json() as VersionContent;
    const byCode = (code: string) => c.items.find((i) => i.code === code)!;
    return { id, c, byCode };
  };

  beforeAll(async () => {
    h = await startHarness({ dataDir: await mkdtemp(path.join(os.tmpdir(), 'transfer-projects-')) });
    const token = (await signUp(h.app)).token;
    const space = await makeSpace(h.app, token);
    auth = { token, space };
    schedule = (await makeTree(h.app, token, space)).schedule;
  });
  afterAll(() => h.close());

  it('keeps the other project’s activities external and named; the job recomputes the same dates', async () => {
    const { id, c, byCode } = await imported('N');
    expect(byCode('X2000').sched).toMatchObject({ external: { project: 'OTHER' } });
    expect(byCode('A1010').sched?.external).toBeUndefined();
    const codes = new Map(c.items.map((i) => [i.id, i.code]));
    const dates = (
      items: {
        id: string;
        es: number | null;
        ef: number | null;
        ls: number | null;
        lf: number | null;
        tf: number | null;
        ff: number | null;
      }[],
    ) => Object.fromEntries(items.map((i) => [codes.get(i.id), [i.es, i.ef, i.ls, i.lf, i.tf, i.ff]]));
    const res = await call(h.app, api.wbsBatch.calculateSynchronous, { ...auth, params: { id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(dates((res.json() as { items: VersionContent['items'] }).items)).toEqual(dates(c.items));
  });

  it('stores the other exported project’s options with the version and schedules it with them', async () => {
    const { id, c, byCode } = await imported('Y');
    expect(c.version.schedule_options?.projects).toEqual([
      expect.objectContaining({
        id: '200',
        name: 'OTHER',
        options: expect.objectContaining({ floatType: 'start' }),
      }),
    ]);
    expect(byCode('X2000').sched).toMatchObject({ projectId: '200' });
    // The permit starts at OTHER's data date (Mon 2024-01-01 08:00 = minute 12624960), also when
    // the server calculates the version again.
    expect(byCode('X2000').es).toBe(12_623_520);
    await call(h.app, api.wbsBatch.calculateSynchronous, { ...auth, params: { id } });
    const again = (
      await call(h.app, api.versions.content, { ...auth, params: { id } })
    ).json() as VersionContent;
    expect(again.items.find((i) => i.code === 'X2000')!.es).toBe(12_623_520);
  });
});
