// An XER holding several projects (tests/fixtures/multi-project-xer.ts): only export_flag = Y is
// scheduled, with its own data date, must-finish-by (with its time of day) and options; another
// project's activities are external, fixed where their project put them, and drive the links
// into the scheduled one (early dates) and out of it (late dates) unless the scheduled project
// ignores relationships to and from other projects. Two exported projects each schedule with
// their own data date and options. Expected values are hand-computed (calendar Mon–Fri
// 08:00–12:00, 13:00–17:00).
import { describe, expect, it } from 'vitest';
import { formatLocal } from '../../../../src/domain/calendar/time';
import { readXer } from '../../../../src/domain/io/xer/read';
import { scheduleModel } from '../../../../src/domain/schedule/index';
import type { ScheduleModel } from '../../../../src/domain/schedule/model';
import { multiProjectXer, type MultiProjectOptions } from '../../../fixtures/multi-project-xer';

const show = (t: number | null | undefined) => (t == null ? null : formatLocal(t).replace('T', ' '));

function scheduled(opts: MultiProjectOptions = {}) {
  const model = readXer(multiProjectXer(opts));
  const res = scheduleModel(model);
  const byCode = (code: string) => {
    const i = model.activities.findIndex((a) => a.code === code);
    return {
      activity: model.activities[i]!,
      es: show(res.es[i]),
      ef: show(res.ef[i]),
      ls: show(res.ls[i]),
      lf: show(res.lf[i]),
      tf: res.tf[i]! / 60,
    };
  };
  return { model, byCode };
}

const optionsOf = (m: ScheduleModel) => ({
  ...m.options,
  dataDate: show(m.options.dataDate),
  mustFinishBy: show(m.options.mustFinishBy),
});

describe('an XER exporting one of two projects', () => {
  it("takes the exported project's data date, must-finish-by with its time and options", () => {
    const { model } = scheduled();
    expect(model.projectName).toBe('MAIN');
    expect(optionsOf(model)).toMatchObject({
      dataDate: '2024-01-08 08:00',
      mustFinishBy: '2024-01-26 12:00',
      floatType: 'finish',
      ignoreExternalRelations: false,
    });
    expect(model.options.projects).toBeUndefined();
  });

  it('keeps the other project’s activities external, fixed, with late dates and their project', () => {
    const { byCode } = scheduled();
    const x = byCode('X2000');
    expect(x.activity.external).toMatchObject({ project: 'OTHER' });
    expect(show(x.activity.external!.lateStart)).toBe('2024-01-15 08:00');
    // Not rescheduled from MAIN's (or OTHER's) data date.
    expect([x.es, x.ef]).toEqual(['2024-01-10 08:00', '2024-01-12 17:00']);
  });

  it('external activities drive across: the permit holds Build, the inspection holds Design', () => {
    const { byCode } = scheduled();
    expect(byCode('A1010')).toMatchObject({ es: '2024-01-15 08:00', ef: '2024-01-15 17:00' });
    // Build may finish until the must-finish-by, Fri 01-26 12:00: 8 days and 4 hours of float.
    expect(byCode('A1010')).toMatchObject({ lf: '2024-01-26 12:00', ls: '2024-01-25 13:00', tf: 68 });
    // Design must finish before the inspection's late start (Thu 01-11 08:00): Wed 17:00.
    expect(byCode('A1000')).toMatchObject({ es: '2024-01-08 08:00', lf: '2024-01-10 17:00', tf: 8 });
  });

  it('ignoring relationships to and from other projects (SD_None) lets them drive nothing', () => {
    const { model, byCode } = scheduled({ outerDepend: 'SD_None' });
    expect(model.options.ignoreExternalRelations).toBe(true);
    expect(byCode('A1010').es).toBe('2024-01-10 08:00');
    // Design's late finish now comes from Build's late start (Thu 01-25 13:00).
    expect(byCode('A1000').lf).toBe('2024-01-25 12:00');
  });
});

describe('an XER exporting both projects', () => {
  it('schedules each with its own data date and options', () => {
    const { model, byCode } = scheduled({ otherFlag: 'Y' });
    expect(model.options.projects).toHaveLength(1);
    expect(model.options.projects![0]).toMatchObject({ id: '200', name: 'OTHER' });
    expect(optionsOf(model)).toMatchObject({ dataDate: '2024-01-08 08:00', floatType: 'finish' });
    expect(show(model.options.projects![0]!.options.dataDate)).toBe('2024-01-01 08:00');
    expect(model.options.projects![0]!.options.floatType).toBe('start');
    // The permit starts at OTHER's data date (Mon 01-01), not MAIN's, and is no longer external.
    const x = byCode('X2000');
    expect(x.activity.external).toBeUndefined();
    expect([x.es, x.ef]).toEqual(['2024-01-01 08:00', '2024-01-03 17:00']);
    // Build after Design (Tue 01-09 17:00); the inspection after Design too.
    expect(byCode('A1010').es).toBe('2024-01-10 08:00');
    expect(byCode('Y2010').es).toBe('2024-01-10 08:00');
  });

  it('a file where no project says Y (written by another tool) schedules all of them', () => {
    const text = multiProjectXer().replace('\tMAIN\tY\t', '\tMAIN\t\t');
    const model = readXer(text);
    expect(model.activities.filter((a) => a.external)).toHaveLength(0);
  });
});
