// MSPDI fragments, hand-made after MS Project's enumerations: elapsed duration formats (the
// DurationFormat / LagFormat codes 4 em, 6 eh, 8 ed, 10 ew, 12 emo, 20 e%, and their "estimated"
// forms 36–44, 52), percent lags (19 %, 20 e%: LinkLag holds the percent, not tenths of a minute),
// and a task in progress read with Project's own ES = LS = actual start.
import { describe, expect, it } from 'vitest';
import { formatLocal } from '../../../../src/domain/calendar/time';
import { writeMspdi } from '../../../../src/domain/io/mspdi/write';
import { readSchedule } from '../../../../src/domain/io/read-schedule';
import { scheduleModel } from '../../../../src/domain/schedule/index';

const wt = (f: string, t: string) =>
  `<WorkingTime><FromTime>${f}</FromTime><ToTime>${t}</ToTime></WorkingTime>`;
const day = (n: number) =>
  n === 1 || n === 7
    ? `<WeekDay><DayType>${n}</DayType><DayWorking>0</DayWorking></WeekDay>`
    : `<WeekDay><DayType>${n}</DayType><DayWorking>1</DayWorking><WorkingTimes>${wt('08:00:00', '12:00:00')}${wt('13:00:00', '17:00:00')}</WorkingTimes></WeekDay>`;

/** A project starting Monday 2024-01-01 08:00 on the standard calendar with the given tasks. */
const project = (tasks: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Project xmlns="http://schemas.microsoft.com/project">
  <Name>t.xml</Name><StartDate>2024-01-01T08:00:00</StartDate><CalendarUID>1</CalendarUID><MinutesPerDay>480</MinutesPerDay>
  <Calendars><Calendar><UID>1</UID><Name>Standard</Name><IsBaseCalendar>1</IsBaseCalendar><BaseCalendarUID>-1</BaseCalendarUID>
    <WeekDays>${[1, 2, 3, 4, 5, 6, 7].map(day).join('')}</WeekDays></Calendar></Calendars>
  <Tasks>${tasks}</Tasks>
</Project>`;

const task = (uid: number, duration: string, extra = '') =>
  `<Task><UID>${uid}</UID><ID>${uid}</ID><Name>T${uid}</Name><OutlineLevel>1</OutlineLevel><Summary>0</Summary><Duration>${duration}</Duration>${extra}</Task>`;
const link = (pred: number, lag: number, format: number, type = 1) =>
  `<PredecessorLink><PredecessorUID>${pred}</PredecessorUID><Type>${type}</Type><LinkLag>${lag}</LinkLag><LagFormat>${format}</LagFormat></PredecessorLink>`;

function dates(xml: string) {
  const m = readSchedule(project(xml), 't.xml');
  const r = scheduleModel(m);
  const f = (t: number) => formatLocal(t).replace('T', ' ');
  return Object.fromEntries(
    m.activities.map((a, i) => [
      a.id,
      { es: f(r.es[i]), ef: f(r.ef[i]), ls: f(r.ls[i]), lf: f(r.lf[i]), tf: r.tf[i] / 60 },
    ]),
  );
}

describe('MSPDI elapsed durations', () => {
  it('reads DurationFormat 8 (ed) and 40 (ed, estimated) as elapsed; 7 and 39 (d) as working time', () => {
    const m = readSchedule(
      project(
        task(1, 'PT24H0M0S', '<DurationFormat>8</DurationFormat>') +
          task(2, 'PT24H0M0S', '<DurationFormat>40</DurationFormat>') +
          task(3, 'PT8H0M0S', '<DurationFormat>7</DurationFormat>') +
          task(4, 'PT8H0M0S', '<DurationFormat>39</DurationFormat>'),
      ),
      't.xml',
    );
    expect(m.activities.map((a) => [a.id, a.elapsed === true, a.duration])).toEqual([
      ['1', true, 1440],
      ['2', true, 1440],
      ['3', false, 480],
      ['4', false, 480],
    ]);
  });

  it('schedules 2 ed from Friday 17:00 over the weekend to Sunday 17:00; the next task starts Monday', () => {
    const r = dates(
      task(1, 'PT40H0M0S') +
        task(2, 'PT48H0M0S', `<DurationFormat>8</DurationFormat>${link(1, 0, 7)}`) +
        task(3, 'PT8H0M0S', link(2, 0, 7)),
    );
    expect(r['2']).toMatchObject({ es: '2024-01-05 17:00', ef: '2024-01-07 17:00' });
    expect(r['3']).toMatchObject({ es: '2024-01-08 08:00', ef: '2024-01-08 17:00' });
  });

  it('reads LagFormat 38 (eh, estimated) as an elapsed lag: 16 eh from Friday 17:00 is Saturday 09:00', () => {
    const r = dates(task(1, 'PT40H0M0S') + task(2, 'PT8H0M0S', link(1, 9600, 38)));
    // Saturday 09:00 is not working time on the successor's calendar: Monday 08:00.
    expect(r['2']).toMatchObject({ es: '2024-01-08 08:00' });
    const into = dates(
      task(1, 'PT40H0M0S') + task(2, 'PT24H0M0S', `<DurationFormat>8</DurationFormat>${link(1, 9600, 38)}`),
    );
    expect(into['2']).toMatchObject({ es: '2024-01-06 09:00', ef: '2024-01-07 09:00' });
  });

  it('reads a percent lag (LagFormat 19) as that share of the predecessor’s duration', () => {
    // 50 % of a 4-day predecessor: 2 working days after Thu 01-04 17:00 → Tue 01-09 08:00.
    const r = dates(task(1, 'PT32H0M0S') + task(2, 'PT8H0M0S', link(1, 50, 19)));
    expect(r['2']).toMatchObject({ es: '2024-01-09 08:00' });
    // 50 % elapsed (20) of the same 32 h: 16 h around the clock from Thu 17:00 → Fri 09:00.
    const e = dates(task(1, 'PT32H0M0S') + task(2, 'PT8H0M0S', link(1, 50, 20)));
    expect(e['2']).toMatchObject({ es: '2024-01-05 09:00' });
  });
});

describe('an elapsed task written back', () => {
  it('keeps its elapsed duration through MS Project XML (DurationFormat 8) and its dates', () => {
    const m = readSchedule(
      project(
        task(1, 'PT40H0M0S') + task(2, 'PT48H0M0S', `<DurationFormat>8</DurationFormat>${link(1, 0, 7)}`),
      ),
      't.xml',
    );
    const back = readSchedule(writeMspdi(m), 'back.xml');
    expect(back.activities.map((a) => a.elapsed === true)).toEqual([false, true]);
    expect(Array.from(scheduleModel(back).ef)).toEqual(Array.from(scheduleModel(m).ef));
  });
});

describe('an MSPDI task in progress', () => {
  it('has ES = LS = its actual start, its remaining work after Resume, total slack = finish slack', () => {
    // Task 1: 5 days, started Mon 01-01, stopped Tue 12:00, resumes Tue 13:00 with 3.5 days left
    // → Fri 01-05 17:00. Task 2: 10 days, no links: the project finishes Fri 01-12 17:00.
    const r = dates(
      task(
        1,
        'PT40H0M0S',
        '<RemainingDuration>PT28H0M0S</RemainingDuration><ActualStart>2024-01-01T08:00:00</ActualStart><Stop>2024-01-02T12:00:00</Stop><Resume>2024-01-02T13:00:00</Resume><PercentComplete>30</PercentComplete>',
      ) + task(2, 'PT80H0M0S'),
    );
    expect(r['1']).toEqual({
      es: '2024-01-01 08:00',
      ef: '2024-01-05 17:00',
      ls: '2024-01-01 08:00',
      lf: '2024-01-12 17:00',
      tf: 40,
    });
  });
});

describe('MSPDI split tasks', () => {
  /** An assignment of task `uid` whose remaining work (TimephasedData type 1) is laid out per day. */
  const assignment = (uid: number, days: [string, number][]) =>
    `<Assignment><UID>${uid}</UID><TaskUID>${uid}</TaskUID><ResourceUID>1</ResourceUID><Work>PT24H0M0S</Work>${days
      .map(
        ([d, h]) =>
          `<TimephasedData><Type>1</Type><UID>${uid}</UID><Start>${d}T08:00:00</Start><Finish>${d}T17:00:00</Finish><Unit>2</Unit><Value>PT${h}H0M0S</Value></TimephasedData>`,
      )
      .join('')}</Assignment>`;
  const withAssignments = (tasks: string, assignments: string) =>
    project(tasks).replace(
      '</Tasks>',
      `</Tasks><Resources><Resource><UID>1</UID><Name>R</Name></Resource></Resources><Assignments>${assignments}</Assignments>`,
    );

  it('reads the working time without planned work between the first and the last work as the split', () => {
    // 3 days of work, Mon, (Tue, Wed split), Thu, Fri: 16 h of gap; the task ends Fri 17:00.
    const xml = withAssignments(
      task(1, 'PT24H0M0S') + task(2, 'PT8H0M0S', link(1, 0, 7)),
      assignment(1, [
        ['2024-01-01', 8],
        ['2024-01-02', 0],
        ['2024-01-03', 0],
        ['2024-01-04', 8],
        ['2024-01-05', 8],
      ]),
    );
    const m = readSchedule(xml, 't.xml');
    expect(m.activities[0].splitGap).toBe(16 * 60);
    const r = scheduleModel(m);
    expect(formatLocal(r.ef[0])).toBe('2024-01-05T17:00');
    expect(formatLocal(r.es[1])).toBe('2024-01-08T08:00');
  });

  it('has no split when the work is continuous', () => {
    const xml = withAssignments(
      task(1, 'PT16H0M0S'),
      assignment(1, [
        ['2024-01-01', 8],
        ['2024-01-02', 8],
      ]),
    );
    expect(readSchedule(xml, 't.xml').activities[0].splitGap).toBeUndefined();
  });
});
