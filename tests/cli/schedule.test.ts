// The schedule command end to end: --json shape, --compare last line, and a bad file (exit 1,
// one clear line naming table and line, no stack trace).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = resolve(__dirname, '../..');
const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/schedule.ts', ...args], {
    cwd: repo,
    encoding: 'utf8',
  });
const fixture = resolve(repo, '../shared/fixtures/xer/p6_xernative_sample_takt.xer');

function tmpFile(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'schedule-cli-'));
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

const small = [
  'ERMHDR\t19.12',
  '%T\tPROJECT',
  '%F\tproj_id\tproj_short_name\texport_flag\tlast_recalc_date\tplan_start_date',
  '%R\t1\tP\tY\t2024-01-01 08:00\t2024-01-01 08:00',
  '%T\tTASK',
  '%F\ttask_id\tproj_id\ttask_code\ttask_name\ttask_type\tstatus_code\ttarget_drtn_hr_cnt\tremain_drtn_hr_cnt\tearly_start_date\tearly_end_date\tlate_start_date\tlate_end_date\ttotal_float_hr_cnt\tfree_float_hr_cnt',
  '%R\t1\t1\tA\tFirst\tTT_Task\tTK_NotStart\t16\t16\t2024-01-01 08:00\t2024-01-02 17:00\t2024-01-01 08:00\t2024-01-02 17:00\t0\t0',
  '%R\t2\t1\tB\tSecond\tTT_Task\tTK_NotStart\t8\t8\t2024-01-03 08:00\t2024-01-03 17:00\t2024-01-03 08:00\t2024-01-03 17:00\t0\t0',
  '%T\tTASKPRED',
  '%F\ttask_pred_id\ttask_id\tpred_task_id\tpred_type\tlag_hr_cnt',
  '%R\t1\t2\t1\tPR_FS\t0',
  '%E',
].join('\n');

describe('npm run schedule', { timeout: 30_000 }, () => {
  it('prints one JSON object with the activities in local time and floats in hours', () => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/schedule.ts', tmpFile('s.xer', small), '--json'],
      {
        cwd: repo,
        encoding: 'utf8',
      },
    );
    const json = JSON.parse(out);
    expect(json.errors).toEqual([]);
    expect(json.activities).toEqual([
      {
        id: 'A',
        name: 'First',
        es: '2024-01-01T08:00',
        ef: '2024-01-02T17:00',
        ls: '2024-01-01T08:00',
        lf: '2024-01-02T17:00',
        tf_hours: 0,
        ff_hours: 0,
        critical: true,
      },
      {
        id: 'B',
        name: 'Second',
        es: '2024-01-03T08:00',
        ef: '2024-01-03T17:00',
        ls: '2024-01-03T08:00',
        lf: '2024-01-03T17:00',
        tf_hours: 0,
        ff_hours: 0,
        critical: true,
      },
    ]);
  });

  it('--compare ends with the match line', () => {
    const r = cli(tmpFile('s.xer', small), '--compare');
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n').pop()).toBe('match: ES 100% EF 100% LS 100% LF 100% TF 100% FF 100%');
  });

  it.skipIf(!existsSync(fixture))('--compare on a real P6 file (skipped without ../shared/fixtures)', () => {
    const r = cli(fixture, '--compare');
    expect(r.stdout).toMatch(/^match: ES [\d.]+% EF [\d.]+% LS [\d.]+% LF [\d.]+% TF [\d.]+% FF [\d.]+%$/m);
  });

  it('a bad file: exit 1, one line naming table and line, no stack trace', () => {
    const r = cli(tmpFile('bad.xer', small.replace('\t16\t16\t', '\tsixteen\t16\t')));
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe('bad.xer: TASK line 7: target_drtn_hr_cnt is not a number: "sixteen"');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a cyclic network: the cycle is named in errors, exit 1', () => {
    const r = cli(tmpFile('c.xer', small.replace('%E', '%R\t2\t1\t2\tPR_FS\t0\n%E')), '--json');
    expect(r.status).toBe(1);
    const json = JSON.parse(r.stdout);
    expect(json.errors[0]).toMatchObject({
      code: 'schedule.cycle',
      activities: expect.arrayContaining(['A', 'B']),
    });
    expect(json.errors[0].message).toMatch(/^The relations form a cycle: [AB] → [AB] → [AB]$/);
  });

  it('an unknown format and a missing file are clear errors too', () => {
    expect(cli(tmpFile('x.dat', 'hello')).stderr).toMatch(/Unknown schedule format/);
    // A .txt is read as a tab- or comma-separated table (what Excel saves): the error names the header.
    const text = cli(tmpFile('x.txt', 'hello'));
    expect(text.status).toBe(1);
    expect(text.stderr).toMatch(/^x\.txt: csv: the header row has no ID, Code or Name column/);
    const missing = cli('/nonexistent/file.xer');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/cannot read/);
  });
});
