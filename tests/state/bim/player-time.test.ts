// The 4D players' shared time: the Gantt shows the one that moved last, its timescale moves all
// of them, and closing one goes back to the other's time.
import { beforeEach, expect, test } from 'vitest';
import { usePlayerTime } from '../../../src/state/bim/player-time';

const store = () => usePlayerTime.getState();

beforeEach(() => {
  for (const [id] of store().players) store().clear(id);
});

test('no player open: no time and nothing to move', () => {
  expect(store().time).toBeNull();
  expect(store().seek).toBeNull();
});

test('the time shown is the last moved player’s; closing it goes back to the other’s', () => {
  store().publish('pane', 100, () => undefined);
  store().publish('tab', 500, () => undefined);
  expect(store().time).toBe(500);
  store().publish('pane', 120, () => undefined);
  expect(store().time).toBe(120);
  store().clear('pane');
  expect(store().time).toBe(500);
  store().clear('tab');
  expect(store().time).toBeNull();
  expect(store().seek).toBeNull();
});

test('a click on the timescale moves every open player', () => {
  const moved: string[] = [];
  store().publish('pane', 100, (t) => moved.push(`pane ${t}`));
  store().publish('tab', 500, (t) => moved.push(`tab ${t}`));
  store().seek?.(300);
  expect(moved.sort()).toEqual(['pane 300', 'tab 300']);
  store().clear('tab');
  moved.length = 0;
  store().seek?.(40);
  expect(moved).toEqual(['pane 40']);
});
