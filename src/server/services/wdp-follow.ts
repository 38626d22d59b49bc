// The calculation's wdp step (issue 18): once the engine's dates are written, every row whose
// dates moved re-plans its days by its own distribution mode and base (domain/wdp/follow.ts).
// The change is written in the calculation's transaction and logged as one undo_wdp action
// ('wdp.follow_dates') at the next revision, so the undo log and the workbench's history undo it
// like any other wdp step; the timetable stays calculated (day values do not move dates).
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { serializeEntry } from '../../domain/history';
import { MINUTES_PER_DAY } from '../../domain/calendar/time';
import type { ScheduleResult } from '../../domain/schedule';
import type { FollowRow, FollowSkip } from '../../domain/wdp';
import { followDates } from '../../domain/wdp';
import type { DB } from '../db/schema';
import { logAction } from './wbs-patch-batch';
import { applyWdpPatches } from './wdp-patch';
import { editPeriods } from './wdp-periods';
import { calendarsOf } from './wdp-resources';
import { loadDays } from './wdp-store';

export interface FollowScope {
  spaceId: string;
  versionId: string;
  /** Who asked for the calculation (null: a system job). */
  userId: string | null;
}

/** The rows holding a plan, with their dates before the engine's write. */
export interface PlannedRow {
  id: string;
  es: number | null;
  ef: number | null;
  volume: number | null;
  calendar_id: string | null;
  mode: FollowRow['mode'];
  base: FollowRow['base'];
  rate: number | null;
}

/** Read before storeTimetable: the leaf rows with a plan on some day, with their current dates. */
export async function plannedRows(tx: Kysely<DB>, spaceId: string, versionId: string): Promise<PlannedRow[]> {
  const { rows } = await sql<PlannedRow>`
    SELECT w.id, w.es, w.ef, w.volume, w.calendar_id,
      coalesce(r.mode, 'evenly') AS mode, coalesce(r.base, 'by_date') AS base, r.rate
    FROM wbs_items w
    LEFT JOIN wdp_rows r ON r.space_id = w.space_id AND r.version_id = w.version_id AND r.item_id = w.id
    WHERE w.space_id = ${spaceId} AND w.version_id = ${versionId} AND w.node_type <> 'sum'
      AND EXISTS (SELECT 1 FROM wdp_days d WHERE d.space_id = w.space_id AND d.version_id = w.version_id
        AND d.item_id = w.id AND d.plan IS NOT NULL AND d.plan <> 0)`.execute(tx);
  return rows;
}

export interface FollowOutcome {
  revision: number;
  action_id: string;
  entry: Record<string, unknown>;
  entryBytes: number;
  moved: number;
  skipped: { id: string; reason: FollowSkip }[];
}

/**
 * Re-plans the moved rows inside the calculation's transaction (after storeTimetable, at
 * `revision`, which the caller holds locked). Null when no plan moves.
 */
export async function followPlans(
  tx: Transaction<DB>,
  s: FollowScope,
  revision: number,
  before: readonly PlannedRow[],
  result: ScheduleResult,
  dataDate: number | null,
): Promise<FollowOutcome | null> {
  if (before.length === 0) return null;
  const at = new Map(result.ids.map((id, i) => [id, i]));
  const candidates = before.filter((r) => {
    const i = at.get(r.id);
    return i !== undefined && (r.es !== result.es[i] || r.ef !== result.ef[i]);
  });
  if (candidates.length === 0) return null;
  const [days, calOf, periods] = await Promise.all([
    loadDays(
      tx,
      s,
      candidates.map((r) => r.id),
    ),
    calendarsOf(tx, s.spaceId),
    editPeriods(tx, s.spaceId, s.versionId),
  ]);
  const rows: FollowRow[] = candidates.map((r) => {
    const i = at.get(r.id)!;
    return {
      id: r.id,
      mode: r.mode,
      base: r.base,
      rate: r.rate,
      volume: r.volume,
      cal: calOf(r.calendar_id),
      before: r.es !== null && r.ef !== null ? { start: r.es, finish: r.ef } : null,
      after: { start: result.es[i]!, finish: result.ef[i]! },
      current: days.get(r.id) ?? new Map(),
    };
  });
  const ch = followDates(rows, {
    ...(periods.plan_from !== null ? { firstPlanDay: periods.plan_from } : {}),
    ...(dataDate !== null ? { dataDay: Math.floor(dataDate / MINUTES_PER_DAY) } : {}),
  });
  if (ch.patches.length === 0) return null;
  await applyWdpPatches(tx, s, ch.patches);
  const next = revision + 1;
  const entry = {
    kind: 'undo_wdp' as const,
    labelKey: 'wdp.follow_dates',
    patches: ch.patches,
    inversePatches: ch.inversePatches,
  };
  const action = await logAction(tx, s, next, 'do', entry, true);
  return {
    revision: next,
    action_id: action.id,
    entry: serializeEntry(entry) as unknown as Record<string, unknown>,
    entryBytes: action.bytes,
    moved: ch.moved.length,
    skipped: ch.skipped,
  };
}
