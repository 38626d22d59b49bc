import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LinkType } from '../../../src/gantt/frame';
import type { LinkBox, LinkEnds, Point } from '../../../src/gantt/route-links';
import { ARROW_ROOM, INSET, routeLink, stubFor } from '../../../src/gantt/route-links';

const RH = 24;
const HALF = 7;

/** A task bar in a row: 14 px tall around the row's centre. */
function task(x0: number, x1: number, row: number): LinkBox {
  const cy = row * RH + 12;
  return { x0, x1, y0: cy - 7, y1: cy + 7, cy, milestone: false };
}

/** A diamond at x in a row, by its tips. */
function diamond(x: number, row: number): LinkBox {
  const cy = row * RH + 12;
  return { x0: x - HALF, x1: x + HALF, y0: cy - HALF, y1: cy + HALF, cy, milestone: true };
}

function ends(type: LinkType, pred: LinkBox, succ: LinkBox, succRow: number, stub = 8): LinkEnds {
  return { type, pred, succ, succRowTop: succRow * RH, rowHeight: RH, stub };
}

const orthogonal = (pts: readonly Point[]) =>
  pts.every((p, i) => i === 0 || p.x === pts[i - 1]!.x || p.y === pts[i - 1]!.y);

describe('finish-start routing', () => {
  it('drops right after the predecessor end and enters the successor start from the side', () => {
    const pts = routeLink(ends('fs', task(0, 100, 0), task(200, 300, 2), 2));
    expect(pts).toEqual([
      { x: 100, y: 12 },
      { x: 108, y: 12 }, // the stub: well short of the predecessor's label (16 px right of its end)
      { x: 108, y: 2 * RH + 12 },
      { x: 200, y: 2 * RH + 12 }, // the arrowhead's tip on the bar's start
    ]);
  });

  it('shortens the stub to the room there is, keeping room for the arrowhead', () => {
    const pts = routeLink(ends('fs', task(0, 100, 0), task(109, 150, 1), 1, 10));
    expect(pts[1]!.x).toBe(109 - ARROW_ROOM);
    expect(pts[3]!.x - pts[2]!.x).toBe(ARROW_ROOM);
  });

  it('comes down onto the top of a successor that starts at the predecessor end (up: its bottom)', () => {
    const pts = routeLink(ends('fs', task(0, 100, 0), task(102, 200, 1), 1));
    expect(pts).toEqual([
      { x: 100, y: 12 },
      { x: 102 + INSET, y: 12 },
      { x: 102 + INSET, y: RH + 5 },
    ]);
    const up = routeLink(ends('fs', task(0, 100, 5), task(102, 200, 1), 1));
    expect(up[up.length - 1]).toEqual({ x: 102 + INSET, y: RH + 19 });
  });

  it('meets a milestone at its tip, from every predecessor at the same x', () => {
    const m = diamond(500, 6);
    for (let r = 0; r < 12; r++) {
      if (r === 6) continue;
      const pts = routeLink(ends('fs', task(40 * r, 40 * r + 30, r), m, 6));
      expect(pts.length).toBe(3); // never loops round
      const end = pts[pts.length - 1]!;
      expect(end.x).toBe(500);
      expect(end.y).toBe(r < 6 ? m.y0 : m.y1);
      // The run stays on the predecessor's own row: nothing along a row boundary.
      expect(pts[0]!.y).toBe(r * RH + 12);
      expect(pts[1]!.y).toBe(r * RH + 12);
    }
  });

  it('drops from the lower edge when the successor starts where the predecessor ends', () => {
    // A narrow successor (a quarter-scale bar) starting at the predecessor's end.
    const pts = routeLink(ends('fs', task(0, 100, 0), task(100, 102, 1), 1));
    expect(pts).toEqual([
      { x: 101, y: 19 },
      { x: 101, y: RH + 5 },
    ]);
  });

  it('leaves a milestone from its right tip, or from its edge: never a box beside it', () => {
    const far = routeLink(ends('fs', diamond(100, 0), task(200, 260, 1), 1));
    expect(far[0]).toEqual({ x: 100 + HALF, y: 12 });
    expect(far[far.length - 1]).toEqual({ x: 200, y: RH + 12 });
    // The successor starts at the milestone: the line leaves the diamond's lower edge.
    const near = routeLink(ends('fs', diamond(100, 0), task(100, 160, 1), 1));
    expect(near.length).toBe(2);
    expect(near[0]!.x).toBe(100 + INSET);
    expect(near[0]!.y).toBeGreaterThan(12);
    expect(near[0]!.y).toBeLessThanOrEqual(12 + HALF);
    // Milestone to milestone at the same date: straight down from tip to tip.
    expect(routeLink(ends('fs', diamond(100, 0), diamond(100, 1), 1))).toEqual([
      { x: 100, y: 12 + HALF },
      { x: 100, y: RH + 12 - HALF },
    ]);
  });

  it('goes round only when the successor really starts earlier, with the given stub', () => {
    const pts = routeLink(ends('fs', task(0, 100, 0), task(50, 90, 2), 2, 4));
    expect(pts).toEqual([
      { x: 100, y: 12 },
      { x: 104, y: 12 },
      { x: 104, y: 2 * RH }, // the boundary above the successor's row
      { x: 46, y: 2 * RH },
      { x: 46, y: 2 * RH + 12 },
      { x: 50, y: 2 * RH + 12 }, // into its start, pointing right
    ]);
  });

  it('scales the stub with the timescale', () => {
    expect(stubFor(28)).toBe(10);
    expect(stubFor(9)).toBe(9);
    expect(stubFor(1.1)).toBe(4);
    expect(stubFor(0.3)).toBe(4);
  });
});

describe('other relation types', () => {
  it('routes ss left of both starts and ff right of both finishes, into the named end', () => {
    const ss = routeLink(ends('ss', task(50, 100, 0), task(30, 90, 1), 1));
    expect(ss).toEqual([
      { x: 50, y: 12 },
      { x: 22, y: 12 },
      { x: 22, y: 36 },
      { x: 30, y: 36 },
    ]);
    const ff = routeLink(ends('ff', task(0, 100, 0), task(30, 140, 1), 1));
    expect(ff).toEqual([
      { x: 100, y: 12 },
      { x: 148, y: 12 },
      { x: 148, y: 36 },
      { x: 140, y: 36 },
    ]);
  });

  it('routes sf from the start into the finish, round when there is no room', () => {
    const sf = routeLink(ends('sf', task(200, 300, 0), task(50, 150, 1), 1));
    expect(sf[0]).toEqual({ x: 200, y: 12 });
    expect(sf[sf.length - 1]).toEqual({ x: 150, y: 36 });
    expect(sf.length).toBe(4);
    const round = routeLink(ends('sf', task(100, 300, 0), task(50, 150, 1), 1));
    expect(round.length).toBe(6);
    expect(round[round.length - 1]).toEqual({ x: 150, y: 36 });
  });
});

describe('routing properties', () => {
  const box = fc
    .record({
      x: fc.integer({ min: -200, max: 1200 }),
      w: fc.integer({ min: 0, max: 300 }),
      row: fc.integer({ min: 0, max: 30 }),
      milestone: fc.boolean(),
    })
    .map(({ x, w, row, milestone }) => ({
      row,
      box: milestone ? diamond(x, row) : task(x, x + Math.max(2, w), row),
    }));

  it('is orthogonal, starts on the predecessor, ends on the successor with room for the arrowhead', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<LinkType>('fs', 'ss', 'ff', 'sf'),
        box,
        box,
        fc.integer({ min: 4, max: 10 }),
        (type, p, s, stub) => {
          fc.pre(p.row !== s.row);
          const pts = routeLink(ends(type, p.box, s.box, s.row, stub));
          expect(orthogonal(pts)).toBe(true);
          const [first, last, before] = [pts[0]!, pts[pts.length - 1]!, pts[pts.length - 2]!];
          expect(first.x).toBeGreaterThanOrEqual(p.box.x0);
          expect(first.x).toBeLessThanOrEqual(p.box.x1 + 3);
          expect(last.x).toBeGreaterThanOrEqual(s.box.x0);
          expect(last.x).toBeLessThanOrEqual(s.box.x1);
          expect([s.box.y0, s.box.y1, s.box.cy]).toContain(last.y);
          expect(Math.abs(last.x - before.x) + Math.abs(last.y - before.y)).toBeGreaterThanOrEqual(4);
        },
      ),
    );
  });

  it('loops a finish-start link only when the successor starts before the predecessor ends', () => {
    fc.assert(
      fc.property(box, box, (p, s) => {
        fc.pre(p.row !== s.row);
        const pts = routeLink(ends('fs', p.box, s.box, s.row));
        const predEnd = p.box.milestone ? (p.box.x0 + p.box.x1) / 2 : p.box.x1;
        const succStart = s.box.milestone ? (s.box.x0 + s.box.x1) / 2 : s.box.x0;
        // A loop is the six-point route round the back.
        if (succStart >= predEnd) expect(pts.length).toBeLessThan(6);
        if (pts.length === 6) expect(succStart).toBeLessThan(predEnd);
        // Off the predecessor's row within a stub of its end: clear of its label.
        if (pts.length > 1 && pts[1]!.y === pts[0]!.y && !s.box.milestone)
          expect(pts[1]!.x - pts[0]!.x).toBeLessThanOrEqual(10);
      }),
    );
  });
});
