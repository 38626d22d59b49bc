// A seeded WBS: sums of sums of tasks, shaped like a construction schedule (a few hundred
// sections, tens of tasks each), with finish-start chains. Shared by tests and benchmarks/wbs.ts.
import { keyBetween } from '../../../src/domain/wbs/order-key';
import {
  newRow,
  type RowId,
  type WbsDoc,
  type WbsRelation,
  type WbsRow,
} from '../../../src/domain/wbs/types';
import { randomSource } from '../../../src/domain/levelling/random';

/** Mulberry32: a small deterministic PRNG (the domain's, shared). */
export const rng = randomSource;

export interface GenerateOptions {
  seed?: number;
  /** Children per sum at each level above the tasks, e.g. [10, 20] then tasks. */
  fanout?: number[];
  /** Relations per task (a chain inside each section plus random links forward). */
  relationsPerTask?: number;
  /**
   * A schedule of realistic length (what the benchmarks use): each section's tasks run in parallel
   * lanes of `length` chained tasks, sections fall into `phases` consecutive phases, and the extra
   * links go forward by one or two steps, to the same or the next section. The longest path then
   * has at most phases × length tasks (a few years), not one chain through every task (which ran
   * past 2050 at 100k rows), and links stay near their rows.
   */
  lanes?: { length: number; phases: number };
}

export function generateWbs(n: number, opts: GenerateOptions = {}): WbsDoc {
  const random = rng(opts.seed ?? 1);
  const fanout = opts.fanout ?? [10, 20];
  const rows = new Map<RowId, WbsRow>();
  const relations = new Map<string, WbsRelation>();
  let count = 0;
  let rel = 0;
  const tasks: RowId[] = [];
  const perSection = Math.max(1, Math.ceil(n / fanout.reduce((a, b) => a * b, 1)));
  const build = (parentId: RowId | null, level: number) => {
    let key: string | null = null;
    const width = level < fanout.length ? fanout[level]! : perSection;
    let prev: RowId | null = null;
    for (let i = 0; i < width && count < n; i++) {
      const id = `r${++count}`;
      key = keyBetween(key, null);
      const isSum = level < fanout.length;
      rows.set(
        id,
        newRow(id, isSum ? 'sum' : 'task', parentId, key, {
          name: `${isSum ? 'Section' : 'Task'} ${count}`,
          duration: isSum ? 0 : 60 * Math.floor(1 + random() * 80),
          volume: isSum ? null : Math.floor(random() * 1000),
        }),
      );
      if (isSum) build(id, level + 1);
      else {
        if (prev && !(opts.lanes && i % opts.lanes.length === 0)) {
          const rid = `l${++rel}`;
          relations.set(rid, { id: rid, predId: prev, succId: id, type: 'fs', lag: 0 });
        }
        tasks.push(id);
        prev = id;
      }
    }
  };
  build(null, 0);
  const extra = Math.round(tasks.length * Math.max(0, (opts.relationsPerTask ?? 1) - 1));
  if (opts.lanes) {
    linkLanes(tasks, rows, relations, opts.lanes, extra, random, rel);
    return { rows, relations };
  }
  for (let k = 0; k < extra; k++) {
    const a = Math.floor(random() * tasks.length);
    const b = a + 1 + Math.floor(random() * 50);
    if (b >= tasks.length) continue;
    const rid = `l${++rel}`;
    relations.set(rid, { id: rid, predId: tasks[a]!, succId: tasks[b]!, type: 'fs', lag: 0 });
  }
  return { rows, relations };
}

/** The lanes option's extra links: from a task to one a step or two later, same or next section. */
function linkLanes(
  tasks: readonly RowId[],
  rows: ReadonlyMap<RowId, WbsRow>,
  relations: Map<string, WbsRelation>,
  lanes: { length: number; phases: number },
  extra: number,
  random: () => number,
  rel: number,
): void {
  // Sections in order, each with its tasks by position in their lane.
  const sections: RowId[][][] = [];
  const where = new Map<RowId, [number, number]>();
  let section = -1;
  let parent: RowId | null | undefined;
  let index = 0;
  for (const id of tasks) {
    const p = rows.get(id)!.parentId;
    if (p !== parent) {
      sections.push([]);
      section++;
      parent = p;
      index = 0;
    }
    const pos = index++ % lanes.length;
    (sections[section]![pos] ??= []).push(id);
    where.set(id, [section, pos]);
  }
  const phaseOf = (s: number) => Math.floor((s * lanes.phases) / sections.length);
  const stageOf = (s: number, pos: number) => phaseOf(s) * lanes.length + pos;
  const seen = new Set([...relations.values()].map((r) => `${r.predId} ${r.succId}`));
  for (let k = 0; k < extra; k++) {
    const a = tasks[Math.floor(random() * tasks.length)]!;
    const [s, pos] = where.get(a)!;
    const t = s + (random() < 0.5 ? 0 : 1);
    if (t >= sections.length) continue;
    const stage = stageOf(s, pos) + 1 + Math.floor(random() * 2);
    const targets = sections[t]![stage - phaseOf(t) * lanes.length];
    if (!targets || targets.length === 0) continue;
    const b = targets[Math.floor(random() * targets.length)]!;
    if (seen.has(`${a} ${b}`)) continue;
    seen.add(`${a} ${b}`);
    const rid = `l${++rel}`;
    relations.set(rid, { id: rid, predId: a, succId: b, type: 'fs', lag: 0 });
  }
}
