// The 4D player's time line on the Gantt: one vertical stroke from the top of the header to the
// bottom of the frame at the time's x, in the theme's colour; none without a time or out of view.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFrame, type GanttSource } from '../../../src/gantt/build-frame';
import { drawPlayerTimeLayer } from '../../../src/gantt/draw-player-time';
import type { GanttFrame } from '../../../src/gantt/frame';
import { lightTheme } from '../../../src/gantt/theme';
import { timeToX, xToTime } from '../../../src/gantt/timescale';

function recorder() {
  const lines: { points: number[][]; style: unknown }[] = [];
  let path: number[][] = [];
  const ctx = {
    strokeStyle: '' as unknown,
    lineWidth: 1,
    save: () => undefined,
    restore: () => undefined,
    beginPath: () => void (path = []),
    moveTo: (x: number, y: number) => path.push([x, y]),
    lineTo: (x: number, y: number) => path.push([x, y]),
    stroke: () => void lines.push({ points: path, style: ctx.strokeStyle }),
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, lines };
}

const source: GanttSource = { rowCount: 10, bar: () => null, links: () => [] };
const frame = (playerTime: number | undefined, scrollLeft = 0): GanttFrame =>
  buildFrame({
    source,
    width: 800,
    height: 400,
    dpr: 1,
    rowHeight: 24,
    headerHeight: 40,
    scrollTop: 0,
    timescale: { unit: 'day', zoom: 1, origin: 10_000_000, scrollLeft },
    dataDate: NaN,
    playerTime,
    locale: 'en-US',
    texts: { quarter: (q) => `Q${q}` },
    theme: lightTheme,
  });

describe('drawPlayerTimeLayer', () => {
  it('draws one line across header and body at the time, where a click at that x reads it back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 799 }), fc.integer({ min: 0, max: 5000 }), (x, scrollLeft) => {
        const ts = frame(undefined, scrollLeft).timescale;
        const t = xToTime(ts, x);
        const f = frame(t, scrollLeft);
        const { ctx, lines } = recorder();
        drawPlayerTimeLayer(ctx, f);
        const at = Math.round(timeToX(ts, t)) + 0.5;
        expect(lines).toEqual([
          {
            points: [
              [at, 0],
              [at, 400],
            ],
            style: lightTheme.playerTime,
          },
        ]);
        // The click that set it lies within a pixel of the line.
        expect(Math.abs(at - x)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('draws nothing without a time or when the time is out of view', () => {
    for (const f of [frame(undefined), frame(NaN), frame(10_000_000 - 1440), frame(10_000_000 + 40 * 1440)]) {
      const { ctx, lines } = recorder();
      drawPlayerTimeLayer(ctx, f);
      expect(lines).toEqual([]);
    }
  });
});
