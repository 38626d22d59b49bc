// Write then read each real fixture in every format that carries logic and calendars: the same
// activities, relations and calendars, and, scheduled again, the same dates and floats.

import { describe, expect, it } from 'vitest';
import { readSchedule } from '../../../../src/domain/io/read-schedule';
import { writeXer } from '../../../../src/domain/io/xer/write';
import { writeMspdi } from '../../../../src/domain/io/mspdi/write';
import { writeP6Xml } from '../../../../src/domain/io/pmxml/write';
import { readJson } from '../../../../src/domain/io/json/read';
import { writeJson } from '../../../../src/domain/io/json/write';
import { readCsv } from '../../../../src/domain/io/csv/read';
import { writeCsv } from '../../../../src/domain/io/csv/write';
import { readXlsx } from '../../../../src/domain/io/xlsx/read';
import { writeXlsx } from '../../../../src/domain/io/xlsx/write';
import type { ScheduleModel } from '../../../../src/domain/schedule/model';
import {
  activityCore,
  carriedByMspdi,
  carriedByP6Xml,
  calendarCore,
  HAVE_FIXTURES,
  MSPDI_FIXTURES,
  MSPDI_OPTIONS,
  readFixture,
  relationCore,
  scheduledDates,
  SKIP_REASON,
  XER_FIXTURES,
} from './helpers';

if (!HAVE_FIXTURES) console.warn(SKIP_REASON);
const ALL = [...XER_FIXTURES, ...MSPDI_FIXTURES];

type Trip = (m: ScheduleModel) => Promise<ScheduleModel>;
const trips: Record<string, { files: string[]; trip: Trip; carried?: (m: ScheduleModel) => ScheduleModel }> =
  {
    json: { files: ALL, trip: async (m) => readJson(writeJson(m)) },
    xlsx: { files: ALL, trip: async (m) => readXlsx(await writeXlsx(m)) },
    // A CSV holds the activity table only: calendars and options come from the caller (read.ts).
    csv: {
      files: ALL,
      trip: async (m) => readCsv(writeCsv(m), { calendars: m.calendars, options: m.options }),
    },
    xer: { files: XER_FIXTURES, trip: async (m) => readSchedule(writeXer(m), 'roundtrip.xer') },
    mspdi: { files: MSPDI_FIXTURES, trip: async (m) => readSchedule(writeMspdi(m), 'roundtrip.xml') },
    p6xml: {
      files: XER_FIXTURES,
      trip: async (m) => readSchedule(writeP6Xml(m), 'roundtrip.xml'),
      carried: carriedByP6Xml,
    },
  };

describe.skipIf(!HAVE_FIXTURES)('round trip of the real fixtures', () => {
  for (const [format, { files, trip, carried }] of Object.entries(trips)) {
    describe(format, () => {
      for (const file of files) {
        it(`${file}: same activities, relations, calendars, dates and floats`, async () => {
          const read = readFixture(file);
          const back = await trip(read);
          const original = carried ? carried(read) : read;
          expect(activityCore(back)).toEqual(activityCore(original));
          expect(relationCore(back)).toEqual(relationCore(original));
          expect(calendarCore(back)).toEqual(calendarCore(original));
          expect(back.options).toEqual(original.options);
          expect(scheduledDates(back)).toEqual(scheduledDates(original));
        });
      }
    });
  }

  // A P6 schedule written as MSPDI is scheduled by MS Project rules when read back: it keeps
  // every activity, link and calendar, and schedules as the original does under those rules.
  describe('P6 → MSPDI', () => {
    for (const file of XER_FIXTURES) {
      it(`${file}: tree, links and calendars survive; dates equal the original under MS Project options`, () => {
        const original = readFixture(file);
        const back = readSchedule(writeMspdi(original), 'p6.xml');
        const ids = (m: ScheduleModel) => Object.keys(activityCore(m)).sort();
        expect(ids(back)).toEqual(ids(original));
        expect(relationCore(back)).toEqual(relationCore(original));
        // MSPDI dates start in 2000 (the reader drops older holidays, which never matter).
        const from2000 = (m: ScheduleModel) => ({
          ...m,
          calendars: m.calendars.map((c) => ({ ...c, exceptions: c.exceptions.filter((e) => e.day >= 0) })),
        });
        expect(calendarCore(back)).toEqual(calendarCore(from2000(original)));
        const carried: ScheduleModel = {
          ...original,
          activities: original.activities.map((a) => ({
            ...a,
            kind:
              a.kind === 'start_milestone'
                ? 'finish_milestone'
                : a.kind === 'loe' || a.kind === 'wbs_summary'
                  ? 'task'
                  : a.kind,
            // MSPDI has one constraint per task; a finish-on-or-before beside another becomes a deadline.
            constraints: a.constraints
              .filter((c, _, all) => !(c.on === 'finish' && all.some((o) => o.on === 'start')))
              .slice(0, 1)
              .map((c) => (c.type === 'mandatory' ? { ...c, type: 'in_date' as const } : c)),
          })),
        };
        expect(scheduledDates(back)).toEqual(
          scheduledDates(carriedByMspdi(carried), { ...MSPDI_OPTIONS, mustFinishBy: null }),
        );
      });
    }
  });
});
