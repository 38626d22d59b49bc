// Scoreboard tiles: what a tile measures over the working versions of a node's schedules.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { ScoreMeasure, ScoreTile } from '../../api/views';
import type { DB } from '../db/schema';
import { notFound } from '../errors';
import { versionIndicators } from './version-indicators';
import { finishOf, isActivity, loadViewRows, versionOfKind } from './view-rows';

const DAY = 1440;

/** The schedules at or under a node. */
export async function schedulesUnder(db: Kysely<DB>, spaceId: string, nodeId: string): Promise<string[]> {
  const r = await sql<{ id: string }>`
    WITH RECURSIVE sub AS (
      SELECT id, kind FROM eps_nodes WHERE space_id = ${spaceId} AND id = ${nodeId}
      UNION ALL
      SELECT n.id, n.kind FROM eps_nodes n JOIN sub ON n.parent_id = sub.id WHERE n.space_id = ${spaceId}
    ) SELECT id FROM sub WHERE kind = 'schedule'`.execute(db);
  return r.rows.map((x) => x.id);
}

/** A measure's value over the schedules, and what it is "of" (schedules measured, or checks). */
export async function measure(
  db: Kysely<DB>,
  spaceId: string,
  nodeId: string,
  what: ScoreMeasure,
): Promise<{ value: number | null; of: number }> {
  let count = 0;
  let critical = 0;
  let weighted = 0;
  let weight = 0;
  let slip: number | null = null;
  let passed = 0;
  let applicable = 0;
  let measured = 0;
  for (const scheduleId of await schedulesUnder(db, spaceId, nodeId)) {
    const v = await versionOfKind(db, spaceId, scheduleId, 'version');
    if (!v) continue;
    measured++;
    if (what === 'dcma_passed') {
      const r = await versionIndicators(db, spaceId, {
        id: v.id,
        schedule_id: scheduleId,
        data_date: v.data_date,
      });
      for (const i of r.indicators) {
        if (i.group !== 'dcma' || i.pass === null) continue;
        applicable++;
        if (i.pass) passed++;
      }
      continue;
    }
    const rows = (await loadViewRows(db, spaceId, v.id)).filter(isActivity);
    count += rows.length;
    for (const r of rows) {
      if (r.critical) critical++;
      // Duration-weighted, as a planner reads a schedule's percent complete.
      weighted += r.percent * Math.max(r.duration, 1);
      weight += Math.max(r.duration, 1);
    }
    if (what === 'slip_days') {
      const t = await versionOfKind(db, spaceId, scheduleId, 'target');
      if (t) {
        const finish = latest(rows.map(finishOf));
        const target = latest((await loadViewRows(db, spaceId, t.id)).filter(isActivity).map(finishOf));
        if (finish !== null && target !== null) slip = Math.max(slip ?? -Infinity, (finish - target) / DAY);
      }
    }
  }
  switch (what) {
    case 'activities':
      return { value: measured > 0 ? count : null, of: measured };
    case 'critical':
      return { value: measured > 0 ? critical : null, of: measured };
    case 'percent':
      return { value: weight > 0 ? weighted / weight : null, of: measured };
    case 'slip_days':
      return { value: slip === null ? null : Math.round(slip * 10) / 10, of: measured };
    case 'dcma_passed':
      return { value: applicable > 0 ? passed : null, of: applicable };
  }
}

const latest = (xs: (number | null)[]) => {
  let m: number | null = null;
  for (const x of xs) if (x !== null) m = m === null ? x : Math.max(m, x);
  return m;
};

export async function tileOf(
  db: Kysely<DB>,
  spaceId: string,
  userId: string,
  id: string,
): Promise<ScoreTile> {
  const t = await db
    .selectFrom('scoreboard_tiles as t')
    .innerJoin('eps_nodes as n', (j) =>
      j.onRef('n.space_id', '=', 't.space_id').onRef('n.id', '=', 't.node_id'),
    )
    .select(['t.id', 't.node_id', 't.measure', 't.sort_order', 'n.name', 'n.kind'])
    .where('t.space_id', '=', spaceId)
    .where('t.user_id', '=', userId)
    .where('t.id', '=', id)
    .executeTakeFirst();
  if (!t) throw notFound('scoreboard');
  const m = await measure(db, spaceId, t.node_id, t.measure as ScoreMeasure);
  return {
    id: t.id,
    node_id: t.node_id,
    node_name: t.name,
    node_kind: t.kind,
    measure: t.measure as ScoreMeasure,
    sort_order: t.sort_order,
    ...m,
  };
}
