// Small versions for store tests: a chain of tasks under one summary.
import type { Version } from '../../src/api/versions';
import { keysBetween, newRow } from '../../src/domain/wbs';
import type { WbsRelation, WbsRow } from '../../src/domain/wbs';

export const DAY = 480; // working minutes in a standard 8-hour day

export function version(id = '00000000-0000-4000-8000-000000000001'): Version {
  return {
    id,
    schedule_id: '00000000-0000-4000-8000-0000000000aa',
    kind: 'version',
    label: 'v1',
    locked: false,
    order: 0,
    revision: 1,
    timetable_state: 'not_calculated',
    // 2026-01-05 (a Monday) 00:00
    data_date: 9501 * 1440,
    created_at: '2026-01-01T00:00:00Z',
  };
}

/** One summary 'S' with n tasks 'T1'…'Tn' (1 day each) linked finish-to-start in a chain. */
export function chain(n: number): { rows: WbsRow[]; relations: WbsRelation[] } {
  const [sk] = keysBetween(null, null, 1);
  const rows: WbsRow[] = [newRow('S', 'sum', null, sk!, { name: 'Summary' })];
  const keys = keysBetween(null, null, n);
  for (let i = 0; i < n; i++)
    rows.push(newRow(`T${i + 1}`, 'task', 'S', keys[i]!, { name: `Task ${i + 1}`, duration: DAY }));
  const relations: WbsRelation[] = [];
  for (let i = 1; i < n; i++)
    relations.push({ id: `R${i}`, predId: `T${i}`, succId: `T${i + 1}`, type: 'fs', lag: 0 });
  return { rows, relations };
}
