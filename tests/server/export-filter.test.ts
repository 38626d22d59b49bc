// A version export with the schedule page's filter (`POST versions/{id}/export/{format}` with
// `filter` / `filter_indicator`): the file holds the rows that pass and the summaries above them,
// read from the stored rows (a name) and the last calculation's dates (a start date); a bad filter
// is a 400 naming body.filter, in en and ru.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { VersionContent } from '../../src/api';
import type { StoredFile } from '../../src/api/transfer';
import { formatDate } from '../../src/domain/format';
import { readAnySchedule } from '../../src/domain/io/read-any';
import { writeSchedule } from '../../src/domain/io/write-schedule';
import { shownStart } from '../../src/domain/schedule/shown-dates';
import { generateNetwork } from '../fixtures/network-generator';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { upload } from './transfer-helpers';
import type { Auth } from './transfer-helpers';

describe('export with a filter', () => {
  let h: Harness;
  let auth: Auth;
  let schedule: string;
  beforeAll(async () => {
    h = await startHarness({ dataDir: await mkdtemp(path.join(os.tmpdir(), 'export-filter-')) });
    const token = (await signUp(h.app)).token;
    const space = await makeSpace(h.app, token);
    auth = { token, space };
    schedule = (await makeTree(h.app, token, space)).schedule;
  });
  afterAll(() => h.close());

  const exported = async (id: string, body: Record<string, unknown>) => {
    const out = await call(h.app, api.transfer.exportVersion, {
      ...auth,
      params: { id, format: 'json' },
      body,
    });
    expect(out.statusCode, out.body).toBe(201);
    const dl = await call(h.app, api.transfer.storageDownload, {
      ...auth,
      params: { id: (out.json() as StoredFile).id },
    });
    const model = await readAnySchedule(new Uint8Array(dl.rawPayload), 'f.json');
    return new Set(model.activities.map((a) => a.code));
  };

  it('exports the rows that pass (stored field, date, indicator) with their summaries', async () => {
    const base = generateNetwork({ activities: 40, seed: 5 });
    const res = await upload(
      h.app,
      auth,
      `/schedules/${schedule}/versions/upload/synchronous`,
      { name: 'f.json', data: await writeSchedule(base, 'json') },
      {},
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const c = (await call(h.app, api.versions.content, { ...auth, params: { id } })).json() as VersionContent;
    const byId = new Map(c.items.map((i) => [i.id, i]));
    const withAbove = (pass: (i: VersionContent['items'][number]) => boolean) => {
      const out = new Set<string>();
      for (const i of c.items)
        if (pass(i))
          for (let at: string | null = i.id; at; at = byId.get(at)?.parent_id ?? null)
            out.add(byId.get(at)!.code);
      return out;
    };

    // A stored field: the name.
    const leaf = c.items.filter((i) => i.node_type !== 'sum').at(-1)!;
    const word = leaf.name;
    const byName = await exported(id, { filter: JSON.stringify({ field: 'name', op: 'like', value: word }) });
    const expectedName = withAbove((i) => i.name.toLowerCase().includes(word.toLowerCase()));
    expect(byName).toEqual(expectedName);
    expect(byName.size).toBeLessThan(c.items.length);

    // A date: the start as the grid shows it (the actual start where there is one).
    const starts = c.items
      .filter((i) => i.es !== null)
      .map((i) => shownStart({ actualStart: i.actual_start, actualFinish: i.actual_finish }, i.es!))
      .sort((a, b) => a - b);
    const cut = formatDate(starts[starts.length >> 1]!, 'YYYY-MM-DD');
    const day = (i: VersionContent['items'][number]) =>
      i.es === null
        ? null
        : formatDate(
            shownStart({ actualStart: i.actual_start, actualFinish: i.actual_finish }, i.es),
            'YYYY-MM-DD',
          );
    const byDate = await exported(id, { filter: JSON.stringify({ field: 'start', op: 'gte', value: cut }) });
    const expectedDate = withAbove((i) => {
      const d = day(i);
      return d !== null && d >= cut;
    });
    expect(byDate).toEqual(expectedDate);
    expect(byDate.size).toBeGreaterThan(0);
    expect(byDate.size).toBeLessThan(c.items.length);

    // An indicator, and both (a row passes both).
    const milestones = await exported(id, { filter_indicator: 'milestones' });
    expect(milestones).toEqual(
      withAbove((i) => i.node_type === 'milestone_start' || i.node_type === 'milestone_finish'),
    );
    const both = await exported(id, {
      filter: JSON.stringify({ field: 'start', op: 'gte', value: cut }),
      filter_indicator: 'not_started',
    });
    for (const code of both) expect(expectedDate.has(code)).toBe(true);
  });

  it('refuses a bad filter naming the field, in en and ru', async () => {
    const res = await upload(
      h.app,
      auth,
      `/schedules/${schedule}/versions/upload/synchronous`,
      { name: 'g.json', data: await writeSchedule(generateNetwork({ activities: 5, seed: 2 }), 'json') },
      {},
    );
    const id = res.json().id as string;
    const bad = { filter: '{"field":"name","op":"nope"}' };
    const en = await call(h.app, api.transfer.exportVersion, {
      ...auth,
      params: { id, format: 'json' },
      body: bad,
    });
    expect(en.statusCode).toBe(400);
    expect(en.json().error_message[0].params.field).toBe('body.filter');
    expect(en.json().error_message[0].error_message).toContain('not a valid filter');
    const ru = await call(h.app, api.transfer.exportVersion, {
      ...auth,
      headers: { language: 'ru' },
      params: { id, format: 'json' },
      body: bad,
    });
    expect(ru.statusCode).toBe(400);
    expect(ru.json().error_message[0].error_message).toContain('Фильтр задан неверно');
    const indicator = await call(h.app, api.transfer.exportVersion, {
      ...auth,
      params: { id, format: 'json' },
      body: { filter_indicator: 'nope' },
    });
    expect(indicator.statusCode).toBe(400);
    expect(indicator.json().error_message[0].params.field).toBe('body.filter_indicator');
  });
});
