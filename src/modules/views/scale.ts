// The timescale a view opens with: the whole span in the width, on the Gantt's units and zooms.
import type { Timescale } from '../../gantt/timescale';
import { MAX_ZOOM, MIN_ZOOM, SCALE_UNITS, periodStart, pxPerDay } from '../../gantt/timescale';

const DAY = 1440;

export function fitScale(start: number | null, finish: number | null, width: number): Timescale {
  if (start === null || finish === null || width <= 0)
    return { unit: 'week', zoom: 1, origin: start ?? 0, scrollLeft: 0 };
  // A week of margin each side.
  const origin = periodStart('week', start - 7 * DAY);
  const days = (finish - origin) / DAY + 7;
  const need = width / Math.max(days, 1);
  if (need >= pxPerDay({ unit: 'day', zoom: MAX_ZOOM }))
    return { unit: 'day', zoom: MAX_ZOOM, origin, scrollLeft: 0 };
  for (const unit of SCALE_UNITS) {
    const zoom = need / pxPerDay({ unit, zoom: 1 });
    if (zoom >= MIN_ZOOM && zoom <= MAX_ZOOM) return { unit, zoom, origin, scrollLeft: 0 };
  }
  const last = SCALE_UNITS[SCALE_UNITS.length - 1]!;
  return { unit: last, zoom: MIN_ZOOM, origin, scrollLeft: 0 };
}
