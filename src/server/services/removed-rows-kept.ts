// The wdp settings (`wdp_rows`) and timesheet lines (`timesheet_days`) of the WBS rows a batch
// removes: the keys cascade to them, so the batch's logged entry carries their removal and their
// return (src/domain/wdp/kept-patches.ts). They are the server's own: taken from its tables when
// rows are removed, and from the undo log when an undo or redo puts rows back. The values a
// client sends under these paths are dropped (a client could otherwise write anyone's timesheet
// lines through a batch).
import type { Patch } from 'immer';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import {
  DISTRIBUTION_BASES,
  DISTRIBUTION_MODES,
  TIMESHEET_DAY_ROOT,
  WDP_ROW_ROOT,
  isKeptPatch,
} from '../../domain/wdp';
import type { TimesheetDayValue, WdpRowValue } from '../../domain/wdp';
import type { HistoryEntry } from '../../domain/history';
import type { DB } from '../db/schema';
import { HttpError } from '../errors';

type Tx = Transaction<DB> | Kysely<DB>;
interface Scope {
  spaceId: string;
  versionId: string;
}

const Num = z.number().finite().min(-1e12).max(1e12).nullable();
const RowValue = z.strictObject({
  unit: z.string().max(32),
  mode: z.enum(DISTRIBUTION_MODES),
  base: z.enum(DISTRIBUTION_BASES),
  rate: Num,
});
const LineValue = z.strictObject({ hours: Num, fact: Num });
const Uuid = z.uuid();
const MAX_DAY = 18627;

export { isKeptPatch };

/** The entry without any patch of these paths (what a client sent for them is not used). */
export const withoutKept = (e: HistoryEntry): HistoryEntry => ({
  ...e,
  patches: e.patches.filter((p) => !isKeptPatch(p)),
  inversePatches: e.inversePatches.filter((p) => !isKeptPatch(p)),
});

/** Patches removing the stored settings and timesheet lines of `rows` and putting them back,
 *  but those `carried` (paths joined by '/') that the entry removes itself. */
export async function cascadedKept(
  tx: Tx,
  s: Scope,
  rows: readonly string[],
  carried: ReadonlySet<string>,
): Promise<{ patches: Patch[]; inversePatches: Patch[] }> {
  const settings = await tx
    .selectFrom('wdp_rows')
    .select(['item_id', 'unit', 'mode', 'base', 'rate'])
    .where('space_id', '=', s.spaceId)
    .where('version_id', '=', s.versionId)
    .where(sql<boolean>`item_id = ANY(${rows}::uuid[])`)
    .orderBy('item_id')
    .execute();
  const lines = await tx
    .selectFrom('timesheet_days')
    .select(['item_id', 'timesheet_id', 'day', 'hours', 'fact'])
    .where('space_id', '=', s.spaceId)
    .where('version_id', '=', s.versionId)
    .where(sql<boolean>`item_id = ANY(${rows}::uuid[])`)
    .orderBy('item_id')
    .orderBy('timesheet_id')
    .orderBy('day')
    .execute();
  const patches: Patch[] = [];
  const inversePatches: Patch[] = [];
  const put = (path: (string | number)[], value: WdpRowValue | TimesheetDayValue) => {
    if (carried.has(path.join('/'))) return;
    patches.push({ op: 'remove', path });
    inversePatches.push({ op: 'add', path, value });
  };
  for (const r of settings)
    put([WDP_ROW_ROOT, r.item_id], {
      unit: r.unit,
      mode: r.mode as WdpRowValue['mode'],
      base: r.base as WdpRowValue['base'],
      rate: r.rate,
    });
  for (const r of lines)
    put([TIMESHEET_DAY_ROOT, r.item_id, r.timesheet_id, r.day], { hours: r.hours, fact: r.fact });
  return { patches, inversePatches };
}

/**
 * The settings and timesheet lines that rows put back by an undo or redo had when they were
 * removed: the add patches of the newest logged entry that removed each row and kept some (its
 * inverse holds them, made by cascadedKept), with their removal as the inverse. A row's settings
 * go only with its delete, so its newest delete that kept any is the one that kept its own.
 */
export async function returningKept(
  tx: Tx,
  s: Scope,
  rows: readonly string[],
): Promise<{ patches: Patch[]; inversePatches: Patch[] }> {
  const patches: Patch[] = [];
  const inversePatches: Patch[] = [];
  if (rows.length === 0) return { patches, inversePatches };
  // Only the log's entries that keep settings or lines are read (a delete of rows without any
  // keeps none), each expanded once however many rows it removed.
  const { rows: found } = await sql<{ patch: { op: string; path: (string | number)[]; value: unknown } }>`
    WITH cand AS (
      SELECT u.revision, u.entry FROM wbs_undo_actions u
      WHERE u.space_id = ${s.spaceId} AND u.version_id = ${s.versionId}
        AND (u.entry->'inversePatches' @> ${JSON.stringify([{ op: 'add', path: [WDP_ROW_ROOT] }])}::jsonb
          OR u.entry->'inversePatches' @> ${JSON.stringify([{ op: 'add', path: [TIMESHEET_DAY_ROOT] }])}::jsonb)),
    removed AS (
      SELECT DISTINCT ON (x.p->'path'->>1) x.p->'path'->>1 AS id, c.revision
      FROM cand c CROSS JOIN LATERAL jsonb_array_elements(c.entry->'patches') AS x(p)
      WHERE x.p->>'op' = 'remove' AND x.p->'path'->>0 = 'rows'
        AND x.p->'path'->>1 = ANY(${[...rows]}::text[])
      ORDER BY x.p->'path'->>1, c.revision DESC)
    SELECT x.p AS patch
    FROM cand c CROSS JOIN LATERAL jsonb_array_elements(c.entry->'inversePatches') AS x(p)
    JOIN removed r ON r.revision = c.revision AND r.id = x.p->'path'->>1
    WHERE c.revision IN (SELECT revision FROM removed) AND x.p->>'op' = 'add'
      AND x.p->'path'->>0 IN (${WDP_ROW_ROOT}, ${TIMESHEET_DAY_ROOT})`.execute(tx);
  for (const { patch } of found) {
    const p = typeof patch === 'string' ? (JSON.parse(patch) as typeof patch) : patch;
    patches.push({ op: 'add', path: p.path, value: p.value });
    inversePatches.push({ op: 'remove', path: p.path });
  }
  return { patches, inversePatches };
}

interface RowOp {
  item: string;
  value: WdpRowValue | null;
}
interface LineOp {
  item: string;
  sheet: string;
  day: number;
  value: TimesheetDayValue | null;
}

function toKeptOps(patches: readonly Patch[]): { rows: RowOp[]; lines: LineOp[] } {
  const rows: RowOp[] = [];
  const lines: LineOp[] = [];
  const fail = (p: Patch, reason: string) =>
    new HttpError(400, 'BadRequest', [
      { code: 'wbs.bad_patch', params: { list: 'patches', path: p.path.join('/'), reason } },
    ]);
  for (const p of patches) {
    const [root, item, sheet, day, extra] = p.path;
    if (typeof item !== 'string' || !Uuid.safeParse(item).success) throw fail(p, 'path');
    if (root === WDP_ROW_ROOT) {
      if (sheet !== undefined) throw fail(p, 'path');
      if (p.op === 'remove') rows.push({ item, value: null });
      else {
        const v = RowValue.safeParse(p.value);
        if (!v.success) throw fail(p, v.error.issues[0]?.path.join('.') || 'value');
        rows.push({ item, value: v.data });
      }
      continue;
    }
    if (extra !== undefined || typeof sheet !== 'string' || !Uuid.safeParse(sheet).success)
      throw fail(p, 'path');
    if (typeof day !== 'number' || !Number.isInteger(day) || day < 0 || day > MAX_DAY) throw fail(p, 'day');
    if (p.op === 'remove') lines.push({ item, sheet, day, value: null });
    else {
      const v = LineValue.safeParse(p.value);
      if (!v.success) throw fail(p, v.error.issues[0]?.path.join('.') || 'value');
      lines.push({ item, sheet, day, value: v.data });
    }
  }
  return { rows, lines };
}

/**
 * Writes the server's kept patches after the entry's rows (a later patch of the same path wins).
 * A timesheet line whose sheet is gone meanwhile (deleted) does not come back.
 */
export async function applyKeptPatches(tx: Tx, s: Scope, patches: readonly Patch[]): Promise<void> {
  const { rows, lines } = toKeptOps(patches.filter(isKeptPatch));
  const lastRow = new Map<string, RowOp>();
  for (const o of rows) lastRow.set(o.item, o);
  const lastLine = new Map<string, LineOp>();
  for (const o of lines) lastLine.set(`${o.item}|${o.sheet}|${o.day}`, o);
  const rowGone = [...lastRow.values()].filter((o) => o.value === null).map((o) => o.item);
  const rowPut = [...lastRow.values()].flatMap((o) => (o.value ? [{ item_id: o.item, ...o.value }] : []));
  const lineGone = [...lastLine.values()].filter((o) => o.value === null);
  const linePut = [...lastLine.values()].flatMap((o) =>
    o.value ? [{ item_id: o.item, timesheet_id: o.sheet, day: o.day, ...o.value }] : [],
  );
  if (rowGone.length > 0)
    await tx
      .deleteFrom('wdp_rows')
      .where('space_id', '=', s.spaceId)
      .where('version_id', '=', s.versionId)
      .where(sql<boolean>`item_id = ANY(${rowGone}::uuid[])`)
      .execute();
  if (rowPut.length > 0)
    await tx
      .insertInto('wdp_rows')
      .values(rowPut.map((r) => ({ space_id: s.spaceId, version_id: s.versionId, ...r })))
      .onConflict((oc) =>
        oc.columns(['space_id', 'version_id', 'item_id']).doUpdateSet((eb) => ({
          unit: eb.ref('excluded.unit'),
          mode: eb.ref('excluded.mode'),
          base: eb.ref('excluded.base'),
          rate: eb.ref('excluded.rate'),
        })),
      )
      .execute();
  if (lineGone.length > 0)
    await sql`DELETE FROM timesheet_days d
      USING jsonb_to_recordset(${JSON.stringify(lineGone.map((o) => ({ item_id: o.item, timesheet_id: o.sheet, day: o.day })))}::jsonb)
        AS r(item_id uuid, timesheet_id uuid, day integer)
      WHERE d.space_id = ${s.spaceId} AND d.version_id = ${s.versionId}
        AND d.item_id = r.item_id AND d.timesheet_id = r.timesheet_id AND d.day = r.day`.execute(tx);
  if (linePut.length > 0)
    await sql`INSERT INTO timesheet_days (space_id, timesheet_id, version_id, item_id, day, hours, fact)
      SELECT ${s.spaceId}::uuid, r.timesheet_id, ${s.versionId}::uuid, r.item_id, r.day, r.hours, r.fact
      FROM jsonb_to_recordset(${JSON.stringify(linePut)}::jsonb)
        AS r(item_id uuid, timesheet_id uuid, day integer, hours double precision, fact double precision)
      JOIN timesheets t ON t.space_id = ${s.spaceId} AND t.id = r.timesheet_id AND t.version_id = ${s.versionId}
      ON CONFLICT (space_id, timesheet_id, item_id, day) DO UPDATE
      SET hours = excluded.hours, fact = excluded.fact`.execute(tx);
}
