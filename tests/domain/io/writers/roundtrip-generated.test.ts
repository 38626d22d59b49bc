// Write then read seeded models (P6 features, progress, three calendars, all link types) in
// every format: the same tree, links, calendars and scheduled dates and floats.

import { describe, expect, it } from 'vitest';
import { readSchedule } from '../../../../src/domain/io/read-schedule';
import { writeXer } from '../../../../src/domain/io/xer/write';
import { writeMspdi } from '../../../../src/domain/io/mspdi/write';
import { writeP6Xml, writeP6XmlText } from '../../../../src/domain/io/pmxml/write';
import { parseXerTables } from '../../../../src/domain/io/xer/tables';
import { curveShare } from '../../../../src/domain/resources';
import { readJson } from '../../../../src/domain/io/json/read';
import { writeJson } from '../../../../src/domain/io/json/write';
import { readCsv } from '../../../../src/domain/io/csv/read';
import { writeCsv } from '../../../../src/domain/io/csv/write';
import { readXlsx } from '../../../../src/domain/io/xlsx/read';
import { writeXlsx } from '../../../../src/domain/io/xlsx/write';
import { encodeText } from '../../../../src/domain/io/write-encoding';
import { writeXerText } from '../../../../src/domain/io/xer/write';
import type { ScheduleModel } from '../../../../src/domain/schedule/model';
import { generateModel } from '../../../fixtures/io-generator';
import {
  activityCore,
  calendarCore,
  carriedByMspdi,
  carriedByP6Xml,
  MSPDI_OPTIONS,
  relationCore,
  scheduledDates,
} from './helpers';

const SEEDS = [1, 2, 3];
type Trip = (m: ScheduleModel) => Promise<ScheduleModel>;

const exact: Record<string, Trip> = {
  json: async (m) => readJson(writeJson(m)),
  xlsx: async (m) => readXlsx(await writeXlsx(m)),
  csv: async (m) => readCsv(writeCsv(m), { calendars: m.calendars, options: m.options }),
  xer: async (m) => readSchedule(writeXer(m), 'g.xer'),
  p6xml: async (m) => readSchedule(writeP6Xml(m), 'g.xml'),
  'xer windows-1252': async (m) => readSchedule(encodeText(writeXerText(m), 'windows-1252'), 'g.xer'),
};

describe('round trip of generated models', () => {
  for (const [format, trip] of Object.entries(exact)) {
    for (const seed of SEEDS) {
      it(`${format}, seed ${seed}: P6 features and progress kept`, async () => {
        const m = generateModel({ activities: 120, seed, p6Features: true, progress: seed !== 1 });
        const back = await trip(m);
        const want = format === 'p6xml' ? carriedByP6Xml(m) : m;
        expect(activityCore(back)).toEqual(activityCore(want));
        expect(relationCore(back)).toEqual(relationCore(want));
        expect(calendarCore(back)).toEqual(calendarCore(want));
        expect(scheduledDates(back)).toEqual(scheduledDates(want));
      });
    }
  }

  for (const seed of SEEDS) {
    it(`mspdi, seed ${seed}: what MS Project carries schedules the same`, () => {
      const m = generateModel({ activities: 120, seed, progress: seed !== 1 });
      const back = readSchedule(writeMspdi(m), 'g.xml');
      expect(activityCore(back)).toEqual(activityCore(m));
      expect(relationCore(back)).toEqual(relationCore(m));
      expect(calendarCore(back)).toEqual(calendarCore(m));
      expect(scheduledDates(back)).toEqual(scheduledDates(carriedByMspdi(m), MSPDI_OPTIONS));
    });
  }

  it('writes stored results (the dates after scheduling) so that the file carries them', async () => {
    const { withResults } = await import('../../../../src/domain/io/write-schedule');
    const { scheduleModel } = await import('../../../../src/domain/schedule/index');
    const m = generateModel({ activities: 60, seed: 9 });
    const scheduled = withResults(m, scheduleModel(m));
    const back = readSchedule(writeXer(scheduled), 'g.xer');
    const stored = (x: ScheduleModel) =>
      x.activities
        .filter((a) => a.kind !== 'sum')
        .map((a) => [a.id, a.stored?.es, a.stored?.ef, a.stored?.tf, a.stored?.ff])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    expect(stored(back)).toEqual(stored(scheduled));
  });
});

describe('resources and assignments', () => {
  const withResources = (): ScheduleModel => {
    const m = generateModel({ activities: 20, seed: 11 });
    const tasks = m.activities.filter((a) => a.kind !== 'sum');
    return {
      ...m,
      resources: [
        { id: 'R1', name: 'Crew A', calendarId: '2', kind: 'labor' },
        { id: 'R2', name: 'Crane', calendarId: null, kind: 'equipment' },
      ],
      assignments: tasks.slice(0, 5).map((a, i) => ({
        id: `A${i}`,
        activityId: a.id,
        resourceId: i % 2 ? 'R2' : 'R1',
        units: 8 * (i + 1),
      })),
    };
  };
  it('survive JSON and XLSX', async () => {
    const m = withResources();
    for (const back of [readJson(writeJson(m)), await readXlsx(await writeXlsx(m))]) {
      expect(back.resources).toEqual(m.resources);
      expect(back.assignments).toEqual(m.assignments);
    }
  });
  it('keep their resource curves through JSON', () => {
    const m = withResources();
    m.assignments[0]!.curve = { kind: 'back' };
    m.assignments[1]!.curve = { kind: 'custom', values: [10, 20, 30, 40] };
    expect(readJson(writeJson(m)).assignments).toEqual(m.assignments);
  });
  it('keep their resource curves through XER and P6 XML (as P6 curves of 21 points)', () => {
    const m = withResources();
    m.assignments[0]!.curve = { kind: 'back' };
    m.assignments[1]!.curve = { kind: 'custom', values: [10, 20, 30, 40] };
    m.assignments[3]!.curve = { kind: 'custom', values: [10, 20, 30, 40] };
    for (const back of [readSchedule(writeXerText(m), 'c.xer'), readSchedule(writeP6XmlText(m), 'c.xml')]) {
      const curves = back.assignments.map((a) => a.curve);
      expect(curves[0]).toEqual({ kind: 'back' });
      expect([curves[2], curves[4]]).toEqual([undefined, undefined]);
      for (const c of [curves[1]!, curves[3]!]) {
        expect(c.kind).toBe('custom');
        [0.1, 0.2, 0.3, 0.4].forEach((share, q) =>
          expect(curveShare(c.values!, q / 4, (q + 1) / 4)).toBeCloseTo(share, 5),
        );
      }
    }
    // One curve row for the two assignments of the same shape.
    expect(parseXerTables(writeXerText(m)).get('RSRCCURVDATA')!.rows).toHaveLength(2);
  });
  it('are written to XER RSRC/TASKRSRC and MSPDI Resources/Assignments', () => {
    const m = withResources();
    const xer = writeXerText(m);
    expect(xer.match(/^%R\t/gm)!.length).toBeGreaterThan(0);
    expect(xer).toMatch(/%T\tRSRC\r\n%F[^\r]*\r\n%R\t1\t\t2\t0\tCrew A\t/);
    expect(xer.split('%T\tTASKRSRC')[1]!.match(/^%R\t/gm)).toHaveLength(5);
    const xml = new TextDecoder().decode(writeMspdi(m));
    expect(xml.match(/<Assignment>/g)).toHaveLength(5);
    expect(xml).toContain('<Name>Crane</Name>');
  });
});
