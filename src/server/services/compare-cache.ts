// What the compare call keeps between calls (docs/versions.md, "Paging and the kept sides"): each
// version's side as read, and the last comparisons with the row indexes each filter keeps, so the
// compare view's next page, another filter or the export does not read and compare again. A side
// is kept under its version's stamps — content_stamp (every write of its rows or relations, a
// trigger), analytics_stamp (assignments and resources, a trigger), its timetable state and data
// date, and the space's calendars — so any change to what it was read from gives a new key and
// the old entry is never used again (it ages out). In memory, per server process; bounded.
import type { ComparedField, CompareSide, VersionComparison } from '../../domain/versions/compare';
import { keptIndexes } from '../../domain/versions/compare-page';
import type { CompareShow } from '../../domain/versions/compare-page';

/** Activities kept over all sides (both sides of a 100,000-row comparison and two more). */
const SIDE_ROWS = 400_000;
const COMPARISONS = 4;

/** A small LRU: the newest use last; `weight` bounds the sum kept. */
class Lru<V> {
  private readonly map = new Map<string, { value: V; weight: number }>();
  private total = 0;
  constructor(
    private readonly max: number,
    private readonly weigh: (v: V) => number,
  ) {}
  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }
  set(key: string, value: V): void {
    const old = this.map.get(key);
    if (old) {
      this.total -= old.weight;
      this.map.delete(key);
    }
    const weight = this.weigh(value);
    if (weight > this.max) return;
    this.map.set(key, { value, weight });
    this.total += weight;
    for (const [k, e] of this.map) {
      if (this.total <= this.max) break;
      this.map.delete(k);
      this.total -= e.weight;
    }
  }
  clear(): void {
    this.map.clear();
    this.total = 0;
  }
}

interface KeptComparison {
  readonly comparison: VersionComparison;
  /** Filter → the indexes of the rows it keeps. */
  readonly kept: Map<string, Int32Array>;
}

const sides = new Lru<CompareSide>(SIDE_ROWS, (s) => s.activities.length + 1);
const comparisons = new Lru<KeptComparison>(COMPARISONS, () => 1);

/** A side read under `key`, or read now (concurrent reads of one key share one read). */
const reading = new Map<string, Promise<CompareSide>>();
export async function keptSide(key: string, read: () => Promise<CompareSide>): Promise<CompareSide> {
  const have = sides.get(key);
  if (have) return have;
  const pending = reading.get(key);
  if (pending) return pending;
  const p = read()
    .then((side) => {
      sides.set(key, side);
      return side;
    })
    .finally(() => reading.delete(key));
  reading.set(key, p);
  return p;
}

/** The comparison of two sides' keys at a slip threshold, kept, or made now. */
export function keptComparison(key: string, make: () => VersionComparison): VersionComparison {
  const have = comparisons.get(key);
  if (have) return have.comparison;
  const comparison = make();
  comparisons.set(key, { comparison, kept: new Map() });
  return comparison;
}

/** The row indexes a filter keeps in a kept comparison (made once per filter). */
export function keptRows(
  key: string,
  c: VersionComparison,
  show: CompareShow,
  field: ComparedField | undefined,
): Int32Array {
  const entry = comparisons.get(key);
  const f = `${show}|${field ?? ''}`;
  const have = entry?.comparison === c ? entry.kept.get(f) : undefined;
  if (have) return have;
  const kept = keptIndexes(c, show, field);
  if (entry?.comparison === c) entry.kept.set(f, kept);
  return kept;
}

/** Forget what is kept: everything, or only the comparisons (the benchmark's cold and warm calls). */
export function clearCompareCache(what: 'all' | 'comparisons' = 'all'): void {
  if (what === 'all') sides.clear();
  comparisons.clear();
}
