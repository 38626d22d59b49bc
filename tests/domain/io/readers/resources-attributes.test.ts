// Resources, assignments, activity codes and UDFs are read where the file has them (XER RSRC/TASKRSRC, MSPDI
// Resources/Assignments) and kept for the resources module. Reads ../shared/fixtures in place;
// skips, saying why, when the folder is absent.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSchedule } from '../../../../src/domain/io/read-schedule';

const root = resolve(__dirname, '../../../../../shared/fixtures');
const read = (file: string) => readSchedule(new Uint8Array(readFileSync(resolve(root, file))), file);

describe.skipIf(!existsSync(root))('resources and assignments from real files', () => {
  it('XER: RSRC rows become resources with their calendars, TASKRSRC rows assignments', () => {
    const m = read('xer/p6_xernative_wk2_tp.xer');
    expect(m.resources).toHaveLength(59);
    expect(m.resources[0]).toEqual({ id: '10552', name: 'excavator', calendarId: '6690', kind: 'RT_Equip' });
    expect(m.assignments).toHaveLength(596);
    expect(m.assignments[0]).toEqual({ id: '89065', activityId: '106071', resourceId: '10552', units: 56 });
    const activityIds = new Set(m.activities.map((a) => a.id));
    const resourceIds = new Set(m.resources.map((r) => r.id));
    for (const a of m.assignments) {
      expect(activityIds.has(a.activityId)).toBe(true);
      expect(resourceIds.has(a.resourceId)).toBe(true);
    }
  });

  it('MSPDI: named resources with their calendars; assignment work in hours', () => {
    const m = read('mspdi/msp_mpxj_legacy_sample.xml');
    expect(m.resources.map((r) => r.name)).toEqual(['First Resource', 'Second Resource']);
    expect(m.resources[0]).toMatchObject({ id: '1', calendarId: '3', kind: 'work' });
    expect(m.assignments[0]).toEqual({ id: '0', activityId: '2', resourceId: '1', units: 200 });
  });

  it('a file without resources reads none', () => {
    const m = read('xer/p6_gemco_19282_summary.xer');
    expect(m.resources).toEqual([]);
    expect(m.assignments).toEqual([]);
  });
});

if (!existsSync(root))
  console.warn(`../shared/fixtures not found at ${root}: resource reading tests skipped`);

describe.skipIf(!existsSync(root))('activity codes and UDFs from real XER files', () => {
  it('activity codes become attributes labelled with their code type', () => {
    const m = read('xer/p6_xernative_wk2_tp.xer');
    expect(m.attributeDefs).toMatchObject({ 'actv:1734': '01 project', 'actv:1737': '04 floor' });
    const coded = m.activities.filter((a) => a.attributes?.['actv:1737'] !== undefined);
    expect(coded.length).toBeGreaterThan(100);
  });

  it('activity UDFs keep their type: text stays text, numbers become numbers', () => {
    const m = read('xer/p6_xernative_sample_takt.xer');
    expect(m.attributeDefs).toEqual({
      'udf:178': 'StartDistance',
      'udf:179': 'FinishDistance',
      'udf:180': 'Template',
    });
    const a = m.activities.find((x) => x.attributes?.['udf:179'] === 3000);
    expect(a?.attributes).toMatchObject({ 'udf:178': 0, 'udf:180': 'Studs' });
  });
});
