// The schedule command's output: the --json listing and the --compare report against the dates
// and floats the scheduler stored in the file.

import { formatLocal } from '../domain/calendar/time';
import type { ScheduleModel } from '../domain/schedule/model';
import type { ScheduleResult } from '../domain/schedule/result';

const hours = (m: number) => Math.round((m / 60) * 1000) / 1000;

/** The id the issue's output uses: P6 task_code, MS Project UID. */
function shownId(model: ScheduleModel, i: number): string {
  const a = model.activities[i];
  return model.source === 'mspdi' ? a.id : a.code || a.id;
}

/** Activities that are compared and listed: real activities (not WBS nodes, not other projects). */
function listed(model: ScheduleModel): number[] {
  const out: number[] = [];
  model.activities.forEach((a, i) => {
    if (a.kind !== 'sum' && !a.external) out.push(i);
  });
  return out;
}

export function jsonReport(model: ScheduleModel, res: ScheduleResult): string {
  const activities = listed(model).map((i) => {
    const a = model.activities[i];
    return {
      id: shownId(model, i),
      name: a.name,
      es: formatLocal(res.es[i]),
      ef: formatLocal(res.ef[i]),
      ls: formatLocal(res.ls[i]),
      lf: formatLocal(res.lf[i]),
      tf_hours: hours(res.tf[i]),
      ff_hours: hours(res.ff[i]),
      critical: res.critical[i] === 1,
      ...(a.actualFinish !== null ? { completed: true } : {}),
    };
  });
  // Errors name activities by the code users see (P6 task_code, MSPDI ID), not internal ids.
  const code = new Map(model.activities.map((a, i) => [a.id, shownId(model, i)]));
  const errors = res.errors.map((e) => {
    const names = e.activities.map((id) => code.get(id) ?? id);
    return {
      ...e,
      activities: names,
      message: `The relations form a cycle: ${[...names, names[0]].join(' → ')}`,
    };
  });
  return JSON.stringify({ activities, errors });
}

export const FIELDS = ['es', 'ef', 'ls', 'lf', 'tf', 'ff'] as const;
export type Field = (typeof FIELDS)[number];

export interface FieldStats {
  compared: number;
  matched: number;
  mismatches: { id: string; ours: string; stored: string }[];
}

/** Per-field match counts over open activities that carry stored values. */
export function compare(model: ScheduleModel, res: ScheduleResult): Record<Field, FieldStats> {
  const stats = {} as Record<Field, FieldStats>;
  for (const f of FIELDS) stats[f] = { compared: 0, matched: 0, mismatches: [] };
  for (const i of listed(model)) {
    const a = model.activities[i];
    if (a.actualFinish !== null || !a.stored) continue;
    for (const f of FIELDS) {
      const stored = a.stored[f];
      if (stored === null || stored === undefined) continue;
      const ours = res[f][i];
      const isFloat = f === 'tf' || f === 'ff';
      const ok = isFloat ? Math.abs(ours - stored) <= 0.6 : ours === stored;
      const s = stats[f];
      s.compared++;
      if (ok) s.matched++;
      else
        s.mismatches.push({
          id: shownId(model, i),
          ours: isFloat ? `${hours(ours)} h` : formatLocal(ours),
          stored: isFloat ? `${hours(stored)} h` : formatLocal(stored),
        });
    }
  }
  return stats;
}

export function percent(s: FieldStats): number {
  return s.compared === 0 ? 100 : Math.floor((s.matched / s.compared) * 1000) / 10;
}

export function compareReport(stats: Record<Field, FieldStats>, shown = 5): string {
  const lines: string[] = [];
  for (const f of FIELDS) {
    const s = stats[f];
    lines.push(`${f.toUpperCase()}: ${s.matched}/${s.compared} match`);
    for (const m of s.mismatches.slice(0, shown)) lines.push(`  ${m.id}: ours ${m.ours}, stored ${m.stored}`);
  }
  lines.push(`match: ${FIELDS.map((f) => `${f.toUpperCase()} ${percent(stats[f])}%`).join(' ')}`);
  return lines.join('\n');
}
