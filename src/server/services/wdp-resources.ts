// What labour and cost per day need on the server: each row's assigned resources summed (labour
// hours of labor resources, units × price of priced ones), the rows' calendars, and the percent
// complete patches a change of facts brings when the version derives progress from facts.
import type { Patch } from 'immer';
import type { Kysely } from 'kysely';
import type { WdpRowResources } from '../../api/wdp';
import { calendarDefOf } from '../../api/calendars';
import { buildCalendarIndex, standardCalendarDef } from '../../domain/calendar';
import type { CalendarIndex } from '../../domain/calendar/calendar-index';
import { defaultCalendarOf } from '../../domain/schedule';
import { resourceTypeOf } from '../../domain/schedule/resource-type';
import type { RowDays, WdpChange } from '../../domain/wdp';
import { applyWdpPatches, percentFromFacts, rowTotals } from '../../domain/wdp';
import type { DB } from '../db/schema';

interface Scope {
  spaceId: string;
  versionId: string;
}

/** Per row with assignments: its labour hours and resource cost. */
export async function rowResources(db: Kysely<DB>, s: Scope): Promise<WdpRowResources[]> {
  const rows = await db
    .selectFrom('version_assignments as a')
    .innerJoin('version_resources as vr', (j) =>
      j
        .onRef('vr.space_id', '=', 'a.space_id')
        .onRef('vr.version_id', '=', 'a.version_id')
        .onRef('vr.id', '=', 'a.resource_id'),
    )
    .leftJoin('resources as r', (j) =>
      j.onRef('r.space_id', '=', 'vr.space_id').onRef('r.id', '=', 'vr.resource_id'),
    )
    .select(['a.wbs_id', 'a.units', 'vr.kind as vr_kind', 'r.resource_type as r_type', 'r.price as price'])
    .where('a.space_id', '=', s.spaceId)
    .where('a.version_id', '=', s.versionId)
    .execute();
  const out = new Map<string, { labour: number; cost: number }>();
  for (const x of rows) {
    const type = x.r_type ?? resourceTypeOf(x.vr_kind);
    const units = Number(x.units) || 0;
    const price = x.price === null ? 0 : Number(x.price) || 0;
    const m = out.get(x.wbs_id) ?? { labour: 0, cost: 0 };
    if (type === 'labor') m.labour += units;
    m.cost += units * price;
    out.set(x.wbs_id, m);
  }
  return [...out].map(([item_id, m]) => ({ item_id, labour: m.labour, cost: m.cost }));
}

/** The calendar index of a row's calendar id (the space's default calendar when none). */
export async function calendarsOf(
  db: Kysely<DB>,
  spaceId: string,
): Promise<(id: string | null) => CalendarIndex> {
  const defs = (await db.selectFrom('calendars').selectAll().where('space_id', '=', spaceId).execute()).map(
    calendarDefOf,
  );
  const fallback = defaultCalendarOf(defs) ?? standardCalendarDef();
  const indexes = new Map<string, CalendarIndex>();
  return (id) => {
    const def = defs.find((d) => d.id === id) ?? fallback;
    let c = indexes.get(def.id);
    if (!c) indexes.set(def.id, (c = buildCalendarIndex(def)));
    return c;
  };
}

/**
 * When the version derives progress from facts: the percent complete patches of the rows whose
 * facts `ch` changes (stored with it, so one undo brings both back).
 */
export async function progressChange(
  db: Kysely<DB>,
  s: Scope,
  days: ReadonlyMap<string, RowDays>,
  ch: WdpChange,
): Promise<WdpChange> {
  const none = { patches: [] as Patch[], inversePatches: [] as Patch[] };
  const ids = [...new Set(ch.patches.map((p) => String(p.path[1])))];
  if (ids.length === 0) return none;
  const v = await db
    .selectFrom('versions')
    .select('progress_from_facts')
    .where('space_id', '=', s.spaceId)
    .where('id', '=', s.versionId)
    .executeTakeFirst();
  if (!v?.progress_from_facts) return none;
  const after = applyWdpPatches(days, ch.patches);
  const rows = await db
    .selectFrom('wbs_items')
    .select(['id', 'volume', 'percent'])
    .where('space_id', '=', s.spaceId)
    .where('version_id', '=', s.versionId)
    .where('id', 'in', ids)
    .execute();
  for (const r of rows) {
    const p = percentFromFacts(r.volume, rowTotals(after.get(r.id) ?? new Map()).fact);
    if (p === null || p === r.percent) continue;
    none.patches.push({ op: 'replace', path: ['rows', r.id, 'percentComplete'], value: p });
    none.inversePatches.push({ op: 'replace', path: ['rows', r.id, 'percentComplete'], value: r.percent });
  }
  return none;
}
