// The 4D player's frame (what the 3D screen and the workbench pane draw at one moment) against a
// brute-force reading of its rule, and where the player starts (the data date within the span).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COLORS, playerFrame, playerStartTime } from '../../../src/domain/bim';
import type { BimStatus } from '../../../src/domain/bim';

const STATUS = fc.constantFrom<BimStatus>('not_started', 'in_progress', 'completed', 'late');

describe('playerFrame', () => {
  it('draws started linked elements in their status colours (or the base ones) and context when asked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), STATUS), { maxLength: 30 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 60 }),
        fc.option(fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.constantFrom('#111111', '#222222')))),
        fc.boolean(),
        (pairs, allList, baseList, context) => {
          const statuses = new Map(pairs);
          const base = baseList ? new Map(baseList) : null;
          const linked = new Set(statuses.keys());
          const all = [...new Set([...allList, ...linked])];
          const { colors, shown } = playerFrame({
            statuses,
            statusColors: DEFAULT_COLORS,
            base,
            all,
            linked,
            context,
          });
          for (const id of all) {
            const s = statuses.get(id);
            const expectShown = s !== undefined ? s !== 'not_started' : context;
            expect(shown.has(id)).toBe(expectShown);
            const expectColour = base ? base.get(id) : s !== undefined ? DEFAULT_COLORS[s] : undefined;
            expect(colors.get(id)).toBe(expectColour);
          }
        },
      ),
    );
  });

  it('hides linked walls before their row starts and shows them in progress on the start', () => {
    const frame = (s: BimStatus) =>
      playerFrame({
        statuses: new Map([[7, s]]),
        statusColors: DEFAULT_COLORS,
        base: null,
        all: [7, 8],
        linked: new Set([7]),
        context: false,
      });
    expect(frame('not_started').shown.has(7)).toBe(false);
    expect(frame('in_progress').shown.has(7)).toBe(true);
    expect(frame('in_progress').colors.get(7)).toBe(DEFAULT_COLORS.in_progress);
    expect(frame('in_progress').shown.has(8)).toBe(false);
  });
});

describe('playerStartTime', () => {
  it('starts at the data date inside the span, else at the start', () => {
    expect(playerStartTime({ start: 100, finish: 200, data_date: 150 })).toBe(150);
    expect(playerStartTime({ start: 100, finish: 200, data_date: 250 })).toBe(100);
    expect(playerStartTime({ start: 100, finish: 200, data_date: 50 })).toBe(100);
    expect(playerStartTime({ start: 100, finish: 200, data_date: null })).toBe(100);
    expect(playerStartTime({ start: null, finish: null, data_date: 150 })).toBeNull();
  });
});
