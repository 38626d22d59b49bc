// The PSPLIB reader: the sample's numbers, errors that name the line, the optimum table's three
// forms, and (where ../shared/fixtures is present) every j30 and j120 file reads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseOptimumTable,
  parsePsplib,
  psplibProblem,
  PsplibError,
} from '../../../src/domain/levelling/psplib';
import { SAMPLE_SM, sampleWithLine } from '../../fixtures/psplib-sample';

const dir = resolve(__dirname, '../../../../shared/fixtures/psplib');
const have = existsSync(dir);

function errorOf(text: string): PsplibError {
  try {
    parsePsplib(text);
  } catch (e) {
    if (e instanceof PsplibError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('parsePsplib', () => {
  it('reads jobs, durations, demands, successors, capacities and the MPM-Time', () => {
    const inst = parsePsplib(SAMPLE_SM);
    expect(inst.jobs).toBe(6);
    expect(inst.resources).toBe(2);
    expect(inst.durations).toEqual([0, 2, 3, 4, 2, 0]);
    expect(inst.demands[2]).toEqual([2, 0]);
    expect(inst.successors[0]).toEqual([1, 2]);
    expect(inst.capacities).toEqual([3, 1]);
    expect(inst.cpmLowerBound).toBe(6);
    const p = psplibProblem(inst);
    expect(p.n).toBe(6);
    expect(p.m).toBe(6);
    expect(p.simple).toBe(true);
  });

  it('names the line of a successor out of range, a short row and a demand above the limit', () => {
    expect(errorOf(sampleWithLine(20, '   2        1          1           9')).line).toBe(20);
    expect(errorOf(sampleWithLine(20, '   2        1          1           9')).message).toMatch(
      /line 20: successor 9/,
    );
    expect(errorOf(sampleWithLine(30, '  2      1     2       2')).message).toMatch(
      /line 30: expected 5 numbers/,
    );
    expect(errorOf(sampleWithLine(31, '  3      1     3       4    0')).message).toMatch(
      /line 31: job 3 needs 4 of R 1/,
    );
    expect(errorOf(sampleWithLine(30, '  2      1     x       2    0')).line).toBe(30);
    expect(errorOf(sampleWithLine(38, '    3')).message).toMatch(/line 38: expected 2 availabilities/);
  });

  it('refuses a file that is not PSPLIB', () => {
    expect(errorOf('hello\nworld\n').message).toMatch(/missing "jobs/);
  });
});

describe('parseOptimumTable', () => {
  it('reads a proven optimum, a range and an upper bound only', () => {
    const t = parseOptimumTable('problem,optimum\nj301_1.sm,43\nj1201_1.sm,104..105\nj1206_1.sm,..135\n');
    expect(t.get('j301_1.sm')).toEqual({ lower: 43, upper: 43 });
    expect(t.get('j1201_1.sm')).toEqual({ lower: 104, upper: 105 });
    expect(t.get('j1206_1.sm')).toEqual({ lower: null, upper: 135 });
  });

  it('names the line of a bad row', () => {
    expect(() => parseOptimumTable('problem,optimum\nx.sm,4..\n')).toThrow(/line 2/);
  });
});

describe.skipIf(!have)('the PSPLIB fixtures', { timeout: 60_000 }, () => {
  it.each(['j30', 'j120'])('reads every %s file and its optimum table', (set) => {
    const table = parseOptimumTable(readFileSync(join(dir, `${set}_optimum.csv`), 'utf8'));
    const files = readdirSync(join(dir, set)).filter((f) => f.endsWith('.sm'));
    expect(files.length).toBe(set === 'j30' ? 480 : 600);
    for (const f of files) {
      const inst = parsePsplib(readFileSync(join(dir, set, f), 'utf8'));
      expect(inst.jobs).toBe(set === 'j30' ? 32 : 122);
      expect(table.has(f)).toBe(true);
    }
  });
});
if (!have) console.warn(`PSPLIB fixtures not found at ${dir}: skipping the fixture tests`);
