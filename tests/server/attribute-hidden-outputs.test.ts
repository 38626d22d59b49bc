// Values of attributes hidden from a role reach that role through none of the outputs that read
// rows' attributes outside the grid: analytics (the custom-cost curve of an attribute), the
// cyclogram (grouped by an attribute), print and reports. Each check runs for the owner too, who
// sees the attributes, so it can fail.
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { AttributeWithRoles, Report, Role } from '../../src/api';
import type { CurveResponse } from '../../src/api/analytics';
import type { StoredFile } from '../../src/api/transfer';
import { toMinutes } from '../../src/domain/calendar/time';
import { defaultSettings } from '../../src/domain/print/settings';
import { change } from '../../src/domain/wbs/change';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsDoc } from '../../src/domain/wbs/types';
import { printSource } from '../../src/server/print/source';
import { reportSource } from '../../src/server/reports/engine';
import type { Tree } from './support/fixtures';
import { makeSpace, makeTree, sendChange, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const D0 = toMinutes(2026, 1, 5);
const DAY = 24 * 60;

describe('hidden attribute values in analytics, cyclogram, print and reports', () => {
  let h: Harness;
  let app: FastifyInstance;
  let owner: { token: string; space: string };
  let reader: { token: string; space: string };
  let ownerId: string;
  let readerId: string;
  let tree: Tree;
  let secret: AttributeWithRoles;
  let zone: AttributeWithRoles;
  let open: AttributeWithRoles;

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'owner');
    const space = await makeSpace(app, u.token);
    owner = { token: u.token, space };
    ownerId = u.user.id;
    tree = await makeTree(app, u.token, space);
    const r = await signUp(app, 'planner');
    reader = { token: r.token, space };
    readerId = r.user.id;
    const invited = await call(app, api.space.invite, {
      ...owner,
      params: { space_id: space },
      body: { login: r.login },
    });
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    const roles = (await call(app, api.roles.list, owner)).json() as Role[];
    const planner = roles.find((x) => x.value === 'planning_and_control')!;
    await call(app, api.space.setRole, {
      ...owner,
      params: { space_id: space },
      body: { user_id: r.user.id, role_id: planner.id },
    });
    const make = async (name: string, type: 'number' | 'text') => {
      const res = await call(app, api.attributes.create, {
        ...owner,
        body: { name, type, scope: 'space', node_id: null },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as AttributeWithRoles;
    };
    secret = await make('Secret', 'number');
    zone = await make('Zone', 'text');
    open = await make('Open', 'number');
    for (const a of [secret, zone]) {
      const hide = await call(app, api.attributes.setAccess, {
        ...owner,
        params: { id: a.id },
        body: { role_id: planner.id, access: 'hidden' },
      });
      expect(hide.statusCode, hide.body).toBe(200);
    }
    const ids = [randomUUID(), randomUUID()];
    const empty: WbsDoc = { rows: new Map(), relations: new Map() };
    const created = change(empty, (d) => {
      ids.forEach((id, i) => {
        const row = newRow(id, 'task', null, `a${i}`, { name: `Walls ${i + 1}`, code: `W${i + 1}` });
        row.attributes = { [secret.key]: 987654, [zone.key]: `Vault-${i + 1}`, [open.key]: 13579 };
        d.rows.set(id, row);
      });
    });
    const res = await sendChange(app, owner, tree.version, 0, created);
    expect(res.statusCode, res.body).toBe(200);
    // Dates as a calculation would store them (the outputs read the engine's dates).
    await h.database.db
      .updateTable('wbs_items')
      .set({ es: D0, ef: D0 + 10 * DAY })
      .where('space_id', '=', space)
      .where('version_id', '=', tree.version)
      .execute();
  });
  afterAll(() => h.close());

  it('analytics: the custom-cost curve of a hidden attribute is a 404 for the reader only', async () => {
    const curve = (as: typeof owner, attribute: string) =>
      call(app, api.analytics.versionCustomCost, {
        ...as,
        params: { id: tree.version },
        body: { attribute, unit: 'week' },
      });
    const mine = await curve(owner, secret.key);
    expect(mine.statusCode, mine.body).toBe(200);
    const plan = (mine.json() as CurveResponse).series.find((s) => s.key === 'plan')!;
    expect(plan.total).toBeCloseTo(2 * 987654);
    const theirs = await curve(reader, secret.key);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('987654');
    // Every level answers alike (the schedule's call shares the check).
    const bySchedule = await call(app, api.analytics.scheduleCustomCost, {
      ...reader,
      params: { id: tree.schedule },
      body: { attribute: secret.key, unit: 'week' },
    });
    expect(bySchedule.statusCode).toBe(404);
    // A visible attribute still reaches the reader.
    expect((await curve(reader, open.key)).statusCode).toBe(200);
  });

  it('cyclogram: grouping by a hidden attribute is refused for the reader, its values not sent', async () => {
    const chart = (as: typeof owner, attributeId: string, kindBy = 'name') =>
      call(app, api.views.cyclogram, {
        ...as,
        params: { id: tree.version, attributeId },
        query: { kind_by: kindBy },
      });
    const mine = await chart(owner, zone.key);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.body).toContain('Vault-1');
    for (const res of [await chart(reader, zone.key), await chart(reader, 'wbs:1', zone.key)]) {
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain('Vault-');
    }
    expect((await chart(reader, 'wbs:1')).statusCode).toBe(200);
  });

  it('print: the reader’s rows hold no hidden key, the owner’s do; the preview has no value', async () => {
    const db = h.database.db;
    const mine = await printSource(db, owner.space, tree.version, ownerId);
    const theirs = await printSource(db, owner.space, tree.version, readerId);
    expect(mine.hidden).toEqual([]);
    expect(theirs.hidden.sort()).toEqual([secret.key, zone.key].sort());
    const preview = await call(app, api.print.preview, {
      ...reader,
      params: { id: tree.version },
      body: { settings: defaultSettings() },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const svg = preview.rawPayload.toString('utf8');
    expect(svg).toContain('Walls 1');
    expect(svg).not.toContain('987654');
    expect(svg).not.toContain('Vault-');
  });

  it('reports: the reader’s run holds no hidden value', async () => {
    const db = h.database.db;
    const src = await reportSource(db, owner.space, tree.version, readerId);
    expect(src.rows.map((r) => r.code)).toEqual(['W1', 'W2']);
    expect(JSON.stringify(src)).not.toContain('987654');
    const list = (await call(app, api.reports.list, reader)).json() as { items: Report[] };
    const res = await call(app, api.reports.runOnVersion, {
      ...reader,
      params: { id: tree.version, report_id: list.items[0]!.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json() as StoredFile;
    const dl = await call(app, api.transfer.storageDownload, { ...reader, params: { id: file.id } });
    expect(dl.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(dl.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    for (const ws of wb.worksheets)
      ws.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
    expect(cells.join('|')).toContain('Activities|2');
    expect(cells.join('|')).not.toContain('987654');
    expect(cells.join('|')).not.toContain('Vault-');
  });
});
