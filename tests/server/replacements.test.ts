// Replacements: rules kept per schedule, conflicting sets refused (en, ru) and never stored, an
// upload into the schedule comes out with the owner's codes, a rule that would make two codes one
// fails the upload with no version left, and a rule's effect previewed on a version.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Replacement, ReplacementPreview } from '../../src/api';
import { makeSpace, makeTree, readVersionDoc, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { upload } from './transfer-helpers';

const CSV = 'Code;Name;Duration (d);Predecessors\nC10;Excavation;3;\nC20;Footings;4;C10\nA3000;Walls;5;C20\n';

describe('replacements', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let space: string;
  let t: Tree;

  const req = (def: Parameters<typeof call>[1], o: Parameters<typeof call>[2] = {}) =>
    call(app, def, { token, space, ...o });
  const add = async (field: string, from: string, to: string, status = 201, lang = 'en') => {
    const res = await req(api.replacements.create, {
      params: { id: t.schedule },
      body: { field, from, to },
      headers: { language: lang },
    });
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const rules = async () =>
    (await req(api.replacements.list, { params: { id: t.schedule } })).json() as Replacement[];
  const importCsv = (lang = 'en') =>
    upload(
      app,
      { token, space },
      `/schedules/${t.schedule}/versions/upload/synchronous`,
      {
        name: 'contractor.csv',
        data: CSV,
      },
      { label: 'Contractor' },
      lang,
    );

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    token = (await signUp(app, 'repl')).token;
    space = await makeSpace(app, token);
    t = await makeTree(app, token, space);
  });
  afterAll(() => h.close());

  it('keeps rules in order and refuses conflicting ones, naming the problem', async () => {
    const a = (await add('code', 'C10', 'A1000')) as Replacement;
    await add('code', ' C20 ', 'A2000');
    expect(a).toMatchObject({ field: 'code', from: 'C10', to: 'A1000', active: true, order: 0 });
    expect((await rules()).map((r) => [r.from, r.to, r.order])).toEqual([
      ['C10', 'A1000', 0],
      ['C20', 'A2000', 1],
    ]);
    const many = await add('code', 'C30', 'A1000', 400);
    expect(many.error_message[0]).toMatchObject({ code: 'replacements.many_to_one' });
    expect(many.error_message[0].error_message).toContain('C10 and C30 would both become A1000');
    const ru = await add('code', 'C10', 'A9000', 400, 'ru');
    expect(ru.error_message[0].code).toBe('replacements.duplicate_from');
    expect(ru.error_message[0].error_message).toContain('Другое правило уже заменяет «C10»');
    expect((await add('resource', 'Crew', 'Crew', 400)).error_message[0].code).toBe(
      'replacements.same_value',
    );
    // Resources (and calendars) may merge.
    await add('resource', 'Crane A', 'Crane');
    await add('resource', 'Crane B', 'Crane');
    for (const body of [
      { field: 'code', from: '', to: 'X' },
      { field: 'wbs', from: 'a', to: 'b' },
      { field: 'code', from: 'a', to: 'b', extra: 1 },
    ]) {
      const res = await req(api.replacements.create, { params: { id: t.schedule }, body });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await rules()).toHaveLength(4);
  });

  it('updates and deletes rules, re-checking the set', async () => {
    const [, second] = await rules();
    const clash = await req(api.replacements.update, {
      params: { id: t.schedule },
      body: { id: second!.id, to: 'A1000' },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error_message[0].code).toBe('replacements.many_to_one');
    const off = await req(api.replacements.update, {
      params: { id: t.schedule },
      body: { id: second!.id, active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    // Inactive: no longer in the way.
    const on = await req(api.replacements.update, {
      params: { id: t.schedule },
      body: { id: second!.id, to: 'A2000', active: true },
    });
    expect(on.json()).toMatchObject({ to: 'A2000', active: true });
    const crane = (await rules()).filter((r) => r.field === 'resource');
    for (const r of crane) {
      const res = await req(api.replacements.remove, { params: { id: t.schedule, rule_id: r.id } });
      expect(res.statusCode).toBe(200);
    }
    const missing = await req(api.replacements.remove, { params: { id: t.schedule, rule_id: crane[0]!.id } });
    expect(missing.statusCode).toBe(404);
    expect(await rules()).toHaveLength(2);
  });

  it('applies the rules to an upload: the owner codes, relations kept', async () => {
    const res = await importCsv();
    expect(res.statusCode, res.body).toBe(201);
    const version = res.json().id as string;
    const { content } = await readVersionDoc(app, { token, space }, version);
    const code = new Map(content.items.map((i) => [i.id, i.code]));
    // Content order is not the file's order: compare as a set.
    const byCode = (a: (string | null)[], b: (string | null)[]) => String(a[0]).localeCompare(String(b[0]));
    expect(content.items.map((i) => [i.code, i.name]).sort(byCode)).toEqual([
      ['A1000', 'Excavation'],
      ['A2000', 'Footings'],
      ['A3000', 'Walls'],
    ]);
    expect(content.relations.map((r) => `${code.get(r.pred_id)}→${code.get(r.succ_id)}`).sort()).toEqual([
      'A1000→A2000',
      'A2000→A3000',
    ]);
    // Already applied: no row of the version still has the contractor's code.
    const first = (await rules())[0]!;
    const p1 = (
      await req(api.replacements.preview, { params: { id: version, rule_id: first.id } })
    ).json() as ReplacementPreview;
    expect(p1.matches).toEqual([]);
    // A rule onto a code the version has: its row listed, and the collision named.
    const onto = (await add('code', 'A2000', 'A3000')) as Replacement;
    const p2 = (
      await req(api.replacements.preview, { params: { id: version, rule_id: onto.id } })
    ).json() as ReplacementPreview;
    expect(p2.matches.map((m) => [m.code, m.name, m.to])).toEqual([['A2000', 'Footings', 'A3000']]);
    expect(p2.problems.map((p) => p.code)).toEqual(['replacements.code_collision']);
    expect(p2.problems[0]!.error_message).toContain('A3000');
    await req(api.replacements.remove, { params: { id: t.schedule, rule_id: onto.id } });
  });

  it('fails an upload whose rules would give two activities one code, leaving no version', async () => {
    const before = ((await req(api.versions.list, { params: { id: t.schedule } })).json() as unknown[])
      .length;
    // C20 → A3000 while the file also has A3000.
    const [, second] = await rules();
    const upd = await req(api.replacements.update, {
      params: { id: t.schedule },
      body: { id: second!.id, to: 'A3000' },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const res = await importCsv('ru');
    expect(res.statusCode).toBe(400);
    expect(res.json().error_message[0]).toMatchObject({ code: 'replacements.code_collision' });
    expect(res.json().error_message[0].error_message).toContain('Замены дали бы код A3000');
    expect((await req(api.versions.list, { params: { id: t.schedule } })).json()).toHaveLength(before);
  });

  it('keeps rules to their space', async () => {
    const other = await signUp(app, 'repl2');
    const space2 = await makeSpace(app, other.token);
    const res = await call(app, api.replacements.list, {
      token: other.token,
      space: space2,
      params: { id: t.schedule },
    });
    expect(res.statusCode).toBe(404);
    const foreign = await call(app, api.replacements.list, {
      token: other.token,
      space,
      params: { id: t.schedule },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
