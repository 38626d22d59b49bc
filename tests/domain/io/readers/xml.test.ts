// MSPDI and P6 XML readers on small documents, and format detection.
import { describe, expect, it } from 'vitest';
import { formatLocal } from '../../../../src/domain/calendar/time';
import { ImportError } from '../../../../src/domain/io/errors';
import { expandSummaryLinks } from '../../../../src/domain/io/mspdi/read';
import { detectFormat, readSchedule } from '../../../../src/domain/io/read-schedule';
import { scheduleModel } from '../../../../src/domain/schedule/index';

const wt = (f: string, t: string) =>
  `<WorkingTime><FromTime>${f}</FromTime><ToTime>${t}</ToTime></WorkingTime>`;
const day = (n: number) =>
  n === 1 || n === 7
    ? `<WeekDay><DayType>${n}</DayType><DayWorking>0</DayWorking></WeekDay>`
    : `<WeekDay><DayType>${n}</DayType><DayWorking>1</DayWorking><WorkingTimes>${wt('08:00:00', '12:00:00')}${wt('13:00:00', '17:00:00')}</WorkingTimes></WeekDay>`;

const mspdi = `<?xml version="1.0" encoding="UTF-8"?>
<Project xmlns="http://schemas.microsoft.com/project">
  <Name>t.xml</Name><StartDate>2024-01-01T08:00:00</StartDate><CalendarUID>1</CalendarUID><MinutesPerDay>480</MinutesPerDay>
  <Calendars><Calendar><UID>1</UID><Name>Standard</Name><IsBaseCalendar>1</IsBaseCalendar><BaseCalendarUID>-1</BaseCalendarUID>
    <WeekDays>${[1, 2, 3, 4, 5, 6, 7].map(day).join('')}</WeekDays>
    <Exceptions><Exception><TimePeriod><FromDate>2024-01-03T00:00:00</FromDate><ToDate>2024-01-03T23:59:00</ToDate></TimePeriod><DayWorking>0</DayWorking></Exception></Exceptions>
  </Calendar></Calendars>
  <Tasks>
    <Task><UID>0</UID><ID>0</ID><Name>root</Name><OutlineLevel>0</OutlineLevel><Summary>1</Summary></Task>
    <Task><UID>1</UID><ID>1</ID><Name>Phase</Name><OutlineLevel>1</OutlineLevel><Summary>1</Summary><Duration>PT24H0M0S</Duration></Task>
    <Task><UID>2</UID><ID>2</ID><Name>Dig</Name><OutlineLevel>2</OutlineLevel><Summary>0</Summary><Duration>PT16H0M0S</Duration><CalendarUID>-1</CalendarUID>
      <ConstraintType>4</ConstraintType><ConstraintDate>2024-01-02T08:00:00</ConstraintDate><TotalSlack>0</TotalSlack></Task>
    <Task><UID>3</UID><ID>3</ID><Name>Pour</Name><OutlineLevel>2</OutlineLevel><Summary>0</Summary><Duration>PT8H0M0S</Duration>
      <PredecessorLink><PredecessorUID>2</PredecessorUID><Type>0</Type><LinkLag>4800</LinkLag><LagFormat>7</LagFormat></PredecessorLink>
      <PredecessorLink><PredecessorUID>2</PredecessorUID><Type>3</Type><LinkLag>-2400</LinkLag><LagFormat>6</LagFormat></PredecessorLink></Task>
  </Tasks>
</Project>`;

describe('readMspdi', () => {
  const m = readSchedule(mspdi, 't.xml');

  it('builds the summary tree from outline levels and skips the project summary task', () => {
    expect(m.activities.map((a) => [a.id, a.parentId, a.kind])).toEqual([
      ['1', null, 'sum'],
      ['2', '1', 'task'],
      ['3', '1', 'task'],
    ]);
  });

  it('reads a file of 200,000 links (more than a call takes as arguments)', () => {
    const link = '<PredecessorLink><PredecessorUID>1</PredecessorUID><Type>1</Type></PredecessorLink>';
    const task = (uid: number, links = '') =>
      `<Task><UID>${uid}</UID><ID>${uid}</ID><Name>T${uid}</Name><Duration>PT8H0M0S</Duration>${links}</Task>`;
    const xml =
      '<?xml version="1.0"?><Project xmlns="http://schemas.microsoft.com/project"><Name>p</Name>' +
      `<StartDate>2026-01-05T08:00:00</StartDate><Tasks>${task(1)}${task(2, link.repeat(200_000))}</Tasks></Project>`;
    expect(readSchedule(xml, 'many-links.xml').relations).toHaveLength(200_000);
  });

  it('reads link types, lags in tenths of a minute and elapsed lag formats', () => {
    expect(m.relations).toEqual([
      { id: '3:0', predId: '2', succId: '3', type: 'ff', lag: 480 },
      { id: '3:1', predId: '2', succId: '3', type: 'ss', lag: -240, lagCalendar: '24h' },
    ]);
  });

  it('reads calendars with exceptions and schedules around the holiday', () => {
    expect(m.calendars[0].exceptions).toEqual([{ day: 8768, intervals: [] }]);
    const res = scheduleModel(m);
    // Dig: Tue 01-02 08:00, 16 h, Wednesday is a holiday → finishes Thu 01-04 17:00.
    expect(formatLocal(res.ef[1])).toBe('2024-01-04T17:00');
    // Pour finishes a day after Dig: Fri 01-05 17:00; the summary spans both.
    expect(formatLocal(res.ef[2])).toBe('2024-01-05T17:00');
    expect(formatLocal(res.es[0])).toBe('2024-01-02T08:00');
  });

  it('keeps a manually scheduled task at its ManualStart (MS Project does not move it)', () => {
    const manual = mspdi.replace(
      '<Duration>PT8H0M0S</Duration>',
      '<Duration>PT8H0M0S</Duration><Manual>1</Manual><ManualStart>2023-12-27T08:00:00</ManualStart>',
    );
    const mm = readSchedule(manual, 't.xml');
    expect(mm.activities[2]).toMatchObject({ id: '3', manual: true });
    expect(formatLocal(mm.activities[2].manualStart ?? 0)).toBe('2023-12-27T08:00');
    const res = scheduleModel(mm);
    // Before the project start and before its predecessor Dig, as typed: Wed 12-27, one day.
    expect(formatLocal(res.es[2])).toBe('2023-12-27T08:00');
    expect(formatLocal(res.ef[2])).toBe('2023-12-27T17:00');
  });

  it('reports malformed XML with its line', () => {
    expect(() => readSchedule(mspdi.replace('</Tasks>', '</Task>'), 't.xml')).toThrow(/line \d+/);
  });

  it('reports a bad duration with the task line', () => {
    try {
      readSchedule(mspdi.replace('PT8H0M0S', 'eight hours'), 't.xml');
      expect.unreachable();
    } catch (e) {
      expect((e as ImportError).params).toMatchObject({ where: 'Task', field: 'Duration', line: 13 });
    }
  });
});

describe('MS Project task calendar with a resource, and lag on the successor calendar', () => {
  // Calendar 1: Mon–Fri 08–12, 13–17. Calendar 2: the same with Thu 01-04 and Fri 01-05 off.
  // B has calendar 2 and a resource on calendar 1: it works only when both work (calendar 2).
  // B finishes 3 days (its calendar) after A: Tue, Wed, (Thu, Fri off), Mon 01-08 17:00; it is
  // 2 days long, so it starts Wed 01-03 08:00. A project-calendar lag would end Thu 01-04 17:00,
  // and the resource calendar alone would let B work Thursday and Friday.
  const cal = (uid: number, holidays: string) =>
    `<Calendar><UID>${uid}</UID><Name>C${uid}</Name><IsBaseCalendar>1</IsBaseCalendar><BaseCalendarUID>-1</BaseCalendarUID>
      <WeekDays>${[1, 2, 3, 4, 5, 6, 7].map(day).join('')}</WeekDays>${holidays}</Calendar>`;
  const off =
    '<Exceptions><Exception><TimePeriod><FromDate>2024-01-04T00:00:00</FromDate><ToDate>2024-01-05T23:59:00</ToDate></TimePeriod><DayWorking>0</DayWorking></Exception></Exceptions>';
  const xml = `<?xml version="1.0"?><Project xmlns="http://schemas.microsoft.com/project"><Name>c.xml</Name>
    <StartDate>2024-01-01T08:00:00</StartDate><CalendarUID>1</CalendarUID><MinutesPerDay>480</MinutesPerDay>
    <Calendars>${cal(1, '')}${cal(2, off)}</Calendars>
    <Tasks>
      <Task><UID>1</UID><ID>1</ID><Name>A</Name><OutlineLevel>1</OutlineLevel><Duration>PT8H0M0S</Duration></Task>
      <Task><UID>2</UID><ID>2</ID><Name>B</Name><OutlineLevel>1</OutlineLevel><Duration>PT16H0M0S</Duration><CalendarUID>2</CalendarUID>
        <PredecessorLink><PredecessorUID>1</PredecessorUID><Type>0</Type><LinkLag>14400</LinkLag><LagFormat>7</LagFormat></PredecessorLink></Task>
    </Tasks>
    <Resources><Resource><UID>1</UID><Name>R</Name><CalendarUID>1</CalendarUID></Resource></Resources>
    <Assignments><Assignment><UID>1</UID><TaskUID>2</TaskUID><ResourceUID>1</ResourceUID></Assignment></Assignments>
  </Project>`;

  it('schedules B in the working time common to its calendar and its resource', () => {
    const m = readSchedule(xml, 'c.xml');
    const res = scheduleModel(m);
    expect(formatLocal(res.ef[1])).toBe('2024-01-08T17:00');
    expect(formatLocal(res.es[1])).toBe('2024-01-03T08:00');
  });
});

const pmxml = `<?xml version="1.0" encoding="UTF-8"?>
<APIBusinessObjects xmlns="http://xmlns.oracle.com/Primavera/P6/V8.3/API/BusinessObjects">
  <Calendar><ObjectId>7</ObjectId><Name>Std</Name><IsDefault>true</IsDefault><HoursPerDay>8</HoursPerDay>
    <StandardWorkWeek>
      ${['Sunday', 'Saturday'].map((d) => `<StandardWorkHours><DayOfWeek>${d}</DayOfWeek></StandardWorkHours>`).join('')}
      ${['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']
        .map(
          (d) =>
            `<StandardWorkHours><DayOfWeek>${d}</DayOfWeek><WorkTime><Start>08:00:00</Start><Finish>11:59:00</Finish></WorkTime><WorkTime><Start>13:00:00</Start><Finish>16:59:00</Finish></WorkTime></StandardWorkHours>`,
        )
        .join('')}
    </StandardWorkWeek>
  </Calendar>
  <Project><ObjectId>1</ObjectId><Id>P1</Id><DataDate>2024-01-01T08:00:00</DataDate><PlannedStartDate>2024-01-01T08:00:00</PlannedStartDate>
    <ActivityDefaultCalendarObjectId>7</ActivityDefaultCalendarObjectId><CriticalActivityFloatLimit>0</CriticalActivityFloatLimit>
    <WBS><ObjectId>50</ObjectId><Code>W</Code><Name>Work</Name></WBS>
    <Activity><ObjectId>10</ObjectId><Id>A10</Id><Name>One</Name><Type>Task Dependent</Type><Status>Not Started</Status><WBSObjectId>50</WBSObjectId>
      <CalendarObjectId>7</CalendarObjectId><PlannedDuration>16</PlannedDuration><RemainingDuration>16</RemainingDuration></Activity>
    <Activity><ObjectId>11</ObjectId><Id>A11</Id><Name>Two</Name><Type>Finish Milestone</Type><Status>Not Started</Status><WBSObjectId>50</WBSObjectId>
      <CalendarObjectId>7</CalendarObjectId><PlannedDuration>0</PlannedDuration><PrimaryConstraintType>Finish On or Before</PrimaryConstraintType>
      <PrimaryConstraintDate>2024-01-01T17:00:00</PrimaryConstraintDate></Activity>
    <Relationship><ObjectId>99</ObjectId><PredecessorActivityObjectId>10</PredecessorActivityObjectId><SuccessorActivityObjectId>11</SuccessorActivityObjectId><Type>Finish to Start</Type><Lag>0</Lag></Relationship>
  </Project>
</APIBusinessObjects>`;

describe('links on MS Project summary tasks', () => {
  it('apply to the tasks under the summary where that is exact', () => {
    const m = readSchedule(mspdi, 't.xml');
    const x = { ...m.activities[1], id: '9', parentId: null };
    const acts = [...m.activities, x];
    const rels = expandSummaryLinks(acts, [
      { id: 'a', predId: '1', succId: '9', type: 'fs', lag: 0 },
      { id: 'b', predId: '9', succId: '1', type: 'ss', lag: 0 },
      { id: 'c', predId: '1', succId: '9', type: 'ss', lag: 0 },
    ]);
    // FS from summary 1 = from each of its tasks 2 and 3; SS into it = into each; SS from it: dropped.
    expect(rels.map((r) => `${r.predId}${r.type}${r.succId}`)).toEqual(['2fs9', '3fs9', '9ss2', '9ss3']);
  });
});

describe('readPmxml', () => {
  it('reads calendars (16:59 means until 17:00), activities, constraints and relations', () => {
    const m = readSchedule(pmxml, 'p.xml');
    expect(m.source).toBe('pmxml');
    expect(m.calendars[0].week[1]).toEqual([
      { start: 480, end: 720 },
      { start: 780, end: 1020 },
    ]);
    const res = scheduleModel(m);
    const ids = m.activities.map((a) => a.id);
    const two = ids.indexOf('11');
    // The milestone follows A10 (finishes Tue 17:00) but must finish by Mon 17:00: TF −8 h.
    expect(formatLocal(res.ef[two])).toBe('2024-01-02T17:00');
    expect(res.tf[two]).toBe(-480);
    expect(m.relations).toEqual([{ id: '99', predId: '10', succId: '11', type: 'fs', lag: 0 }]);
  });
});

describe('detectFormat', () => {
  it('tells XER, MSPDI and P6 XML apart by content', () => {
    expect(detectFormat('ERMHDR\t8.0')).toBe('xer');
    expect(detectFormat(mspdi)).toBe('mspdi');
    expect(detectFormat(pmxml)).toBe('pmxml');
    expect(() => detectFormat('<html></html>', 'x.html')).toThrow(ImportError);
  });
});
