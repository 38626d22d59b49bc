// The rows' wdp settings patches a row delete's undo brings back (['wdp_row', id]) as the
// workbench's wdp store applies them; timesheet lines and day patches are not settings.
import { describe, expect, it } from 'vitest';
import { applyWdpRowPatches, isKeptPatch, isWdpRowPatch } from '../../../src/domain/wdp';

const a = { item_id: 'a', unit: 'm3', mode: 'end', base: 'by_volume', rate: 2 } as const;
const b = { item_id: 'b', unit: 't', mode: 'evenly', base: 'by_date', rate: null } as const;

describe('wdp row settings patches', () => {
  it('adds, replaces and removes a row’s settings and leaves the others', () => {
    const rows = new Map([['b', b]]);
    const { item_id: _, ...value } = a;
    const added = applyWdpRowPatches(rows, [
      { op: 'add', path: ['wdp_row', 'a'], value },
      { op: 'add', path: ['wdp', 'a', 3], value: { plan: 1 } },
      { op: 'add', path: ['timesheet_day', 'a', 's', 3], value: { hours: 1, fact: 1 } },
    ]);
    expect([...added.values()]).toEqual([b, a]);
    expect(rows.size).toBe(1);
    const removed = applyWdpRowPatches(added, [{ op: 'remove', path: ['wdp_row', 'b'] }]);
    expect([...removed.values()]).toEqual([a]);
  });

  it('tells the kept paths from day values', () => {
    expect(isKeptPatch({ op: 'remove', path: ['timesheet_day', 'a', 's', 1] })).toBe(true);
    expect(isKeptPatch({ op: 'remove', path: ['wdp_row', 'a'] })).toBe(true);
    expect(isKeptPatch({ op: 'remove', path: ['wdp', 'a', 1] })).toBe(false);
    expect(isWdpRowPatch({ op: 'remove', path: ['timesheet_day', 'a', 's', 1] })).toBe(false);
  });
});
