// PSPLIB single-mode RCPSP files (.sm, Kolisch & Sprecher 1996) and the optimum tables beside
// them. A .sm file has sections separated by lines of asterisks: the header (jobs, renewable
// resources), PROJECT INFORMATION (its last column, MPM-Time, is the precedence-only critical
// path length), PRECEDENCE RELATIONS (job, modes, successor count, successors), REQUESTS/DURATIONS
// (job, mode, duration, one demand per renewable resource) and RESOURCEAVAILABILITIES. Every
// error names the 1-based line.

import { buildProblem, type Problem } from './problem';

export class PsplibError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(`line ${line}: ${message}`);
    this.line = line;
  }
}

export interface PsplibInstance {
  /** Jobs including the two dummies (job 1 and job n). */
  jobs: number;
  resources: number;
  /** By job index (job number − 1). */
  durations: number[];
  demands: number[][];
  successors: number[][];
  capacities: number[];
  /** The MPM-Time column: precedence-only critical path length. */
  cpmLowerBound: number;
}

interface Line {
  no: number;
  text: string;
}

function ints(l: Line, what: string): number[] {
  const parts = l.text.trim().split(/\s+/);
  const out = parts.map(Number);
  if (parts[0] === '' || out.some((x) => !Number.isInteger(x)))
    throw new PsplibError(l.no, `expected ${what}, found "${l.text.trim()}"`);
  return out;
}

function headerValue(lines: Line[], label: RegExp, what: string): number {
  const l = lines.find((x) => label.test(x.text));
  if (!l) throw new PsplibError(lines.length, `missing "${what}"`);
  const m = /:\s*(-?\d+)/.exec(l.text);
  if (!m) throw new PsplibError(l.no, `expected a number after "${what}"`);
  return Number(m[1]);
}

/** The lines after a section title up to the next line of asterisks (title and header skipped). */
function section(lines: Line[], title: string, skip: number): Line[] {
  const at = lines.findIndex((l) => l.text.trim().startsWith(title));
  if (at < 0) throw new PsplibError(lines.length, `missing section ${title}`);
  const out: Line[] = [];
  for (let k = at + 1 + skip; k < lines.length && !lines[k].text.startsWith('***'); k++)
    if (lines[k].text.trim() !== '' && !/^-+$/.test(lines[k].text.trim())) out.push(lines[k]);
  return out;
}

export function parsePsplib(text: string): PsplibInstance {
  const lines: Line[] = text.split(/\r?\n/).map((t, i) => ({ no: i + 1, text: t }));
  const jobs = headerValue(lines, /^jobs \(incl/, 'jobs (incl. supersource/sink)');
  const resources = headerValue(lines, /^\s*- renewable/, 'renewable');
  if (jobs < 2) throw new PsplibError(lines.find((l) => /^jobs/.test(l.text))!.no, 'fewer than 2 jobs');
  const info = section(lines, 'PROJECT INFORMATION', 1);
  if (info.length === 0) throw new PsplibError(lines.length, 'PROJECT INFORMATION has no row');
  const infoRow = ints(info[0], 'pronr. #jobs rel.date duedate tardcost MPM-Time');
  if (infoRow.length < 6) throw new PsplibError(info[0].no, 'expected 6 columns ending with MPM-Time');
  const cpmLowerBound = infoRow[5];
  const prec = section(lines, 'PRECEDENCE RELATIONS', 1);
  const req = section(lines, 'REQUESTS/DURATIONS', 1);
  const avail = section(lines, 'RESOURCEAVAILABILITIES', 1);
  const successors: number[][] = Array.from({ length: jobs }, () => []);
  const durations = new Array<number>(jobs).fill(-1);
  const demands: number[][] = Array.from({ length: jobs }, () => []);
  const seen = new Set<number>();
  for (const l of prec) {
    const row = ints(l, 'job, modes, successor count, successors');
    const [job, , count] = row;
    if (job < 1 || job > jobs) throw new PsplibError(l.no, `job ${job} is not in 1..${jobs}`);
    if (row.length !== 3 + count)
      throw new PsplibError(l.no, `job ${job} lists ${row.length - 3} successors, not ${count}`);
    for (const s of row.slice(3)) {
      if (s < 1 || s > jobs) throw new PsplibError(l.no, `successor ${s} of job ${job} is not in 1..${jobs}`);
      if (s === job) throw new PsplibError(l.no, `job ${job} succeeds itself`);
      successors[job - 1].push(s - 1);
    }
    seen.add(job);
  }
  if (seen.size !== jobs)
    throw new PsplibError(
      prec[prec.length - 1]?.no ?? lines.length,
      `PRECEDENCE RELATIONS lists ${seen.size} of ${jobs} jobs`,
    );
  for (const l of req) {
    const row = ints(l, 'job, mode, duration and one demand per resource');
    if (row.length !== 3 + resources)
      throw new PsplibError(l.no, `expected ${3 + resources} numbers, found ${row.length}`);
    const job = row[0];
    if (job < 1 || job > jobs) throw new PsplibError(l.no, `job ${job} is not in 1..${jobs}`);
    if (row[2] < 0 || row.slice(3).some((x) => x < 0))
      throw new PsplibError(l.no, `job ${job} has a negative duration or demand`);
    durations[job - 1] = row[2];
    demands[job - 1] = row.slice(3);
  }
  const missing = durations.findIndex((d) => d < 0);
  if (missing >= 0)
    throw new PsplibError(
      req[req.length - 1]?.no ?? lines.length,
      `REQUESTS/DURATIONS has no row for job ${missing + 1}`,
    );
  if (avail.length === 0) throw new PsplibError(lines.length, 'RESOURCEAVAILABILITIES has no row');
  const capacities = ints(avail[0], 'one availability per resource');
  if (capacities.length !== resources)
    throw new PsplibError(avail[0].no, `expected ${resources} availabilities, found ${capacities.length}`);
  for (let j = 0; j < jobs; j++)
    for (let r = 0; r < resources; r++)
      if (demands[j][r] > capacities[r]) {
        const l = req.find((x) => ints(x, '')[0] === j + 1)!;
        throw new PsplibError(
          l.no,
          `job ${j + 1} needs ${demands[j][r]} of R ${r + 1}, more than its ${capacities[r]}`,
        );
      }
  return { jobs, resources, durations, demands, successors, capacities, cpmLowerBound };
}

/** The instance as a levelling problem: activity j is job j + 1, time units are ticks. */
export function psplibProblem(inst: PsplibInstance): Problem {
  return buildProblem({
    durations: inst.durations,
    capacity: inst.capacities,
    uses: inst.demands.flatMap((row, j) => row.map((amount, r) => ({ activity: j, resource: r, amount }))),
    relations: inst.successors.flatMap((ss, j) => ss.map((s) => ({ pred: j, succ: s }))),
  });
}

/** One row of an optimum table: proven optimum (lower = upper), a range, or only an upper bound. */
export interface KnownBound {
  lower: number | null;
  upper: number;
}

/** Reads `problem,optimum` rows: "43", "104..105" or "..135". */
export function parseOptimumTable(text: string): Map<string, KnownBound> {
  const out = new Map<string, KnownBound>();
  text.split(/\r?\n/).forEach((line, i) => {
    const t = line.trim();
    if (t === '' || (i === 0 && /^problem\s*,/i.test(t))) return;
    const m = /^([^,]+),\s*(?:(\d+)|(\d*)\.\.(\d+))\s*$/.exec(t);
    if (!m) throw new PsplibError(i + 1, `expected "name,optimum", "name,a..b" or "name,..b", found "${t}"`);
    if (m[2] !== undefined) out.set(m[1], { lower: Number(m[2]), upper: Number(m[2]) });
    else out.set(m[1], { lower: m[3] === '' ? null : Number(m[3]), upper: Number(m[4]) });
  });
  return out;
}
