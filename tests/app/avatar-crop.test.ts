import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clampView, dragView, initialView, MAX_ZOOM, sourceRect } from '../../src/modules/admin/avatar-crop';

describe('avatar crop geometry', () => {
  it('starts with the centred short side of a landscape picture', () => {
    expect(sourceRect(800, 600, initialView(800, 600))).toEqual({ sx: 100, sy: 0, side: 600 });
  });

  it('zooms into the centre and drags by picture pixels scaled to the viewport', () => {
    const v = clampView(800, 600, { ...initialView(800, 600), zoom: 2 });
    expect(sourceRect(800, 600, v)).toEqual({ sx: 250, sy: 150, side: 300 });
    // 300 picture pixels in a 150-pixel viewport: a 10-pixel drag right moves 20 pixels left.
    expect(sourceRect(800, 600, dragView(800, 600, v, 10, 0, 150)).sx).toBe(230);
  });

  it('never leaves the picture and keeps the zoom in range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.double({ min: -10, max: 10, noNaN: true }),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        (w, h, zoom, cx, cy) => {
          const v = clampView(w, h, { zoom, cx, cy });
          const r = sourceRect(w, h, v);
          const eps = 1e-6;
          expect(v.zoom).toBeGreaterThanOrEqual(1);
          expect(v.zoom).toBeLessThanOrEqual(MAX_ZOOM);
          expect(r.sx).toBeGreaterThanOrEqual(-eps);
          expect(r.sy).toBeGreaterThanOrEqual(-eps);
          expect(r.sx + r.side).toBeLessThanOrEqual(w + eps);
          expect(r.sy + r.side).toBeLessThanOrEqual(h + eps);
        },
      ),
    );
  });
});
