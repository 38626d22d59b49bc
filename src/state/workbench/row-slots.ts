// Small integers for the open version's row ids, so that relation ends and visible positions meet
// in typed arrays instead of 300k string lookups (the Gantt's link index, src/gantt/gantt-source.ts).
// A slot space belongs to one open version and only grows while it is open. A content read seeds
// a new one: row k of the columns is slot k, and its relations' ends are slots already (the
// columns give them as row positions), so the first link index of an open looks nothing up.

import type { WbsRelation } from '../../domain/wbs/types';

/** A relations shard's (or plain map's) relations: their ids, and their ends as slots. */
export interface SlotPart {
  readonly ids: readonly string[];
  readonly pred: Int32Array;
  readonly succ: Int32Array;
}

export class SlotSpace {
  private readonly slots = new Map<string, number>();
  private readonly parts = new WeakMap<object, SlotPart>();

  constructor(readonly key: string | null) {}

  /** How many slots are given (every slot is below this). */
  get size(): number {
    return this.slots.size;
  }

  /** The slot of a row id, given on first use. */
  of(id: string): number {
    let k = this.slots.get(id);
    if (k === undefined) this.slots.set(id, (k = this.slots.size));
    return k;
  }

  /**
   * The relations of a map (or relations shard) with their ends as slots, made once per `key`:
   * the map itself, or what stands for a shard (ShardedMap.shardKey), so that a seeded part is
   * found without the shard being built.
   */
  partOf(key: object, relations: () => ReadonlyMap<string, WbsRelation>): SlotPart {
    const hit = this.parts.get(key);
    if (hit) return hit;
    const map = relations();
    const ids: string[] = new Array(map.size);
    const pred = new Int32Array(map.size);
    const succ = new Int32Array(map.size);
    let j = 0;
    for (const r of map.values()) {
      ids[j] = r.id;
      pred[j] = this.of(r.predId);
      succ[j] = this.of(r.succId);
      j++;
    }
    const part = { ids, pred, succ };
    this.parts.set(key, part);
    return part;
  }

  /** Row k of a content read is slot k; `parts` are its relations shards' ends by those slots. */
  seed(rowIds: readonly string[], parts: Iterable<readonly [object, SlotPart]>): void {
    for (let k = 0; k < rowIds.length; k++) this.slots.set(rowIds[k]!, k);
    for (const [map, part] of parts) this.parts.set(map, part);
  }
}

let current = new SlotSpace(null);

/** The slot space of version `key`: the current one, or a new empty one once another is open. */
export function slotSpace(key: string | null): SlotSpace {
  if (current.key !== key) current = new SlotSpace(key);
  return current;
}

/** A new slot space for a content read of version `key` (see SlotSpace.seed). */
export function seedSlotSpace(
  key: string,
  rowIds: readonly string[],
  parts: Iterable<readonly [object, SlotPart]>,
): void {
  const space = new SlotSpace(key);
  space.seed(rowIds, parts);
  current = space;
}
