// The links layer keeps each link's route while the chart's data stays the same: a scrolled frame
// draws it moved, exactly where a route made for that frame would lie.
import { describe, expect, it } from 'vitest';
import { buildFrame, type GanttSource } from '../../../src/gantt/build-frame';
import { drawLinksLayer, linkPoints } from '../../../src/gantt/draw-links';
import type { GanttFrame, GanttLink } from '../../../src/gantt/frame';
import { lightTheme } from '../../../src/gantt/theme';

const DAY = 1440;

/**
 * A context that records what is drawn: each subpath (from a moveTo) as [x, y] points where they
 * land on the canvas, under the operation that drew its path: stroked lines, filled arrowheads.
 */
function recorder() {
  let path: number[][][] = [];
  const lines: number[][][] = [];
  const heads: number[][][] = [];
  const ops = { stroke: 0, fill: 0 };
  // The translation in force (save and restore keep and bring back one).
  let at = [0, 0];
  const saved: number[][] = [];
  const ctx = {
    save: () => saved.push(at),
    restore: () => void (at = saved.pop()!),
    translate: (dx: number, dy: number) => void (at = [at[0]! + dx, at[1]! + dy]),
    beginPath: () => void (path = []),
    moveTo: (x: number, y: number) => path.push([[x + at[0]!, y + at[1]!]]),
    lineTo: (x: number, y: number) => path.at(-1)!.push([x + at[0]!, y + at[1]!]),
    closePath: () => undefined,
    stroke: () => (ops.stroke++, lines.push(...path)),
    fill: () => (ops.fill++, heads.push(...path)),
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, lines, heads, ops };
}

const link = (id: string, predRow: number, succRow: number, type: GanttLink['type']): GanttLink => ({
  id,
  type,
  predRow,
  predKind: 'task',
  succKind: succRow % 3 === 0 ? 'milestone_finish' : 'task',
  predStart: predRow * DAY,
  predFinish: predRow * DAY + 2 * DAY,
  succRow,
  succStart: succRow * DAY + (type === 'fs' ? DAY : -DAY),
  succFinish: succRow * DAY + 3 * DAY,
  critical: predRow % 2 === 0,
});

const LINKS = [link('a', 1, 2, 'fs'), link('b', 2, 6, 'fs'), link('c', 3, 4, 'ss'), link('d', 5, 9, 'ff')];

const source: GanttSource = { rowCount: 40, bar: () => null, links: () => LINKS };

const frameAt = (scrollTop: number): GanttFrame =>
  buildFrame({
    source,
    width: 800,
    height: 400,
    dpr: 1,
    rowHeight: 24,
    headerHeight: 40,
    scrollTop,
    timescale: { unit: 'day', zoom: 1, origin: 0, scrollLeft: 0 },
    dataDate: NaN,
    locale: 'en-US',
    texts: { quarter: (q) => `Q${q}` },
    theme: lightTheme,
  });

/** The polylines a frame's links take, each point as the layer rounds it. */
function expected(frame: GanttFrame): number[][][] {
  const crisp = (v: number) => Math.round(v) + 0.5;
  const out: number[][][] = [];
  for (const critical of [false, true])
    for (const l of frame.links.filter((x) => x.critical === critical)) {
      const pts = linkPoints(frame, l)!;
      out.push(pts.map((p) => [crisp(p.x), crisp(p.y)]));
    }
  return out;
}

describe('links layer', () => {
  it('draws a scrolled frame with the routes of the first, moved', () => {
    for (const scrollTop of [0, 30, 47.5, 0]) {
      const frame = frameAt(scrollTop);
      const { ctx, lines, heads, ops } = recorder();
      drawLinksLayer(ctx, frame);
      expect(lines).toEqual(expected(frame));
      // One arrowhead per link, in the same order, its tip at the route's end (a pixel at most:
      // the tip keeps its exact coordinate along the arrow's axis, the line's is on a half pixel).
      const ends = expected(frame).map((route) => route.at(-1)!);
      expect(heads).toHaveLength(ends.length);
      heads.forEach(([tip], i) => {
        expect(Math.abs(tip![0]! - ends[i]![0]!)).toBeLessThanOrEqual(1);
        expect(Math.abs(tip![1]! - ends[i]![1]!)).toBeLessThanOrEqual(1);
      });
      // One stroke and one fill per colour (links, critical links), however many links show.
      expect(ops).toEqual({ stroke: 2, fill: 2 });
    }
  });
});
