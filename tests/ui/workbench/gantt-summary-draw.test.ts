// A summary bar (a WBS summary's, a group header's) as the bars layer draws it: its band and end
// caps in the summary colour, red when critical, and its percent complete as a stripe inside the
// band from its start, as long as that share of the band.
import { describe, expect, it } from 'vitest';
import { buildFrame } from '../../../src/gantt/build-frame';
import { drawBarsLayer } from '../../../src/gantt/draw-bars';
import type { GanttBar } from '../../../src/gantt/frame';
import { barBox } from '../../../src/gantt/geometry';
import { lightTheme } from '../../../src/gantt/theme';

const DAY = 1440;

/** Records the rectangles filled and the colour each was filled with. */
function recorder() {
  const rects: { style: string; x: number; y: number; w: number; h: number }[] = [];
  const paths: string[] = [];
  const ctx = {
    fillStyle: '',
    font: '',
    textBaseline: '',
    fillRect(x: number, y: number, w: number, h: number) {
      rects.push({ style: this.fillStyle, x, y, w, h });
    },
    beginPath: () => undefined,
    moveTo: () => undefined,
    lineTo: () => undefined,
    arcTo: () => undefined,
    closePath: () => undefined,
    fill() {
      paths.push(this.fillStyle);
    },
    fillText: () => undefined,
    measureText: (t: string) => ({ width: t.length * 6 }),
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, rects, paths };
}

const summary = (progress: number, critical: boolean): GanttBar => ({
  row: 0,
  id: 'g',
  kind: 'sum',
  name: '',
  start: 2 * DAY,
  finish: 12 * DAY,
  progress,
  critical,
  targetStart: NaN,
  targetFinish: NaN,
  selected: false,
});

function draw(bar: GanttBar) {
  const frame = buildFrame({
    source: { rowCount: 1, bar: () => bar, links: () => [] },
    width: 800,
    height: 200,
    dpr: 1,
    rowHeight: 26,
    headerHeight: 40,
    scrollTop: 0,
    timescale: { unit: 'day', zoom: 1, origin: 0, scrollLeft: 0 },
    dataDate: NaN,
    locale: 'en-US',
    texts: { quarter: (q) => `Q${q}` },
    theme: lightTheme,
  });
  const rec = recorder();
  drawBarsLayer(rec.ctx, frame);
  return { ...rec, box: barBox(frame, bar)! };
}

describe('summary bars', () => {
  it('draws the band and caps in the summary colour and the percent as a stripe from the start', () => {
    const { rects, paths, box } = draw(summary(40, false));
    const band = rects[0]!;
    expect(band.style).toBe(lightTheme.summary);
    expect(paths).toEqual([lightTheme.summary]);
    const stripe = rects[1]!;
    expect(stripe.style).toBe(lightTheme.summaryProgress);
    expect(stripe.x).toBe(band.x);
    // Inside the band, 40 % of its length.
    expect(stripe.y).toBeGreaterThan(band.y);
    expect(stripe.y + stripe.h).toBeLessThan(band.y + band.h);
    expect(stripe.w).toBe(Math.round((Math.round(box.x1) - Math.round(box.x0)) * 0.4));
    expect(rects).toHaveLength(2);
  });

  it('is red when critical, its stripe the critical progress colour', () => {
    const { rects, paths } = draw(summary(100, true));
    expect(rects[0]!.style).toBe(lightTheme.critical);
    expect(paths).toEqual([lightTheme.critical]);
    expect(rects[1]!.style).toBe(lightTheme.criticalProgress);
    expect(rects[1]!.w).toBe(rects[0]!.w);
  });

  it('draws no stripe at 0 %', () => {
    const { rects } = draw(summary(0, false));
    expect(rects).toHaveLength(1);
  });
});
