// CPM engine benchmark (issue 3). Prints one JSON object. Every measured run checks itself:
// early starts equal an independent object-based reference pass, the project finish equals the
// latest early finish, incremental recompute equals a full recompute, and the floor's finish
// equals a second floor computed in index order. A failed check throws (exit code 1).
// Budgets: full ≤ 100 ms and incremental ≤ 10 ms at 100k; 1M under 1.5 s and 1 GB.
// *_ms are median wall-clock times, *_best_ms the fastest run; *_cpu_ms the CPU time of the same runs, which is what the
// engine costs when other processes share the cores (load_average_1m says how busy it was).

import { loadavg } from 'node:os';
import { buildCalendarIndex } from '../src/domain/calendar/calendar-index';
import { PreparedSchedule } from '../src/domain/schedule/prepared';
import type { ScheduleResult } from '../src/domain/schedule/result';
import { generateNetwork, rng } from '../tests/fixtures/network-generator';
import { floorFinishByIndexOrder, floorPass, referenceEarlyStarts } from './cpm-reference';

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`cpm benchmark self-check failed: ${what}`);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[s.length >> 1] * 100) / 100;
}

function sameArrays(a: ScheduleResult, b: ScheduleResult): boolean {
  for (const f of ['es', 'ef', 'ls', 'lf', 'tf', 'ff'] as const) {
    const x = a[f];
    const y = b[f];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  }
  return true;
}

/** Wall-clock and CPU milliseconds of fn (CPU time shows the cost when the machine is shared). */
let lastCpuMs = 0;
function time<T>(fn: () => T): [T, number] {
  const c = process.cpuUsage();
  const t = performance.now();
  const r = fn();
  const wall = performance.now() - t;
  const u = process.cpuUsage(c);
  lastCpuMs = (u.user + u.system) / 1000;
  return [r, wall];
}

function full(n: number, runs: number, verify: boolean) {
  const model = generateNetwork({ activities: n, seed: 42 });
  const [prepared, buildMs] = time(() => new PreparedSchedule(model));
  const times: number[] = [];
  const cpu: number[] = [];
  let res!: ScheduleResult;
  for (let k = 0; k < runs; k++) {
    const [r, ms] = time(() => prepared.computeFull());
    res = r;
    times.push(ms);
    cpu.push(lastCpuMs);
  }
  let latest = 0;
  for (let i = 0; i < n; i++) latest = Math.max(latest, res.ef[i]);
  check(res.projectFinish === latest, `project finish is the latest early finish (${n})`);
  if (verify) {
    const cals = new Map(model.calendars.map((c) => [c.id, buildCalendarIndex(c)]));
    const ref = referenceEarlyStarts(model, cals);
    for (let i = 0; i < n; i++)
      check(ref[i] === res.es[i], `early start of ${model.activities[i].id} equals the reference`);
  }
  return {
    model,
    prepared,
    res,
    ms: median(times),
    bestMs: Math.round(Math.min(...times) * 100) / 100,
    cpuMs: median(cpu),
    buildMs,
  };
}

const out: Record<string, number | string> = {};

const s10 = full(10_000, 5, true);
out.full_10k_ms = s10.ms;
out.full_10k_cpu_ms = s10.cpuMs;

const s100 = full(100_000, 7, true);
out.full_100k_ms = s100.ms;
out.full_100k_cpu_ms = s100.cpuMs;
out.full_100k_best_ms = s100.bestMs;
out.build_100k_ms = Math.round(s100.buildMs * 100) / 100;

// Floor: the same CSR network, no calendars.
const net = s100.prepared.net;
const floors: number[] = [];
let floor = floorPass(
  net.n,
  net.dur,
  net.order,
  net.inStart,
  net.inRel,
  net.outStart,
  net.outRel,
  net.rPred,
  net.rSucc,
  net.rLag,
);
for (let k = 0; k < 5; k++) {
  floor = floorPass(
    net.n,
    net.dur,
    net.order,
    net.inStart,
    net.inRel,
    net.outStart,
    net.outRel,
    net.rPred,
    net.rSucc,
    net.rLag,
  );
  floors.push(floor.ms);
}
check(
  floor.finish === floorFinishByIndexOrder(net.n, net.dur, net.inStart, net.inRel, net.rPred, net.rLag),
  'floor finish equals the index-order reference',
);
out.floor_100k_ms = median(floors);
out.ratio_full_to_floor = Math.round((s100.ms / Math.max(out.floor_100k_ms, 0.01)) * 10) / 10;

// Incremental: one duration edit on a random activity, then recompute; checked against full.
const rand = rng(7);
const inc: number[] = [];
const incCpu: number[] = [];
for (let k = 0; k < 21; k++) {
  const a = s100.model.activities[Math.floor(rand() * s100.model.activities.length)];
  const dur = Math.floor(rand() * 10 + 1) * 480;
  s100.prepared.setDuration(a.id, dur);
  a.duration = a.remaining = dur;
  const [res, ms] = time(() => s100.prepared.recompute());
  inc.push(ms);
  incCpu.push(lastCpuMs);
  if (k % 10 === 0)
    check(sameArrays(res, new PreparedSchedule(s100.model).computeFull()), 'incremental equals full');
}
out.incremental_100k_ms = median(inc);
out.incremental_100k_cpu_ms = median(incCpu);

// 1M: one full pass; memory as heap growth and resident set after building and scheduling.
const heap0 = process.memoryUsage().heapUsed;
const s1m = full(1_000_000, 3, false);
const mem = process.memoryUsage();
out.full_1m_ms = s1m.ms;
out.full_1m_cpu_ms = s1m.cpuMs;
out.full_1m_best_ms = s1m.bestMs;
out.build_1m_ms = Math.round(s1m.buildMs);
out.memory_1m_heap_mb = Math.round((mem.heapUsed - heap0) / 1e6);
out.memory_1m_rss_mb = Math.round(mem.rss / 1e6);
out.memory_1m_note = 'heap growth includes the 1M-activity input model objects';
check(s1m.res.errors.length === 0, '1M network has no errors');
out.load_average_1m = Math.round(loadavg()[0] * 10) / 10;

process.stdout.write(JSON.stringify(out) + '\n');
