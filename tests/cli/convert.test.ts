// The conversion command line: every output format from a real XER, the extension rule, and
// one-line errors with exit code 1 (no stack traces).

import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseConvertArgs } from '../../src/cli/convert-args';
import { readAnySchedule } from '../../src/domain/io/read-any';
import { FIXTURES, HAVE_FIXTURES, scheduledDates, SKIP_REASON } from '../domain/io/writers/helpers';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'convert-'));

async function convert(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, ['--import', 'tsx', 'src/cli/convert.ts', ...args], { cwd: ROOT });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}

describe('convert arguments', () => {
  it('takes the format from --format or the extension (.xml = MSPDI)', () => {
    expect(parseConvertArgs(['a.xer', 'b.xml'])).toMatchObject({ format: 'mspdi', schedule: true });
    expect(parseConvertArgs(['a.xer', 'b.p6.xml'])).toMatchObject({ format: 'p6xml' });
    expect(parseConvertArgs(['a.xer', 'b.out', '--format', 'csv'])).toMatchObject({ format: 'csv' });
    expect(parseConvertArgs(['a.xer', 'b.out'])).toMatch(/cannot tell the format/);
    expect(parseConvertArgs(['a.xer', 'b.xml', '--format', 'doc'])).toMatch(/unknown format doc/);
    expect(parseConvertArgs(['a.xer'])).toMatch(/^usage/);
  });
});

describe.skipIf(!HAVE_FIXTURES)('npm run convert', () => {
  if (!HAVE_FIXTURES) console.warn(SKIP_REASON);
  const input = join(FIXTURES, 'xer/p6_54069_bl_20250902.xer');

  it(
    'writes every format; each schedules to the same dates and floats as the input',
    { timeout: 120_000 },
    async () => {
      const original = await readAnySchedule(new Uint8Array(readFileSync(input)), 'in.xer');
      const expected = scheduledDates(original);
      for (const [format, name] of [
        ['xer', 'out.xer'],
        ['p6xml', 'out.p6.xml'],
        ['xlsx', 'out.xlsx'],
        ['json', 'out.json'],
        ['pdf', 'out.pdf'],
      ] as const) {
        const out = join(dir, name);
        const r = await convert(input, out, '--format', format);
        expect(r, format).toMatchObject({ code: 0, stderr: '' });
        const bytes = new Uint8Array(readFileSync(out));
        if (format === 'pdf') {
          expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
          continue;
        }
        const back = await readAnySchedule(bytes, name);
        expect(scheduledDates(back), format).toEqual(expected);
      }
    },
  );

  it('writes MSPDI for .xml and CSV for .csv', { timeout: 60_000 }, async () => {
    expect((await convert(input, join(dir, 'x.xml'))).code).toBe(0);
    expect(readFileSync(join(dir, 'x.xml'), 'utf8')).toContain(
      'xmlns="http://schemas.microsoft.com/project"',
    );
    expect((await convert(input, join(dir, 'x.csv'))).code).toBe(0);
    expect(readFileSync(join(dir, 'x.csv'), 'utf8')).toMatch(/^\uFEFFID,Code,Name,/);
  });
});

describe('convert errors', () => {
  it('names the table and line of a bad value, exits 1, prints no stack', { timeout: 60_000 }, async () => {
    const bad = join(dir, 'bad.xer');
    writeFileSync(
      bad,
      'ERMHDR\t19.12\r\n%T\tPROJECT\r\n%F\tproj_id\texport_flag\tlast_recalc_date\r\n%R\t1\tY\tnot a date\r\n%T\tTASK\r\n%F\ttask_id\tproj_id\r\n%E\r\n',
    );
    const r = await convert(bad, join(dir, 'o.xer'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/PROJECT/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
  it('says so for an unknown format, a missing file and a cycle', { timeout: 60_000 }, async () => {
    const junk = join(dir, 'junk.bin');
    writeFileSync(junk, 'hello, this is not a schedule');
    expect(await convert(junk, join(dir, 'o.json'))).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/Unknown schedule format/),
    });
    expect(await convert(join(dir, 'none.xer'), join(dir, 'o.json'))).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/cannot read .*ENOENT/),
    });
    const cyc = join(dir, 'cycle.csv');
    writeFileSync(cyc, 'Code,Name,Duration (h),Predecessors\nA,One,8,B\nB,Two,8,A\n');
    const r = await convert(cyc, join(dir, 'o.xer'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cycle\.csv: .*\bA\b.*\bB\b|cycle\.csv: .*\bB\b.*\bA\b/);
  });
});
