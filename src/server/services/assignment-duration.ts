// Resource-dependent rows following their assignments (issue 17): after an assignment call
// changed the assignments of some rows, each such row that is resource dependent (its item extras
// kind 'resource', P6's Resource Dependent type) takes the duration and remaining duration its
// rated assignments give (src/domain/resources/assignment-duration.ts), in the same transaction;
// the row patches join the call's undo step, so Ctrl+Z puts back both.
import type { Patch } from 'immer';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { durationFromAssignments } from '../../domain/resources/assignment-duration';
import type { NodeType } from '../../domain/wbs/types';
import { keptRemaining } from '../../domain/wbs/progress';
import type { DB } from '../db/schema';

interface Scope {
  spaceId: string;
  versionId: string;
}

/** Row patches both ways (['rows', id, 'duration' | 'remaining'] replace). */
export interface RowFollow {
  patches: Patch[];
  inversePatches: Patch[];
}

/** Rows of the version the import marked resource dependent, of `ids`. */
async function resourceDependent(tx: Transaction<DB>, s: Scope, ids: readonly string[]) {
  const found = await sql<{ id: string }>`
    SELECT e.key AS id FROM version_models m, jsonb_each(m.item_extras) e
    WHERE m.space_id = ${s.spaceId} AND m.version_id = ${s.versionId}
      AND e.key = ANY(${[...ids]}::text[]) AND e.value ->> 'kind' = 'resource'`.execute(tx);
  return new Set(found.rows.map((r) => r.id));
}

/**
 * Sets the duration / remaining of the resource-dependent rows among `wbsIds` from their
 * assignments as now stored; answers the patches that say so (empty when none changed).
 */
export async function followAssignments(
  tx: Transaction<DB>,
  s: Scope,
  wbsIds: readonly string[],
): Promise<RowFollow> {
  const out: RowFollow = { patches: [], inversePatches: [] };
  const ids = [...new Set(wbsIds)];
  if (ids.length === 0) return out;
  const dependent = await resourceDependent(tx, s, ids);
  if (dependent.size === 0) return out;
  const rows = await tx
    .selectFrom('wbs_items as w')
    .leftJoin('calendars as c', (j) =>
      j.onRef('c.space_id', '=', 'w.space_id').onRef('c.id', '=', 'w.calendar_id'),
    )
    .select([
      'w.id',
      'w.node_type',
      'w.calendar_id',
      'w.duration',
      'w.percent',
      'w.actual_start',
      'w.actual_finish',
      'w.remaining',
      'c.hours_per_day',
    ])
    .where('w.space_id', '=', s.spaceId)
    .where('w.version_id', '=', s.versionId)
    .where('w.id', 'in', [...dependent])
    .execute();
  const assignments = await tx
    .selectFrom('version_assignments')
    .select(['wbs_id', 'units', 'units_per_day', 'intensity'])
    .where('space_id', '=', s.spaceId)
    .where('version_id', '=', s.versionId)
    .where('wbs_id', 'in', [...dependent])
    .orderBy('id')
    .execute();
  const defaultCal = await tx
    .selectFrom('calendars')
    .select('hours_per_day')
    .where('space_id', '=', s.spaceId)
    .where('is_default', '=', true)
    .executeTakeFirst();
  for (const r of rows) {
    const before = {
      nodeType: r.node_type as NodeType,
      calendarId: r.calendar_id,
      duration: r.duration,
      percentComplete: Number(r.percent),
      actualStart: r.actual_start,
      actualFinish: r.actual_finish,
    };
    const kept = keptRemaining(before, r.remaining);
    const next = durationFromAssignments(
      { ...before, remaining: kept, resourceDependent: true },
      assignments
        .filter((a) => a.wbs_id === r.id)
        .map((a) => ({
          units: Number(a.units),
          unitsPerDay: a.units_per_day == null ? null : Number(a.units_per_day),
          intensity: Number(a.intensity),
        })),
      Number(r.hours_per_day ?? defaultCal?.hours_per_day ?? 8),
    );
    if (!next) continue;
    await tx
      .updateTable('wbs_items')
      .set({ duration: next.duration, remaining: next.remainingMinutes })
      .where('space_id', '=', s.spaceId)
      .where('version_id', '=', s.versionId)
      .where('id', '=', r.id)
      .execute();
    const path = (f: string) => ['rows', r.id, f];
    if (next.duration !== r.duration) {
      out.patches.push({ op: 'replace', path: path('duration'), value: next.duration });
      out.inversePatches.push({ op: 'replace', path: path('duration'), value: r.duration });
    }
    out.patches.push({ op: 'replace', path: path('remaining'), value: next.remaining });
    out.inversePatches.push({ op: 'replace', path: path('remaining'), value: kept });
  }
  return out;
}
