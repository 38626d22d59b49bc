// A big undo-log entry is stored gzip-packed (migration 080, services/undo-entry-store.ts) and
// reads back as it was sent wherever the log is read: the changes a stale batch is answered with,
// the undo-actions list, and a restore. Small entries stay jsonb. A paste's remaining durations are
// settled with its edits (services/remaining-presettle.ts) and equal the domain's for every row.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { VersionContent } from '../../src/api';
import { deserializeEntry, serializeEntry, undoKindOf } from '../../src/domain/history';
import { change } from '../../src/domain/wbs/change';
import type { WbsChange } from '../../src/domain/wbs/change';
import { remainingDuration } from '../../src/domain/wbs/progress';
import { newRow } from '../../src/domain/wbs/types';
import { WDP_ROW_ROOT } from '../../src/domain/wdp/kept-patches';
import type { WbsDoc } from '../../src/domain/wbs/types';
import { asStoredReal } from '../../src/server/services/remaining-presettle';
import { PACK_OVER_CHARS, prepareEntry } from '../../src/server/services/undo-entry-store';
import { makeSpace, makeTree, readVersionDoc, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const DAY = 480;
const ROWS = 1_500;

describe('undo log: packed entries and settled remaining durations', () => {
  let h: Harness;
  let app: FastifyInstance;
  let as: { token: string; space: string };
  let version: string;
  let revision = 0;

  const read = () => readVersionDoc(app, as, version);
  const send = (c: Pick<WbsChange<unknown>, 'patches' | 'inversePatches'>, at = revision) =>
    call(app, api.wbsBatch.batch, {
      ...as,
      params: { id: version },
      body: {
        revision: at,
        origin: 'do',
        entry: serializeEntry({ kind: undoKindOf(c.patches), labelKey: 'cmd.edit', ...c }),
      },
    });
  const ok = async (c: Pick<WbsChange<unknown>, 'patches' | 'inversePatches'>) => {
    const res = await send(c);
    expect(res.statusCode, res.body).toBe(200);
    revision = (res.json() as { revision: number }).revision;
    return res.json() as { revision: number; action_id: string };
  };
  const storedAs = async (actionId: string) => {
    const { rows } = await sql<{ json: boolean; packed: boolean }>`SELECT entry IS NOT NULL AS json,
      packed IS NOT NULL AS packed FROM wbs_undo_actions WHERE id = ${actionId}`.execute(h.database.db);
    return rows[0]!;
  };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'packed');
    const space = await makeSpace(app, u.token);
    as = { token: u.token, space };
    version = (await makeTree(app, u.token, space)).version;
    const empty: WbsDoc = { rows: new Map(), relations: new Map() };
    await ok(
      change(empty, (d) => {
        for (let i = 0; i < ROWS; i++) {
          const id = randomUUID();
          d.rows.set(
            id,
            newRow(id, 'task', null, `a${String(i).padStart(5, '0')}`, { name: `R${i}`, duration: 5 * DAY }),
          );
        }
      }),
    );
  });
  afterAll(() => h.close());

  it('packs a big entry, keeps a small one as jsonb, and answers both as sent to a stale batch', async () => {
    const { doc } = await read();
    const ids = [...doc.rows.keys()];
    const base = revision;
    // A rename of every row but the last, with a name long enough to pass the packing threshold.
    const big = change(doc, (x) => {
      for (const id of ids.slice(0, -1)) x.rows.get(id)!.name = `Renamed with a longer name ${id}`;
    });
    expect(JSON.stringify(big.patches).length).toBeGreaterThan(PACK_OVER_CHARS);
    const bigAction = await ok(big);
    expect(await storedAs(bigAction.action_id)).toEqual({ json: false, packed: true });
    const last = ids[ids.length - 1]!;
    const stale = await send(
      change(doc, (x) => void (x.rows.get(last)!.name = 'Small edit')),
      base,
    );
    expect(stale.statusCode, stale.body).toBe(200);
    const out = stale.json() as { revision: number; action_id: string; changes: { entry: unknown }[] };
    revision = out.revision;
    expect(await storedAs(out.action_id)).toEqual({ json: true, packed: false });
    expect(deserializeEntry(out.changes[0]!.entry).patches).toEqual(big.patches);
    expect(deserializeEntry(out.changes[0]!.entry).inversePatches).toEqual(big.inversePatches);
  });

  it('lists a packed entry and restores it', async () => {
    const log = await call(app, api.wbsBatch.undoActions, { ...as, params: { id: version } });
    expect(log.statusCode, log.body).toBe(200);
    const items = (log.json() as { items: { id: string; entry: unknown }[] }).items;
    const packed = items[1]!;
    expect(deserializeEntry(packed.entry).patches).toHaveLength(ROWS - 1);
    const res = await call(app, api.wbsBatch.restore, {
      ...as,
      params: { id: version, actionId: packed.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    revision = (res.json() as { revision: number }).revision;
    const names = (await read()).content.items.map((i) => i.name);
    expect(names.filter((n) => n.startsWith('Renamed'))).toEqual([]);
  });

  it('settles the remaining duration of rows a paste edits field by field, as the domain does', async () => {
    const { doc } = await read();
    const ids = [...doc.rows.keys()];
    // Percent, duration, type and actual finish edits in one batch, some rows edited twice.
    const edited = change(doc, (x) => {
      ids.forEach((id, i) => {
        const r = x.rows.get(id)!;
        if (i % 3 === 0) r.percentComplete = (i % 97) + 0.3456789;
        if (i % 4 === 0) r.duration = (1 + (i % 13)) * DAY + (i % 7);
        if (i % 50 === 0) r.nodeType = 'milestone_finish';
        if (i % 3 === 0 && i % 9 === 0) r.percentComplete = 33.3;
      });
    });
    await ok(edited);
    const { content, doc: after } = await read();
    const remaining = new Map(content.items.map((i: VersionContent['items'][number]) => [i.id, i.remaining]));
    for (const row of after.rows.values())
      expect(remaining.get(row.id), row.name).toBe(remainingDuration(row));
  });

  it('reads a real back as the database prints it', async () => {
    const xs = fc.sample(
      fc.oneof(
        fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
        fc.double({ min: 1e-3, max: 100, noNaN: true }),
      ),
      300,
    );
    const { rows } = await sql<{ p: number | string }>`SELECT unnest(${xs}::real[]) AS p`.execute(
      h.database.db,
    );
    expect(rows.map((r) => Number(r.p))).toEqual(xs.map(asStoredReal));
  });

  it('keeps an entry that holds rows’ kept settings as jsonb, whatever its size', () => {
    const text = 'x'.repeat(PACK_OVER_CHARS + 1);
    expect(
      prepareEntry(text, [{ op: 'add', path: [WDP_ROW_ROOT, randomUUID()], value: {} }]).packed,
    ).toBeNull();
    expect(
      prepareEntry(text, [{ op: 'replace', path: ['rows', randomUUID(), 'name'], value: 'n' }]).packed,
    ).not.toBeNull();
    expect(prepareEntry('{}', []).packed).toBeNull();
  });
});
