// Start float and finish float (issue 16 item 6) leave the engine in the written files: MS Project
// XML as StartSlack and FinishSlack (tenths of a minute, like TotalSlack), CSV/XLSX as their own
// columns, and come back when read.
import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { scheduleModel } from '../../../../src/domain/schedule';
import { withResults } from '../../../../src/domain/io/write-schedule';
import { readMspdi } from '../../../../src/domain/io/mspdi/read';
import { writeMspdiText } from '../../../../src/domain/io/mspdi/write';
import { readCsvText } from '../../../../src/domain/io/csv/read';
import { writeCsvText } from '../../../../src/domain/io/csv/write';
import { generateModel } from '../../../fixtures/io-generator';

const model = generateModel({ activities: 40, seed: 11 });
const result = scheduleModel(model);
const written = withResults(model, result);
const at = new Map(result.ids.map((id, i) => [id, i]));
const tasks = written.activities.filter((a) => a.kind !== 'sum');

describe('start and finish float in written files', () => {
  it('some activities have float, so the check below can tell a value from a zero', () => {
    expect(tasks.some((a) => result.startFloat[at.get(a.id)!]! > 0)).toBe(true);
  });

  it('MS Project XML carries StartSlack and FinishSlack after TotalSlack, read back unchanged', () => {
    const xml = writeMspdiText(written);
    const parsed = new XMLParser().parse(xml) as { Project: { Tasks: { Task: Record<string, unknown>[] } } };
    const keys = Object.keys(parsed.Project.Tasks.Task.find((t) => t.StartSlack !== undefined)!);
    expect(keys.indexOf('StartSlack')).toBe(keys.indexOf('TotalSlack') + 1);
    expect(keys.indexOf('FinishSlack')).toBe(keys.indexOf('StartSlack') + 1);
    const back = new Map(readMspdi(xml).activities.map((a) => [a.name, a.stored]));
    for (const a of tasks) {
      const i = at.get(a.id)!;
      expect(back.get(a.name)?.startFloat, a.name).toBe(result.startFloat[i]);
      expect(back.get(a.name)?.finishFloat, a.name).toBe(result.finishFloat[i]);
    }
  });

  it('CSV has a column for each, read back unchanged', () => {
    const csv = writeCsvText(written);
    const header = csv.split(/\r?\n/)[0]!;
    expect(header).toContain('Start float (h)');
    expect(header).toContain('Finish float (h)');
    const back = new Map(readCsvText(csv).activities.map((a) => [a.code, a.stored]));
    for (const a of tasks) {
      const i = at.get(a.id)!;
      expect(back.get(a.code)?.startFloat, a.code).toBe(result.startFloat[i]);
      expect(back.get(a.code)?.finishFloat, a.code).toBe(result.finishFloat[i]);
    }
  });
});
