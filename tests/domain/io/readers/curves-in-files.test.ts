// Resource curves as the files carry them: P6's RSRCCURVDATA through TASKRSRC.curv_id, MS Project's
// WorkContour (named ones by name, the others from the assignment's timephased work). The real
// files of ../shared/fixtures hold only flat assignments, so a curve is written into a copy of one
// in memory (the file itself is read in place, never changed); skips when the folder is absent.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSchedule } from '../../../../src/domain/io/read-schedule';
import { writeMspdi } from '../../../../src/domain/io/mspdi/write';
import { writeXerText } from '../../../../src/domain/io/xer/write';
import { parseXerTables } from '../../../../src/domain/io/xer/tables';
import { curveShare, curveTwentieths } from '../../../../src/domain/resources';

const root = resolve(__dirname, '../../../../../shared/fixtures');
const text = (file: string) => readFileSync(resolve(root, file), 'utf8');
const read = (src: string, name: string) => readSchedule(new TextEncoder().encode(src), name);

/** The takt sample with its one assignment on curve C1: usage rising 0 → 20 over the duration. */
function taktWithCurve(points: number[]): string {
  const lines = text('xer/p6_xernative_sample_takt.xer').split(/\r?\n/);
  let table = '';
  let curvAt = -1;
  for (let i = 0; i < lines.length; i++) {
    const cells = lines[i]!.split('\t');
    if (cells[0] === '%T') table = cells[1]!;
    else if (cells[0] === '%F' && table === 'TASKRSRC') curvAt = cells.indexOf('curv_id');
    else if (cells[0] === '%R' && table === 'TASKRSRC') {
      cells[curvAt] = 'C1';
      lines[i] = cells.join('\t');
    }
  }
  const end = lines.findIndex((l) => l.startsWith('%E'));
  const fields = ['curv_id', 'curv_name', 'default_flag', ...points.map((_, i) => `pct_usage_${i}`)];
  lines.splice(
    end,
    0,
    '%T\tRSRCCURVDATA',
    `%F\t${fields.join('\t')}`,
    `%R\tC1\tRamp up\tN\t${points.join('\t')}`,
  );
  return lines.join('\r\n');
}

describe.skipIf(!existsSync(root))('resource curves read from schedule files', () => {
  it('XER: an assignment on a P6 curve carries its shape; without curv_id it stays uniform', () => {
    const plain = read(text('xer/p6_xernative_sample_takt.xer'), 'takt.xer');
    expect(plain.assignments).toHaveLength(1);
    expect(plain.assignments[0]!.curve).toBeUndefined();

    const ramp = Array.from({ length: 21 }, (_, i) => i);
    const m = read(taktWithCurve(ramp), 'takt.xer');
    const c = m.assignments[0]!.curve!;
    expect(c.kind).toBe('custom');
    expect(c.values).toHaveLength(20);
    // A linear ramp puts a quarter of the work in the first half.
    expect(curveShare(c.values!, 0, 0.5)).toBeCloseTo(0.25, 6);
    // A curve of unreadable points is left out: uniform.
    const bad = [...ramp];
    bad[5] = -3;
    expect(read(taktWithCurve(bad), 'takt.xer').assignments[0]!.curve).toBeUndefined();
  });

  it('XER → product → XER → product: the curve comes back the same, in P6’s RSRCCURVDATA columns', () => {
    // A P6 bell-like curve: rising then falling, any scale.
    const pts = [0, 2, 5, 9, 14, 20, 27, 35, 44, 50, 52, 50, 44, 35, 27, 20, 14, 9, 5, 2, 0];
    const first = read(taktWithCurve(pts), 'takt.xer');
    const out = writeXerText(first);
    const tables = parseXerTables(out);
    const curv = tables.get('RSRCCURVDATA')!;
    expect(curv.fields).toEqual([
      'curv_id',
      'curv_name',
      'default_flag',
      ...pts.map((_, i) => `pct_usage_${i}`),
    ]);
    expect(curv.rows).toHaveLength(1);
    const taskRsrc = tables.get('TASKRSRC')!;
    expect(taskRsrc.fields).toContain('curv_id');
    expect(taskRsrc.rows[0]!.get('curv_id')).toBe(curv.rows[0]!.get('curv_id'));
    const again = read(out, 'again.xer');
    const [a, b] = [first.assignments[0]!.curve!, again.assignments[0]!.curve!];
    expect(b.kind).toBe('custom');
    b.values!.forEach((v, i) => expect(v).toBeCloseTo(a.values![i]!, 4));
    // Written once more: the same points (a fixed point after the first export).
    const twice = parseXerTables(writeXerText(again)).get('RSRCCURVDATA')!;
    for (let i = 0; i <= 20; i++)
      expect(Number(twice.rows[0]!.get(`pct_usage_${i}`))).toBeCloseTo(
        Number(curv.rows[0]!.get(`pct_usage_${i}`)),
        4,
      );
    // A named curve goes out as points and comes back by its name; a uniform one names no curve.
    first.assignments[0]!.curve = { kind: 'front' };
    expect(read(writeXerText(first), 'front.xer').assignments[0]!.curve).toEqual({ kind: 'front' });
    delete first.assignments[0]!.curve;
    const plain = writeXerText(first);
    expect(parseXerTables(plain).get('RSRCCURVDATA')).toBeUndefined();
    expect(read(plain, 'plain.xer').assignments[0]!.curve).toBeUndefined();
  });

  it('MSPDI: back, front and bell contours are named; a turtle takes its shape from the timephased work', () => {
    const src = text('mspdi/msp_mpxj_legacy_sample.xml');
    const first = src.indexOf('<Assignment>');
    const end = src.indexOf('</Assignment>', first);
    const asg = src.slice(first, end);
    const start = /<Start>([^<]+)<\/Start>/.exec(asg)![1]!;
    const finish = /<Finish>([^<]+)<\/Finish>/.exec(asg)![1]!;
    const withContour = (code: number, timephased = '') =>
      src.slice(0, first) +
      asg
        .replace('<WorkContour>0</WorkContour>', `<WorkContour>${code}</WorkContour>`)
        .replace(/<TimephasedData>[\s\S]*<\/TimephasedData>/, '') +
      timephased +
      src.slice(end);
    expect(read(src, 'a.xml').assignments[0]!.curve).toBeUndefined();
    expect(read(withContour(1), 'a.xml').assignments[0]!.curve).toEqual({ kind: 'back' });
    expect(read(withContour(2), 'a.xml').assignments[0]!.curve).toEqual({ kind: 'front' });
    expect(read(withContour(6), 'a.xml').assignments[0]!.curve).toEqual({ kind: 'bell' });
    // Two stretches over the assignment's span, split at its middle: 10 h, then 70 h.
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19);
    const [t0, t1] = [Date.parse(`${start}Z`), Date.parse(`${finish}Z`)];
    const mid = iso((t0 + t1) / 2);
    const tp = (s: string, f: string, h: number) =>
      `<TimephasedData><Type>1</Type><UID>0</UID><Start>${s}</Start><Finish>${f}</Finish><Unit>2</Unit><Value>PT${h}H0M0S</Value></TimephasedData>`;
    const turtle = read(withContour(7, tp(start, mid, 10) + tp(mid, finish, 70)), 'a.xml');
    const c = turtle.assignments[0]!.curve!;
    expect(c.kind).toBe('custom');
    expect(curveShare(c.values!, 0, 0.5)).toBeCloseTo(1 / 8, 6);
    // Without timephased work a turtle has no shape to read: uniform.
    expect(read(withContour(7), 'a.xml').assignments[0]!.curve).toBeUndefined();
  });

  it('MSPDI timephased work is measured in working time: Project’s own flat record reads as flat', () => {
    // The file's first assignment: 200 h over 50 working days, written by Project as one stretch
    // per calendar day (08:00 to 08:00), 4 h on working days and none at weekends. Marked as
    // contoured (8) it takes its shape from that record: flat in working time. In elapsed time the
    // weekends would be dips, and the first and last parts would differ.
    const src = text('mspdi/msp_mpxj_legacy_sample.xml');
    const first = src.indexOf('<WorkContour>0</WorkContour>');
    const contoured =
      src.slice(0, first) +
      '<WorkContour>8</WorkContour>' +
      src.slice(first + '<WorkContour>0</WorkContour>'.length);
    const m = read(contoured, 'a.xml');
    expect(m.assignments[0]!.curve).toBeUndefined();
    // Double the work of the first ten working days (two weeks, weekends between): in working
    // time that is exactly the first fifth of the span.
    let n = 0;
    const doubled = contoured.replace(/<Value>PT4H0M0S<\/Value>/g, (v) =>
      ++n <= 10 ? '<Value>PT8H0M0S</Value>' : v,
    );
    const c = read(doubled, 'a.xml').assignments[0]!.curve!;
    expect(c.kind).toBe('custom');
    expect(curveShare(c.values!, 0, 0.2)).toBeCloseTo(80 / 240, 6);
  });

  it('MSPDI written back: named curves keep their contour code', () => {
    const m = read(text('mspdi/msp_mpxj_legacy_sample.xml'), 'a.xml');
    m.assignments[0]!.curve = { kind: 'back' };
    const again = readSchedule(writeMspdi(m), 'b.xml');
    expect(again.assignments[0]!.curve).toEqual({ kind: 'back' });
    expect(again.assignments[1]?.curve).toBeUndefined();
  });

  it('MSPDI written back: a custom curve is hand-contoured (8) with its timephased work, read back the same', () => {
    const m = read(text('mspdi/msp_mpxj_legacy_sample.xml'), 'a.xml');
    const values = [30, 5, 0, 10, 15, 25, 0, 5, 5, 5];
    m.assignments[0]!.curve = { kind: 'custom', values };
    const xml = new TextDecoder().decode(writeMspdi(m));
    const asg = xml.slice(xml.indexOf('<Assignment>'), xml.indexOf('</Assignment>'));
    expect(asg).toContain('<WorkContour>8</WorkContour>');
    const stretches = [...asg.matchAll(/<TimephasedData>([\s\S]*?)<\/TimephasedData>/g)].map((t) => t[1]!);
    expect(stretches.length).toBeGreaterThan(20);
    for (const t of stretches) expect(t).toContain('<Type>1</Type>');
    // The stretches' work adds up to the assignment's (seconds rounded).
    const hours = (v: string) => {
      const [, h, mi, se] = /PT(\d+)H(\d+)M(\d+)S/.exec(v)!;
      return Number(h) + Number(mi) / 60 + Number(se) / 3600;
    };
    const total = stretches.reduce((a, t) => a + hours(/<Value>([^<]+)</.exec(t)![1]!), 0);
    expect(total).toBeCloseTo(m.assignments[0]!.units, 2);
    const again = readSchedule(new TextEncoder().encode(xml), 'b.xml').assignments[0]!.curve!;
    expect(again.kind).toBe('custom');
    const want = curveTwentieths({ kind: 'custom', values });
    curveTwentieths(again).forEach((g, i) => expect(Math.abs(g - want[i]!)).toBeLessThan(0.05));
    // The other assignments keep no curve.
    expect(readSchedule(new TextEncoder().encode(xml), 'b.xml').assignments[1]?.curve).toBeUndefined();
  });
});

if (!existsSync(root)) console.warn(`../shared/fixtures not found at ${root}: curve reading tests skipped`);
