// The cyclogram painter's caching (issue 19's pan budget): a pan inside the cached tile draws no
// work again, a pan past it draws only the strip that came into view, and new data or a new zoom
// draws the tile anew. Off-screen pictures are recording fakes (Node has no canvas).
import { describe, expect, it } from 'vitest';
import type { CyclogramFrame } from '../../src/gantt/cyclogram-frame';
import { LABEL_W } from '../../src/gantt/cyclogram-frame';
import { CyclogramPainter } from '../../src/gantt/cyclogram-painter';

interface Call {
  name: string;
  args: unknown[];
}

/** A 2D context recording its calls (measureText answers a fixed width). */
function recorder(calls: Call[]): CanvasRenderingContext2D {
  return new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, k) =>
      k in target
        ? target[k]
        : k === 'measureText'
          ? () => ({ width: 40 })
          : (...args: unknown[]) => void calls.push({ name: String(k), args }),
    set: (target, k, v) => {
      target[k] = v;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

interface FakeSurface {
  width: number;
  height: number;
  calls: Call[];
  getContext: () => CanvasRenderingContext2D;
}

function setup() {
  const surfaces: FakeSurface[] = [];
  const painter = new CyclogramPainter((width, height) => {
    const calls: Call[] = [];
    const ctx = recorder(calls);
    const s: FakeSurface = { width, height, calls, getContext: () => ctx };
    surfaces.push(s);
    return s as unknown as OffscreenCanvas;
  });
  const screenCalls: Call[] = [];
  return { painter, surfaces, screen: recorder(screenCalls), screenCalls };
}

const DAY = 1440;
const lines = [
  {
    kind: 'Formwork',
    color: '#2563eb',
    start: 0,
    finish: 30 * DAY,
    rate: 1,
    segments: [0, 1, 2].map((loc) => ({
      id: `a${loc}`,
      code: `A${loc}`,
      name: 'Formwork',
      loc,
      start: loc * 10 * DAY,
      finish: (loc * 10 + 8) * DAY,
      percent: 0,
    })),
  },
];
const locations = ['Level 1', 'Level 2', 'Level 3'];
const clashes: CyclogramFrame['clashes'] = [];
const frame = (scrollLeft: number, extra: Partial<CyclogramFrame> = {}): CyclogramFrame => ({
  width: LABEL_W + 400,
  height: 300,
  ts: { unit: 'day', zoom: 1, origin: 0, scrollLeft },
  locations,
  lines,
  target: null,
  clashes,
  dataDate: null,
  hoverId: null,
  focusId: null,
  locale: 'en-US',
  quarter: (q) => `Q${q}`,
  ...extra,
});
/** The body tile's drawing calls (the tile and its spare: the first two surfaces made). */
const tileCalls = (surfaces: FakeSurface[]) => surfaces.slice(0, 2).reduce((n, s) => n + s.calls.length, 0);

describe('CyclogramPainter', () => {
  it('pans inside the tile by copying it, drawing no work again', () => {
    const { painter, surfaces, screen, screenCalls } = setup();
    painter.paint(screen, frame(100), 1);
    expect(painter.stats).toMatchObject({ full: 1, strips: 0 });
    // The tile is three views wide and starts a view before the scroll.
    expect(surfaces[0]!.width).toBe(1200);
    const drawn = tileCalls(surfaces);
    expect(drawn).toBeGreaterThan(10);
    for (const s of [140, 180, 220, 300, 480]) painter.paint(screen, frame(s), 1);
    expect(tileCalls(surfaces)).toBe(drawn);
    expect(painter.stats).toMatchObject({ full: 1, strips: 0 });
    // Each frame copies the tile from the scroll's place in it (s − s0, s0 = 100 − 400).
    const copies = screenCalls.filter((c) => c.name === 'drawImage' && c.args.length === 9);
    expect(copies.map((c) => c.args[1])).toEqual([400, 440, 480, 520, 600, 780]);
    painter.dispose();
  });

  it('past the tile, shifts it and draws only the strip that came into view', () => {
    const { painter, surfaces, screen } = setup();
    painter.paint(screen, frame(100), 1);
    // The view [900, 1300) leaves the tile [-300, 900): the new tile starts at 500.
    painter.paint(screen, frame(900), 1);
    expect(painter.stats).toMatchObject({ full: 1, strips: 1 });
    const spare = surfaces[1]!;
    // The whole spare cleared for the copy, then only the strip filled and drawn: tile columns
    // [400, 1200), 800 px.
    expect(spare.calls.find((c) => c.name === 'clearRect')!.args).toEqual([0, 0, 1200, 260]);
    expect(spare.calls.find((c) => c.name === 'fillRect')!.args).toEqual([400, 0, 800, 300]);
    expect(spare.calls.some((c) => c.name === 'drawImage' && c.args[1] === -800)).toBe(true);
    painter.dispose();
  });

  it('draws the tile anew for new data, a new zoom or a new size', () => {
    const { painter, screen } = setup();
    painter.paint(screen, frame(0), 1);
    painter.paint(screen, frame(0, { lines: [...lines] }), 1);
    expect(painter.stats.full).toBe(2);
    painter.paint(
      screen,
      frame(0, { lines: [...lines], ts: { unit: 'day', zoom: 2, origin: 0, scrollLeft: 0 } }),
      1,
    );
    expect(painter.stats.full).toBe(3);
    // Hover, focus and selection do not: they are drawn over the copy.
    const l = lines;
    painter.paint(
      screen,
      frame(0, { lines: l, hoverId: 'a1', focusId: 'a2', selectedIds: new Set(['a0']) }),
      1,
    );
    const full = painter.stats.full;
    painter.paint(screen, frame(0, { lines: l, hoverId: 'a2' }), 1);
    expect(painter.stats.full).toBe(full);
    painter.dispose();
  });
});
