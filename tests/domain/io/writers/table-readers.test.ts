// The CSV, XLSX and JSON readers: upload rules, other tools' tables, and errors that name the
// sheet, row and column.

import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { readCsvText } from '../../../../src/domain/io/csv/read';
import { parseLinks } from '../../../../src/domain/io/csv/predecessors';
import { columnIndex, columnLetter } from '../../../../src/domain/io/csv/fields';
import { readXlsx } from '../../../../src/domain/io/xlsx/read';
import { readJsonText } from '../../../../src/domain/io/json/read';
import { writeJsonText } from '../../../../src/domain/io/json/write';
import { ImportError } from '../../../../src/domain/io/errors';
import { generateModel } from '../../../fixtures/io-generator';

function importError(f: () => unknown): ImportError {
  try {
    f();
  } catch (e) {
    if (e instanceof ImportError) return e;
    throw e;
  }
  throw new Error('expected an ImportError');
}

async function importErrorAsync(f: () => Promise<unknown>): Promise<ImportError> {
  const e = await f().then(
    () => null,
    (x: unknown) => x,
  );
  if (e instanceof ImportError) return e;
  throw new Error(`expected an ImportError, got ${String(e)}`);
}

describe('predecessor column', () => {
  it('reads codes, types, signed lags and units', () => {
    expect(parseLinks('A10FS+2d; A20SS-4h;A30;A40FF+30m; A50SF+1ed')).toEqual([
      { ref: 'A10', type: 'fs', lag: 2, unit: 'd', elapsed: false },
      { ref: 'A20', type: 'ss', lag: -4, unit: 'h', elapsed: false },
      { ref: 'A30', type: 'fs', lag: 0, unit: 'd', elapsed: false },
      { ref: 'A40', type: 'ff', lag: 30, unit: 'm', elapsed: false },
      { ref: 'A50', type: 'sf', lag: 1, unit: 'd', elapsed: true },
    ]);
  });
  it('maps column letters and indexes', () => {
    expect([columnIndex('A'), columnIndex('z'), columnIndex('AA'), columnIndex('3')]).toEqual([0, 25, 26, 3]);
    expect([columnLetter(0), columnLetter(27)]).toEqual(['A', 'AB']);
  });
});

describe('CSV reader', () => {
  it('reads an MS Project-like table by its headers: outline levels, days, predecessors', () => {
    const csv = [
      'Task Name;Duration;Start;Outline Level;Predecessors',
      'Phase;;;1;',
      'Dig;5d;2026-01-05;2;',
      'Pour;2;;2;2FS+1d',
    ].join('\n');
    const m = readCsvText(csv);
    const [phase, dig, pour] = m.activities;
    expect(phase!.kind).toBe('sum');
    expect(dig!.parentId).toBe(phase!.id);
    expect(dig!.duration).toBe(5 * 8 * 60);
    expect(pour!.duration).toBe(2 * 8 * 60);
    expect(m.relations).toEqual([{ id: '1', predId: dig!.id, succId: pour!.id, type: 'fs', lag: 480 }]);
    expect(m.options.projectStart).toBe(dig!.plannedStart! - 0);
  });
  it('starts a table without any date on the day given (the upload day), else on its earliest date', () => {
    const day = 9_700 * 1440 + 600; // a day of 2026, mid-morning: the start is that day's midnight
    const undated = readCsvText('Code,Name,Duration (d)\nA,Dig,3', { undatedStart: day });
    expect(undated.options.dataDate).toBe(9_700 * 1440);
    expect(undated.options.projectStart).toBe(9_700 * 1440);
    expect(readCsvText('Code,Name,Duration (d)\nA,Dig,3').options.dataDate).toBe(0);
    const dated = readCsvText('Code,Name,Duration (d),Start\nA,Dig,3,2027-03-02', { undatedStart: day });
    expect(dated.options.dataDate).toBe(
      dated.activities[0]!.plannedStart! - (dated.activities[0]!.plannedStart! % 1440),
    );
  });

  it('applies an upload rule: rows to skip and a column mapping by letter', () => {
    const csv = [
      'Report of 2026',
      'exported by someone',
      'x,Code,Title,Hours',
      ',A1,First,8',
      ',A2,Second,16',
    ].join('\r\n');
    const m = readCsvText(csv, {
      rule: { name: 'site report', skipRows: 2, columns: { B: 'code', C: 'name', D: 'duration' } },
    });
    expect(m.activities.map((a) => [a.code, a.name, a.duration])).toEqual([
      ['A1', 'First', 480],
      ['A2', 'Second', 960],
    ]);
  });
  it('names the row and column of a bad value', () => {
    const e = importError(() => readCsvText('Code,Name,Duration (h)\nA1,One,8\nA2,Two,lots\n'));
    expect(e.code).toBe('import.bad_value');
    expect(e.params).toMatchObject({ where: 'csv', line: 3, field: 'Duration (h)', value: 'lots' });
  });
  it('names an unknown predecessor, a date outside 2000–2050 and a cut-off quote', () => {
    expect(
      importError(() => readCsvText('Code,Name,Predecessors\nA1,One,\nA2,Two,A9FS\n')).params,
    ).toMatchObject({ line: 3, field: 'Predecessors', value: 'A9' });
    expect(importError(() => readCsvText('Code,Name,Planned start\nA1,One,2099-01-01\n')).code).toBe(
      'import.date_out_of_range',
    );
    expect(importError(() => readCsvText('Code,Name\nA1,"One\n')).code).toBe('import.truncated');
    expect(importError(() => readCsvText('Colour,Size\nred,1\n')).code).toBe('import.missing_field');
  });
});

describe('XLSX reader', () => {
  async function workbook(rows: unknown[][], name = 'Sheet1'): Promise<Uint8Array> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
    return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
  }
  it('reads another tool’s sheet with date cells and an upload rule by index', async () => {
    const start = new Date(Date.UTC(2026, 0, 5, 8));
    const bytes = await workbook([['Plan'], ['ID', 'Activity', 'Days', 'Start'], ['10', 'Survey', 3, start]]);
    const m = await readXlsx(bytes, {
      rule: {
        name: 'plan',
        skipRows: 1,
        columns: { '0': 'code', '1': 'name', '2': 'durationDays', '3': 'plannedStart' },
      },
    });
    expect(m.activities[0]).toMatchObject({ code: '10', name: 'Survey', duration: 3 * 480 });
    expect(m.activities[0]!.plannedStart).toBe(Math.round((start.getTime() - Date.UTC(2000, 0, 1)) / 60000));
  });
  it('names the sheet, row and column of a bad cell', async () => {
    const bytes = await workbook(
      [
        ['Code', 'Name', '% complete'],
        ['A', 'One', 'half'],
      ],
      'Activities',
    );
    const e = await importErrorAsync(() => readXlsx(bytes));
    expect(e.params).toMatchObject({ where: 'Activities', line: 2, field: '% complete', value: 'half' });
  });
  it('refuses a file that is not a workbook', async () => {
    expect((await importErrorAsync(() => readXlsx(new TextEncoder().encode('hello')))).code).toBe(
      'import.unknown_format',
    );
    expect((await importErrorAsync(() => readXlsx(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3])))).code).toBe(
      'import.truncated',
    );
  });
});

describe('JSON reader', () => {
  const good = writeJsonText(generateModel({ activities: 5, seed: 2 }));
  it('names the path of a bad value', () => {
    const bad = good.replace(/"duration": ([1-9])/, '"duration": -$1');
    const e = importError(() => readJsonText(bad));
    expect(e.code).toBe('import.bad_value');
    expect(e.params.where).toMatch(/^model\.activities\[\d+\]\.duration$/);
  });
  it('names a syntax error’s line and a missing calendar', () => {
    expect(importError(() => readJsonText(good.slice(0, 300))).code).toBe('import.truncated');
    const doc = JSON.parse(good);
    doc.model.activities[4].calendarId = 'nope';
    expect(importError(() => readJsonText(JSON.stringify(doc))).params).toMatchObject({
      where: 'model.activities[4]',
      field: 'calendarId',
      value: 'nope',
    });
    expect(importError(() => readJsonText('{"a":1}')).code).toBe('import.unknown_format');
  });
});
