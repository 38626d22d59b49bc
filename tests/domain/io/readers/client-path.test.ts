// The browser's schedule of an imported version against the dates and floats P6 and MS Project
// stored in the real files (../shared/fixtures), through the path the workbench really takes:
// reader model → the rows and extras an import stores (modelToRows) → the columns the server
// sends (columnsOfContent, as JSON) → the store's document (docFromColumns) → the worker's
// options and model (versionScheduleOptions, toScheduleModel) → the engine. Every field matches as often
// as the reader's own model does, and every date and float equals the server's Calculate
// (rowsToModel) of the same stored version. Skips, saying why, when the folder is absent.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VersionColumns, VersionContent } from '../../../../src/api/versions';
import { columnsOfContent } from '../../../../src/api/version-columns';
import { compare, FIELDS, percent } from '../../../../src/cli/schedule-report';
import { buildCalendarIndex } from '../../../../src/domain/calendar';
import type { CalendarIndex } from '../../../../src/domain/calendar';
import { readSchedule } from '../../../../src/domain/io/read-schedule';
import { scheduleModel } from '../../../../src/domain/schedule/index';
import type { ScheduleModel, ScheduleResult } from '../../../../src/domain/schedule';
import { toScheduleModel } from '../../../../src/domain/wbs/schedule-model';
import { rowsToModel } from '../../../../src/server/import/to-model';
import { modelToRows, scheduleOfExtras } from '../../../../src/server/import/to-rows';
import { docFromColumns, packColumns } from '../../../../src/state/workbench/columns-content';
import { versionScheduleOptions } from '../../../../src/domain/schedule';
import { unpackDoc } from '../../../../src/workers/doc-pack';

const root = resolve(__dirname, '../../../../../shared/fixtures');
const files = existsSync(root)
  ? ['xer', 'mspdi'].flatMap((d) =>
      existsSync(join(root, d)) ? readdirSync(join(root, d)).map((f) => join(root, d, f)) : [],
    )
  : [];

/** What the import stores (writeVersion) and the content read answers, as one stored version. */
function storedVersion(model: ScheduleModel) {
  let n = 0;
  const newId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
  const rows = modelToRows(model, newId, (c) => c, scheduleModel(model));
  const content: VersionContent = {
    version: {
      id: newId(),
      schedule_id: newId(),
      kind: 'version',
      label: 'Imported',
      locked: false,
      order: 0,
      revision: 1,
      timetable_state: 'calculated',
      data_date: Math.round(model.options.dataDate),
      created_at: '2026-11-24T00:00:00.000Z',
      schedule_options: model.options,
    },
    items: rows.items.map((r) => ({
      ...r,
      volume: null,
      price: null,
      sched: scheduleOfExtras(rows.itemExtras[r.id]),
    })),
    relations: rows.relations.map((r) => ({
      ...r,
      lag_calendar: (rows.relationExtras[r.id]?.lagCalendar ?? null) as never,
    })),
  };
  return { rows, content };
}

/** A result in the order of the reader's activities (item ids back to the model's ids). */
function aligned(model: ScheduleModel, itemIds: ReadonlyMap<string, string>, res: ScheduleResult) {
  const pos = new Map(res.ids.map((id, i) => [id, i]));
  const out = { ...res } as ScheduleResult;
  for (const f of FIELDS) {
    const src = res[f];
    out[f] = Int32Array.from(model.activities, (a) => {
      const p = pos.get(itemIds.get(a.id)!);
      return p === undefined ? -1 : src[p]!;
    }) as never;
  }
  return out;
}

/** The workbench's and the server's schedule of an imported model equal the reader's. */
function samePath(model: ScheduleModel): void {
  const reader = compare(model, scheduleModel(model));
  const { rows, content } = storedVersion(model);

  // What travels: the columns as JSON.
  const columns = JSON.parse(JSON.stringify(columnsOfContent(content))) as VersionColumns;
  const { doc } = docFromColumns(columns.items, columns.relations);
  // The worker's copy of the document is the store's.
  const unpacked = unpackDoc(packColumns(columns.items, columns.relations));
  for (const [id, row] of doc.rows) expect(unpacked.rows.get(id), id).toEqual(row);
  for (const [id, rel] of doc.relations) expect(unpacked.relations.get(id), id).toEqual(rel);

  const calendars = model.calendars;
  const indexes = new Map<string, CalendarIndex>();
  const options = versionScheduleOptions(
    columns.version.schedule_options,
    columns.version.data_date,
    calendars,
  );
  const client = scheduleModel(
    toScheduleModel(doc.rows, doc.relations, calendars, {
      ...options,
      calendarIndex: (id) => {
        const def = calendars.find((c) => c.id === id);
        if (def && !indexes.has(id)) indexes.set(id, buildCalendarIndex(def));
        return indexes.get(id);
      },
    }),
  );
  expect(client.errors).toEqual([]);
  const stats = compare(model, aligned(model, rows.itemIds, client));
  for (const f of FIELDS)
    expect(percent(stats[f]), `${f}: ${JSON.stringify(stats[f].mismatches.slice(0, 3))}`).toBe(
      percent(reader[f]),
    );

  // The server's Calculate of the same stored version: the same dates and floats everywhere.
  const server = scheduleModel(
    rowsToModel(
      rows.items.map((r) => ({ ...r })) as never,
      rows.relations,
      calendars,
      { ...model.options, dataDate: content.version.data_date! },
      {
        source: model.source,
        projectName: '',
        itemExtras: rows.itemExtras,
        relationExtras: rows.relationExtras,
        attributeDefs: {},
      },
    ),
  );
  const at = new Map(client.ids.map((id, i) => [id, i]));
  expect([...client.ids].sort()).toEqual([...server.ids].sort());
  for (const f of [...FIELDS, 'critical'] as const)
    server.ids.forEach((id, i) => expect(client[f][at.get(id)!], `${f} of ${id}`).toBe(server[f][i]));
}

describe.skipIf(files.length === 0)('the browser path in ../shared/fixtures', () => {
  for (const file of files) {
    it(`${file.slice(root.length + 1)}: as the reader's model and as the server's Calculate`, () => {
      const model = readSchedule(new Uint8Array(readFileSync(file)), file);
      samePath(model);
    });
  }
});

if (files.length === 0) {
  describe('the browser path in ../shared/fixtures', () => {
    it.skip(`skipped: ${root} is absent (real P6 / MS Project files are not in this repository)`, () => {});
  });
}

describe('the browser path of MS Project manual tasks', () => {
  // A manual task typed before the project start and before its predecessor (Activity.manualStart)
  // keeps its place in the workbench and in the server's Calculate as in the reader's model.
  const xml = `<?xml version="1.0"?><Project xmlns="http://schemas.microsoft.com/project"><Name>m.xml</Name>
    <StartDate>2024-01-01T08:00:00</StartDate><CalendarUID>1</CalendarUID><MinutesPerDay>480</MinutesPerDay>
    <Calendars><Calendar><UID>1</UID><Name>Standard</Name><IsBaseCalendar>1</IsBaseCalendar><BaseCalendarUID>-1</BaseCalendarUID>
      <WeekDays>${[1, 2, 3, 4, 5, 6, 7]
        .map((n) =>
          n === 1 || n === 7
            ? `<WeekDay><DayType>${n}</DayType><DayWorking>0</DayWorking></WeekDay>`
            : `<WeekDay><DayType>${n}</DayType><DayWorking>1</DayWorking><WorkingTimes><WorkingTime><FromTime>08:00:00</FromTime><ToTime>16:00:00</ToTime></WorkingTime></WorkingTimes></WeekDay>`,
        )
        .join('')}</WeekDays></Calendar></Calendars>
    <Tasks>
      <Task><UID>1</UID><ID>1</ID><Name>A</Name><OutlineLevel>1</OutlineLevel><Duration>PT16H0M0S</Duration>
        <Start>2024-01-01T08:00:00</Start><EarlyStart>2024-01-01T08:00:00</EarlyStart></Task>
      <Task><UID>2</UID><ID>2</ID><Name>B</Name><OutlineLevel>1</OutlineLevel><Duration>PT8H0M0S</Duration><Manual>1</Manual>
        <ManualStart>2023-12-27T08:00:00</ManualStart><Start>2023-12-27T08:00:00</Start><EarlyStart>2023-12-27T08:00:00</EarlyStart>
        <PredecessorLink><PredecessorUID>1</PredecessorUID><Type>1</Type></PredecessorLink></Task>
    </Tasks></Project>`;

  it('keeps the typed start through the import, the workbench and the server', () => {
    const model = readSchedule(xml, 'm.xml');
    const res = scheduleModel(model);
    expect(res.es[1]).toBe(model.activities[1].stored?.es);
    samePath(model);
  });
});

describe('the browser path of MS Project elapsed durations', () => {
  // A 2 ed task after a 2-day task: it runs over the weekend in the reader's model, in the
  // workbench's worker and in the server's Calculate alike (RowSchedule.elapsed).
  const xml = `<?xml version="1.0"?><Project xmlns="http://schemas.microsoft.com/project"><Name>e.xml</Name>
    <StartDate>2024-01-04T08:00:00</StartDate><CalendarUID>1</CalendarUID><MinutesPerDay>480</MinutesPerDay>
    <Calendars><Calendar><UID>1</UID><Name>Standard</Name><IsBaseCalendar>1</IsBaseCalendar><BaseCalendarUID>-1</BaseCalendarUID>
      <WeekDays>${[1, 2, 3, 4, 5, 6, 7]
        .map((n) =>
          n === 1 || n === 7
            ? `<WeekDay><DayType>${n}</DayType><DayWorking>0</DayWorking></WeekDay>`
            : `<WeekDay><DayType>${n}</DayType><DayWorking>1</DayWorking><WorkingTimes><WorkingTime><FromTime>08:00:00</FromTime><ToTime>16:00:00</ToTime></WorkingTime></WorkingTimes></WeekDay>`,
        )
        .join('')}</WeekDays></Calendar></Calendars>
    <Tasks>
      <Task><UID>1</UID><ID>1</ID><Name>Pour</Name><OutlineLevel>1</OutlineLevel><Duration>PT16H0M0S</Duration>
        <EarlyStart>2024-01-04T08:00:00</EarlyStart><EarlyFinish>2024-01-05T16:00:00</EarlyFinish></Task>
      <Task><UID>2</UID><ID>2</ID><Name>Cure</Name><OutlineLevel>1</OutlineLevel><Duration>PT48H0M0S</Duration><DurationFormat>8</DurationFormat>
        <EarlyStart>2024-01-05T16:00:00</EarlyStart><EarlyFinish>2024-01-07T16:00:00</EarlyFinish>
        <PredecessorLink><PredecessorUID>1</PredecessorUID><Type>1</Type></PredecessorLink></Task>
    </Tasks></Project>`;

  it('keeps the task on 24-hour time through the import, the workbench and the server', () => {
    const model = readSchedule(xml, 'e.xml');
    const res = scheduleModel(model);
    expect(res.ef[1]).toBe(model.activities[1].stored?.ef);
    samePath(model);
  });
});

describe('the browser path of MS Project split tasks', () => {
  // A 2-day task with a 1-day split (its one assignment has no work on Tuesday): it spans three
  // days in the reader's model, the workbench's worker and the server's Calculate (RowSchedule.splitGap).
  const day = (d: string, h: number) =>
    `<TimephasedData><Type>1</Type><UID>1</UID><Start>${d}T08:00:00</Start><Finish>${d}T16:00:00</Finish><Unit>2</Unit><Value>PT${h}H0M0S</Value></TimephasedData>`;
  const xml = `<?xml version="1.0"?><Project xmlns="http://schemas.microsoft.com/project"><Name>s.xml</Name>
    <StartDate>2024-01-01T08:00:00</StartDate><CalendarUID>1</CalendarUID><MinutesPerDay>480</MinutesPerDay>
    <Calendars><Calendar><UID>1</UID><Name>Standard</Name><IsBaseCalendar>1</IsBaseCalendar><BaseCalendarUID>-1</BaseCalendarUID>
      <WeekDays>${[1, 2, 3, 4, 5, 6, 7]
        .map((n) =>
          n === 1 || n === 7
            ? `<WeekDay><DayType>${n}</DayType><DayWorking>0</DayWorking></WeekDay>`
            : `<WeekDay><DayType>${n}</DayType><DayWorking>1</DayWorking><WorkingTimes><WorkingTime><FromTime>08:00:00</FromTime><ToTime>16:00:00</ToTime></WorkingTime></WorkingTimes></WeekDay>`,
        )
        .join('')}</WeekDays></Calendar></Calendars>
    <Tasks>
      <Task><UID>1</UID><ID>1</ID><Name>Split</Name><OutlineLevel>1</OutlineLevel><Duration>PT16H0M0S</Duration>
        <EarlyStart>2024-01-01T08:00:00</EarlyStart><EarlyFinish>2024-01-03T16:00:00</EarlyFinish></Task>
      <Task><UID>2</UID><ID>2</ID><Name>Next</Name><OutlineLevel>1</OutlineLevel><Duration>PT8H0M0S</Duration>
        <EarlyStart>2024-01-04T08:00:00</EarlyStart><EarlyFinish>2024-01-04T16:00:00</EarlyFinish>
        <PredecessorLink><PredecessorUID>1</PredecessorUID><Type>1</Type></PredecessorLink></Task>
    </Tasks>
    <Resources><Resource><UID>1</UID><Name>R</Name></Resource></Resources>
    <Assignments><Assignment><UID>1</UID><TaskUID>1</TaskUID><ResourceUID>1</ResourceUID><Work>PT16H0M0S</Work>
      ${day('2024-01-01', 8)}${day('2024-01-02', 0)}${day('2024-01-03', 8)}</Assignment></Assignments></Project>`;

  it('keeps the split through the import, the workbench and the server', () => {
    const model = readSchedule(xml, 's.xml');
    const res = scheduleModel(model);
    expect(res.ef[0]).toBe(model.activities[0].stored?.ef);
    expect(res.es[1]).toBe(model.activities[1].stored?.es);
    samePath(model);
  });
});
