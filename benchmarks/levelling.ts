// Levelling benchmark (issue 17). Prints one JSON object:
//   j30_mean_dev_from_opt_pct      mean (makespan − optimum) / optimum over j30 (all 480 optima are proven)
//   j120_mean_dev_from_cpm_lb_pct  mean (makespan − MPM-Time) / MPM-Time over j120 (the field's usual figure)
//   j120_mean_dev_from_best_ub_pct the same against the table's best known upper bound (b of "a..b" / "..b")
//   ms_per_instance_j120           mean wall-clock per j120 instance; cpu_ms_per_instance_j120 its CPU time
//   level_10k_ms                   a generated 10,000-activity, 50-resource schedule through levelSchedule
//   feasible / infeasible          schedules that pass / fail the checks (an infeasible one throws below)
// Every schedule is checked twice: by checkSchedule and by an independent check on the file's own
// numbers (finish-to-start precedence, every resource in every period). A failed check exits 1.
// Instances run in --jobs child processes (default 2, the cores of the machine): each measures its
// own CPU time per instance (process.cpuUsage is per process), so the CPU figures stay honest.
// Options: --set j30|j120|all|none  --limit N (instances per set)  --ms N (time budget per instance)
//          --passes N (schedule-generation passes per instance)  --stride K (every K-th instance)
//          --seed N  --jobs N  --clock cpu|wall  --skip-10k

import { fork } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  parseOptimumTable,
  parsePsplib,
  psplibProblem,
  type PsplibInstance,
} from '../src/domain/levelling/psplib';
import { solve } from '../src/domain/levelling/solve';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const set = arg('set') ?? 'all';
const limit = Number(arg('limit') ?? Infinity);
const stride = Number(arg('stride') ?? 1);
const timeMs = Number(arg('ms') ?? 1000);
const maxPasses = Number(arg('passes') ?? 25_000);
const seed = Number(arg('seed') ?? 1);
const jobs = Math.max(1, Number(arg('jobs') ?? 2));
// The budget is counted in this process's CPU time by default (--clock wall: wall-clock), so that
// other work on the machine does not change the result: the pass budget then decides, repeatably.
const clockKind = arg('clock') ?? 'cpu';
const cpuClock = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const clock = clockKind === 'wall' ? () => performance.now() : cpuClock;

const repo = resolve(fileURLToPath(import.meta.url), '../..');
const candidates = [resolve(repo, '../shared/fixtures/psplib'), '/work/shared/fixtures/psplib'];
const dir = candidates.find((d) => existsSync(d));

/** The file's own rules, computed from its numbers without the problem arrays. */
function independentCheck(inst: PsplibInstance, start: ArrayLike<number>): string | null {
  for (let j = 0; j < inst.jobs; j++) {
    if (start[j] < 0) return `job ${j + 1} starts before 0`;
    for (const s of inst.successors[j])
      if (start[s] < start[j] + inst.durations[j]) return `job ${s + 1} starts before job ${j + 1} finishes`;
  }
  let end = 0;
  for (let j = 0; j < inst.jobs; j++) end = Math.max(end, start[j] + inst.durations[j]);
  for (let r = 0; r < inst.resources; r++) {
    const used = new Int32Array(end + 1);
    for (let j = 0; j < inst.jobs; j++)
      for (let t = start[j]; t < start[j] + inst.durations[j]; t++) used[t] += inst.demands[j][r];
    for (let t = 0; t < end; t++)
      if (used[t] > inst.capacities[r]) return `R ${r + 1} over its limit at ${t}`;
  }
  return null;
}

interface InstanceResult {
  file: string;
  makespan: number;
  cpm: number;
  /** The optimum (j30) or the lower end of the table's range, and its upper bound. */
  lower: number | null;
  upper: number;
  wallMs: number;
  cpuMs: number;
  passes: number;
  error: string | null;
}

/** Solves one instance and checks the schedule twice. */
function runInstance(set: string, file: string, lower: number | null, upper: number): InstanceResult {
  const inst = parsePsplib(readFileSync(join(dir!, set, file), 'utf8'));
  const cpu = process.cpuUsage();
  const t = performance.now();
  const res = solve(psplibProblem(inst), { timeMs, maxPasses, seed, clock });
  const wallMs = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const problem = independentCheck(inst, res.start);
  const error = !res.feasible ? JSON.stringify(res.check).slice(0, 200) : problem;
  const base = {
    file,
    makespan: res.makespan,
    cpm: inst.cpmLowerBound,
    lower,
    upper,
    wallMs,
    passes: res.passes,
  };
  return { ...base, cpuMs: (used.user + used.system) / 1000, error };
}

type Task = [set: string, file: string, lower: number | null, upper: number];

/** Runs the tasks in `jobs` child processes (this file with --child), in order of the list. */
function runParallel(tasks: Task[]): Promise<InstanceResult[]> {
  const self = fileURLToPath(import.meta.url);
  const out: InstanceResult[] = [];
  const slices = Array.from({ length: Math.min(jobs, tasks.length) }, (_, k) =>
    tasks.filter((_, i) => i % jobs === k),
  );
  return Promise.all(
    slices.map(
      (slice) =>
        new Promise<void>((done, fail) => {
          const child = fork(self, ['--child', ...process.argv.slice(2)], { execArgv: ['--import', 'tsx'] });
          child.on('message', (m: InstanceResult[]) => out.push(...m));
          child.on('exit', (code) =>
            code === 0 ? done() : fail(new Error(`a benchmark child exited with ${code}`)),
          );
          child.send(slice);
        }),
    ),
  ).then(() => out);
}

if (process.argv.includes('--child')) {
  process.once('message', (tasks: Task[]) => {
    const results = tasks.map(([set, file, lower, upper]) => runInstance(set, file, lower, upper));
    process.send!(results, () => process.exit(0));
  });
}

interface SetResult {
  instances: number;
  devFromRef: number;
  devFromCpm: number;
  devFromUpper: number;
  atRef: number;
  wallMs: number;
  cpuMs: number;
  passes: number;
  feasible: number;
  infeasible: number;
}

async function runSet(name: 'j30' | 'j120'): Promise<SetResult | null> {
  if (!dir || !existsSync(join(dir, name))) return null;
  const table = parseOptimumTable(readFileSync(join(dir, `${name}_optimum.csv`), 'utf8'));
  const files = readdirSync(join(dir, name))
    .filter((f) => f.endsWith('.sm'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .filter((_, i) => i % stride === 0)
    .slice(0, limit);
  const tasks: Task[] = files.map((f) => {
    const bound = table.get(f);
    if (!bound) throw new Error(`${f} is not in ${name}_optimum.csv`);
    return [name, f, bound.lower, bound.upper];
  });
  const results = await runParallel(tasks);
  const acc: SetResult = {
    instances: 0,
    devFromRef: 0,
    devFromCpm: 0,
    devFromUpper: 0,
    atRef: 0,
    wallMs: 0,
    cpuMs: 0,
    passes: 0,
    feasible: 0,
    infeasible: 0,
  };
  for (const r of results) {
    if (r.error) {
      acc.infeasible++;
      throw new Error(`${r.file}: infeasible schedule reported (${r.error})`);
    }
    acc.feasible++;
    // j30: the optimum (every row is proven). j120: the lower end of the range where there is one.
    const ref = r.lower ?? r.cpm;
    acc.devFromRef += (r.makespan - ref) / ref;
    acc.devFromCpm += (r.makespan - r.cpm) / r.cpm;
    acc.devFromUpper += (r.makespan - r.upper) / r.upper;
    if (r.makespan <= r.upper) acc.atRef++;
    acc.passes += r.passes;
    acc.wallMs += r.wallMs;
    acc.cpuMs += r.cpuMs;
    acc.instances++;
  }
  return acc;
}

async function main(): Promise<void> {
  const pct = (x: number, n: number) => Math.round((x / n) * 100 * 1000) / 1000;
  const out: Record<string, number | string> = { load_average_1m: Math.round(loadavg()[0] * 100) / 100 };
  if (!dir)
    out.skipped = `PSPLIB instances not found (looked in ${candidates.join(', ')}): j30 and j120 skipped`;
  out.budget = `${timeMs} ms of ${clockKind === 'wall' ? 'wall-clock' : 'CPU'} time or ${maxPasses} schedule passes per instance, whichever comes first; seed ${seed}; ${jobs} processes`;
  /** Runs a set and writes its common figures; returns the totals for the set's own ones. */
  const measureSet = async (name: 'j30' | 'j120'): Promise<SetResult | null> => {
    if (set !== 'all' && set !== name) return null;
    const r = await runSet(name);
    if (!r) {
      if (dir) out[`${name}_skipped`] = `no ${name} folder in ${dir}`;
      return null;
    }
    out[`${name}_instances`] = r.instances;
    out[`ms_per_instance_${name}`] = Math.round(r.wallMs / r.instances);
    out[`cpu_ms_per_instance_${name}`] = Math.round(r.cpuMs / r.instances);
    out[`passes_per_instance_${name}`] = Math.round(r.passes / r.instances);
    out.feasible = (Number(out.feasible) || 0) + r.feasible;
    out.infeasible = (Number(out.infeasible) || 0) + r.infeasible;
    return r;
  };
  const j30 = await measureSet('j30');
  if (j30) {
    out.j30_mean_dev_from_opt_pct = pct(j30.devFromRef, j30.instances);
    out.j30_optimal_found = j30.atRef;
  }
  const j120 = await measureSet('j120');
  if (j120) {
    out.j120_mean_dev_from_cpm_lb_pct = pct(j120.devFromCpm, j120.instances);
    out.j120_mean_dev_from_best_ub_pct = pct(j120.devFromUpper, j120.instances);
    out.j120_at_or_below_best_ub = j120.atRef;
  }
  if (!process.argv.includes('--skip-10k'))
    Object.assign(out, (await import('./levelling-10k')).levelTenThousand());
  process.stdout.write(JSON.stringify(out) + '\n');
}

if (!process.argv.includes('--child')) await main();
