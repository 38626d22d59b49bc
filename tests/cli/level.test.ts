// The level command end to end: the JSON it prints for the sample instance (its optimum, every
// job, checked feasible), a fixture instance where ../shared/fixtures is present, and bad input
// (exit 1, one line naming the line of the file).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSchedule } from '../../src/domain/levelling/verify';
import { parsePsplib, psplibProblem } from '../../src/domain/levelling/psplib';
import { SAMPLE_SM, sampleWithLine } from '../fixtures/psplib-sample';

const repo = resolve(__dirname, '../..');
const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/level.ts', ...args], {
    cwd: repo,
    encoding: 'utf8',
  });
const fixture = resolve(repo, '../shared/fixtures/psplib/j30/j301_1.sm');

function tmpFile(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'level-cli-')), name);
  writeFileSync(file, text);
  return file;
}

describe('npm run level', { timeout: 30_000 }, () => {
  it('prints the makespan, the critical-path bound, every start and a checked verdict', () => {
    const run = cli(tmpFile('sample.sm', SAMPLE_SM), '--ms', '200');
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out).toEqual({
      makespan: 8,
      cpm_lower_bound: 6,
      starts: { '1': 0, '2': 0, '3': 2, '4': 2, '5': 6, '6': 8 },
      feasible: true,
    });
    const p = psplibProblem(parsePsplib(SAMPLE_SM));
    expect(checkSchedule(p, Object.values(out.starts) as number[]).feasible).toBe(true);
  });

  it.skipIf(!existsSync(fixture))('levels j301_1 to its optimum (43)', () => {
    const out = JSON.parse(cli(fixture, '--ms', '2000', '--passes', '20000').stdout);
    expect(out.makespan).toBe(43);
    expect(out.cpm_lower_bound).toBe(38);
    expect(Object.keys(out.starts)).toHaveLength(32);
    expect(out.feasible).toBe(true);
  });

  it('names the line of a bad file and exits 1', () => {
    const run = cli(tmpFile('bad.sm', sampleWithLine(20, '   2        1          1           9')));
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe('bad.sm: line 20: successor 9 of job 2 is not in 1..6');
  });

  it('explains its usage and a missing file', () => {
    expect(cli().stderr).toMatch(/^usage: npm run level -- FILE.sm/);
    expect(cli('x.sm', '--ms', 'soon').stderr).toMatch(/^usage/);
    const missing = cli('/nonexistent/x.sm');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/cannot read \/nonexistent\/x.sm: ENOENT/);
  });
});
