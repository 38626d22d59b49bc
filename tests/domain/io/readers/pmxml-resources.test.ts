// P6 XML resources, resource assignments and resource curves, read as the XER reader reads RSRC,
// TASKRSRC and RSRCCURVDATA; and the same assignments through XER → P6 XML → product on a real
// export of ../shared/fixtures (skipped when the folder is absent).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSchedule } from '../../../../src/domain/io/read-schedule';
import { writeP6XmlText } from '../../../../src/domain/io/pmxml/write';
import { curveShare } from '../../../../src/domain/resources';
import type { ScheduleModel } from '../../../../src/domain/schedule/model';

const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']
  .map(
    (d) =>
      `<StandardWorkHours><DayOfWeek>${d}</DayOfWeek><WorkTime><Start>08:00:00</Start><Finish>16:59:00</Finish></WorkTime></StandardWorkHours>`,
  )
  .join('');
const values = (pts: number[]) => pts.map((p, i) => `<Value${i * 5}>${p}</Value${i * 5}>`).join('');
const ramp = Array.from({ length: 21 }, (_, i) => i);

const doc = `<?xml version="1.0" encoding="UTF-8"?>
<APIBusinessObjects xmlns="http://xmlns.oracle.com/Primavera/P6/V23.12/API/BusinessObjects">
  <Calendar><ObjectId>7</ObjectId><Name>Std</Name><IsDefault>true</IsDefault><HoursPerDay>8</HoursPerDay><StandardWorkWeek>${week}</StandardWorkWeek></Calendar>
  <Calendar><ObjectId>8</ObjectId><Name>Crane</Name><HoursPerDay>8</HoursPerDay><StandardWorkWeek>${week}</StandardWorkWeek></Calendar>
  <Resource><CalendarObjectId>7</CalendarObjectId><Id>MASON</Id><Name>Mason</Name><ObjectId>301</ObjectId><ResourceType>Labor</ResourceType></Resource>
  <Resource><CalendarObjectId>8</CalendarObjectId><Id>CRANE</Id><Name>Crane</Name><ObjectId>302</ObjectId><ResourceType>Nonlabor</ResourceType></Resource>
  <ResourceCurve><IsDefault>false</IsDefault><Name>Ramp</Name><ObjectId>5</ObjectId><Values>${values(ramp)}</Values></ResourceCurve>
  <ResourceCurve><Name>Broken</Name><ObjectId>6</ObjectId><Values>${values(ramp.slice(0, 20))}</Values></ResourceCurve>
  <Project><ObjectId>1</ObjectId><Id>P1</Id><DataDate>2024-01-01T08:00:00</DataDate><PlannedStartDate>2024-01-01T08:00:00</PlannedStartDate>
    <ActivityDefaultCalendarObjectId>7</ActivityDefaultCalendarObjectId>
    <Activity><ObjectId>10</ObjectId><Id>A10</Id><Name>Walls</Name><Type>Task Dependent</Type><Status>Not Started</Status>
      <CalendarObjectId>7</CalendarObjectId><PlannedDuration>40</PlannedDuration><RemainingDuration>40</RemainingDuration></Activity>
    <Activity><ObjectId>11</ObjectId><Id>A11</Id><Name>Lift</Name><Type>Resource Dependent</Type><Status>In Progress</Status>
      <ActualStartDate>2024-01-01T08:00:00</ActualStartDate>
      <CalendarObjectId>7</CalendarObjectId><PlannedDuration>16</PlannedDuration><RemainingDuration>8</RemainingDuration></Activity>
    <ResourceAssignment><ActivityObjectId>10</ActivityObjectId><ObjectId>900</ObjectId><PlannedUnits>40</PlannedUnits><RemainingUnits>40</RemainingUnits><ResourceCurveObjectId>5</ResourceCurveObjectId><ResourceObjectId>301</ResourceObjectId></ResourceAssignment>
    <ResourceAssignment><ActivityObjectId>11</ActivityObjectId><ActualUnits>6</ActualUnits><ObjectId>901</ObjectId><RemainingUnits>10</RemainingUnits><ResourceCurveObjectId>6</ResourceCurveObjectId><ResourceObjectId>302</ResourceObjectId></ResourceAssignment>
    <ResourceAssignment><ActivityObjectId>11</ActivityObjectId><ObjectId>902</ObjectId><PlannedUnits>3</PlannedUnits><ResourceObjectId>999</ResourceObjectId></ResourceAssignment>
    <ResourceAssignment><ActivityObjectId>77</ActivityObjectId><ObjectId>903</ObjectId><PlannedUnits>3</PlannedUnits><ResourceObjectId>301</ResourceObjectId></ResourceAssignment>
  </Project>
</APIBusinessObjects>`;

describe('P6 XML resource assignments', () => {
  it('reads resources, assignments (planned units, else remaining + actual) and their curves', () => {
    const m = readSchedule(doc, 'p.xml');
    expect(m.resources).toEqual([
      { id: '301', name: 'Mason', calendarId: '7', kind: 'Labor' },
      { id: '302', name: 'Crane', calendarId: '8', kind: 'Nonlabor' },
    ]);
    // An unknown resource or activity drops its assignment (as in XER).
    expect(m.assignments.map((a) => [a.id, a.activityId, a.resourceId, a.units])).toEqual([
      ['900', '10', '301', 40],
      ['901', '11', '302', 16],
    ]);
    const c = m.assignments[0]!.curve!;
    expect(c.kind).toBe('custom');
    // The same ramp as XER's pct_usage_0…20: a quarter of the work in the first half.
    expect(curveShare(c.values!, 0, 0.5)).toBeCloseTo(0.25, 6);
    // A curve of 20 values is not a P6 curve: uniform.
    expect(m.assignments[1]!.curve).toBeUndefined();
    // A resource-dependent activity works on its resources' calendars.
    expect(m.activities.find((a) => a.id === '11')!.resourceCalendarIds).toEqual(['8']);
    expect(m.activities.find((a) => a.id === '10')!.resourceCalendarIds).toBeUndefined();
  });

  it('P6 XML → product → P6 XML → product keeps assignments and curves', () => {
    const m = readSchedule(doc, 'p.xml');
    const again = readSchedule(writeP6XmlText(m), 'again.xml');
    expect(again.assignments).toHaveLength(2);
    const [a, b] = [m.assignments[0]!.curve!, again.assignments[0]!.curve!];
    b.values!.forEach((v, i) => expect(v).toBeCloseTo(a.values![i]!, 4));
    expect(again.assignments.map((x) => x.units)).toEqual([40, 16]);
    expect(again.resources.map((r) => r.name)).toEqual(['Mason', 'Crane']);
    m.assignments[1]!.curve = { kind: 'bell' };
    expect(readSchedule(writeP6XmlText(m), 'b.xml').assignments[1]!.curve).toEqual({ kind: 'bell' });
  });
});

const root = resolve(__dirname, '../../../../../shared/fixtures');

/** Each assignment as activity code, resource name and units (ids are renumbered by writers). */
const byCode = (m: ScheduleModel) => {
  const code = new Map(m.activities.map((a) => [a.id, a.code]));
  const name = new Map(m.resources.map((r) => [r.id, r.name]));
  return m.assignments.map((a) => `${code.get(a.activityId)}|${name.get(a.resourceId)}|${a.units}`).sort();
};

describe.skipIf(!existsSync(root))('a real XER through P6 XML', () => {
  it('wk2 (596 assignments, 59 resources): the same assignments come back', () => {
    const xer = readSchedule(readFileSync(resolve(root, 'xer/p6_xernative_wk2_tp.xer')), 'wk2.xer');
    expect(xer.assignments.length).toBeGreaterThan(500);
    const pm = readSchedule(writeP6XmlText(xer), 'wk2.xml');
    expect(pm.resources).toHaveLength(xer.resources.length);
    expect(byCode(pm)).toEqual(byCode(xer));
  });
});
