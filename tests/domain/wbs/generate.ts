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

/** Mulberry32: a small deterministic PRNG. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GenerateOptions {
  seed?: number;
  /** Children per sum at each level above the tasks, e.g. [10, 20] then tasks. */
  fanout?: number[];
  /** Relations per task (a chain inside each section plus random links forward). */
  relationsPerTask?: number;
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
        if (prev) {
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
  for (let k = 0; k < extra; k++) {
    const a = Math.floor(random() * tasks.length);
    const b = a + 1 + Math.floor(random() * 50);
    if (b >= tasks.length) continue;
    const rid = `l${++rel}`;
    relations.set(rid, { id: rid, predId: tasks[a]!, succId: tasks[b]!, type: 'fs', lag: 0 });
  }
  return { rows, relations };
}
