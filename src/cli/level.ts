// npm run level -- FILE.sm [--ms N] [--passes N] [--seed N]
// Levels one PSPLIB single-mode RCPSP instance within N milliseconds (default 1,000) and prints
// {"makespan", "cpm_lower_bound", "starts": {"<job>": start, …}, "feasible"}. "feasible" is the
// verdict of checkSchedule (every relation, every resource limit in every period), never assumed.
// A bad file prints one line naming the line of the file, and exits 1.

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parsePsplib, psplibProblem, PsplibError } from '../domain/levelling/psplib';
import { solve } from '../domain/levelling/solve';

const USAGE = 'usage: npm run level -- FILE.sm [--ms N] [--passes N] [--seed N]\n';

function numberFlag(argv: string[], name: string): number | undefined | null {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const v = Number(argv[i + 1]);
  return Number.isFinite(v) && v >= 0 ? v : null;
}

function main(argv: string[]): number {
  const flags = ['ms', 'passes', 'seed'];
  const values = flags.map((f) => numberFlag(argv, f));
  const file = argv.find((a, i) => !a.startsWith('--') && !flags.includes(argv[i - 1]?.slice(2)));
  if (!file || values.includes(null)) {
    process.stderr.write(USAGE);
    return 1;
  }
  const [ms, passes, seed] = values as (number | undefined)[];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    process.stderr.write(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? 'error'}\n`);
    return 1;
  }
  try {
    const inst = parsePsplib(text);
    const res = solve(psplibProblem(inst), { timeMs: ms ?? 1000, maxPasses: passes, seed });
    const starts: Record<string, number> = {};
    res.start.forEach((s, j) => (starts[String(j + 1)] = s));
    const out = {
      makespan: res.makespan,
      cpm_lower_bound: inst.cpmLowerBound,
      starts,
      feasible: res.feasible,
    };
    process.stdout.write(JSON.stringify(out) + '\n');
    return res.feasible ? 0 : 1;
  } catch (e) {
    const why = e instanceof PsplibError ? e.message : `unexpected error: ${(e as Error).message}`;
    process.stderr.write(`${basename(file)}: ${why}\n`);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
