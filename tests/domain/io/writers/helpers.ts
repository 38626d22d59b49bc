// Shared by the round-trip tests: the real fixtures (read in place from ../shared/fixtures), a
// format-independent key for activities, and comparisons of trees, links, calendars and
// scheduled dates.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSchedule } from '../../../../src/domain/io/read-schedule';
import { scheduleModel } from '../../../../src/domain/schedule/index';
import type { ScheduleModel, ScheduleOptions } from '../../../../src/domain/schedule/model';

export const FIXTURES = join(import.meta.dirname, '../../../../../shared/fixtures');
export const HAVE_FIXTURES = existsSync(FIXTURES);
export const SKIP_REASON = `../shared/fixtures not found at ${FIXTURES}: fixture round trips skipped`;

export const XER_FIXTURES = [
  'xer/p6_xernative_sample_takt.xer',
  'xer/p6_gemco_19282_summary.xer',
  'xer/p6_54069_bl_20250902.xer',
  'xer/p6_54069_up_20251121.xer',
  'xer/p6_xernative_wk2_tp.xer',
];
export const MSPDI_FIXTURES = ['mspdi/msp2019_mpxj_task_links.xml', 'mspdi/msp_mpxj_legacy_sample.xml'];

export function fixtureBytes(rel: string): Uint8Array {
  return new Uint8Array(readFileSync(join(FIXTURES, rel)));
}

export function readFixture(rel: string): ScheduleModel {
  return readSchedule(fixtureBytes(rel), rel);
}

/** An id across formats: readers prefix WBS nodes ('wbs:12'), the XML formats do not. */
export const key = (id: string): string => id.replace(/^[a-z]+:/, '');

/** Tree, durations, progress, constraints and calendars of each activity, by key. */
export function activityCore(m: ScheduleModel): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of m.activities) {
    out[key(a.id)] = {
      name: a.name,
      parent: a.parentId === null ? null : key(a.parentId),
      kind: a.kind,
      calendarId: a.kind === 'sum' ? '' : a.calendarId,
      duration: a.duration,
      remaining: a.remaining,
      actualStart: a.actualStart,
      actualFinish: a.actualFinish,
      percentComplete: a.percentComplete,
      constraints: a.constraints,
      alap: a.alap,
      external: a.external ?? null,
    };
  }
  return out;
}

export function relationCore(m: ScheduleModel): string[] {
  return m.relations
    .map((r) => `${key(r.predId)}>${key(r.succId)} ${r.type} ${r.lag} ${r.lagCalendar ?? ''}`)
    .sort();
}

export function calendarCore(m: ScheduleModel): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of m.calendars) {
    out[c.id] = { week: c.week, exceptions: [...c.exceptions].sort((a, b) => a.day - b.day) };
  }
  return out;
}

/** Scheduled dates and floats by key: what a round trip must keep. */
export function scheduledDates(
  m: ScheduleModel,
  options?: Partial<ScheduleOptions>,
): Record<string, number[]> {
  const r = scheduleModel(options ? { ...m, options: { ...m.options, ...options } } : m);
  const out: Record<string, number[]> = {};
  r.ids.forEach((id, i) => {
    const a = m.activities[i]!;
    if (a.kind === 'sum') return;
    out[key(id)] = [r.es[i]!, r.ef[i]!, r.ls[i]!, r.lf[i]!, r.tf[i]!, r.ff[i]!, r.critical[i]!];
  });
  return out;
}

/** The schedule options an MSPDI file carries (MS Project semantics; see mspdi/read.ts). */
export const MSPDI_OPTIONS: Partial<ScheduleOptions> = {
  lagCalendar: 'successor',
  floatType: 'smallest',
  semantics: 'msproject',
  progressMode: 'retained_logic',
  criticalBy: 'total_float',
  lagFromEarlyStart: undefined,
};

/** What P6 XML carries back through the engine's reader: holidays from 2000 on; names without
 * leading or trailing spaces (the XML reader trims text). Resource calendars come back through
 * the resources and assignments (pmxml/read-resources.ts), as in XER. */
export function carriedByP6Xml(m: ScheduleModel): ScheduleModel {
  return {
    ...m,
    calendars: m.calendars.map((c) => ({ ...c, exceptions: c.exceptions.filter((e) => e.day >= 0) })),
    activities: m.activities.map((a) => ({ ...a, name: a.name.trim() })),
  };
}

/** MSPDI states where a started task's remaining work resumes (Resume): the writer puts the
 * data date there unless the model says otherwise, and the reader hands it to the engine. MS
 * Project does not hold unstarted work at the status date: the reader's data date is the start. */
export function carriedByMspdi(m: ScheduleModel): ScheduleModel {
  return {
    ...m,
    options: { ...m.options, dataDate: m.options.projectStart },
    activities: m.activities.map((a) =>
      a.actualStart !== null && a.actualFinish === null
        ? { ...a, resumeAt: a.resumeAt ?? Math.max(m.options.dataDate, a.actualStart) }
        : a,
    ),
  };
}
