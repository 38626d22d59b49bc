// The usage histogram of a resource: per period (day … year) the quantity its assignments use in
// a version, against what is available; bars above the availability are drawn over-allocated
// (red above the line). Canvas drawing like the Gantt, sized to its box and the device pixels.
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import type { ResourceUsage } from '../../api/resources';
import { call } from '../../app/api/call';
import { formatLocal } from '../../domain/calendar/time';
import type { PeriodUnit } from '../../domain/resources';
import { onAssignmentsChanged } from '../../state/resources/assignments';
import { useResourcesT } from './i18n';

const UNITS: PeriodUnit[] = ['day', 'week', 'month', 'quarter', 'year'];
const HEIGHT = 180;

function draw(
  canvas: HTMLCanvasElement,
  u: ResourceUsage,
  colors: { ok: string; over: string; line: string; text: string },
) {
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(HEIGHT * ratio);
  const g = canvas.getContext('2d');
  if (!g) return;
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.clearRect(0, 0, width, HEIGHT);
  const n = u.periods.length;
  if (n === 0) return;
  const top = Math.max(1e-9, ...u.periods.map((p) => Math.max(p.usage, p.capacity)));
  const plot = HEIGHT - 18;
  const y = (v: number) => plot - (v / top) * (plot - 6);
  const w = width / n;
  u.periods.forEach((p, i) => {
    const x = i * w;
    const bw = Math.max(1, w - 2);
    const within = Math.min(p.usage, p.capacity);
    g.fillStyle = colors.ok;
    g.fillRect(x + 1, y(within), bw, plot - y(within));
    if (p.usage > p.capacity + 1e-9) {
      g.fillStyle = colors.over;
      g.fillRect(x + 1, y(p.usage), bw, y(p.capacity) - y(p.usage));
    }
    // The availability of the period.
    g.strokeStyle = colors.line;
    g.lineWidth = 2;
    g.beginPath();
    g.moveTo(x, y(p.capacity));
    g.lineTo(x + w, y(p.capacity));
    g.stroke();
  });
  g.fillStyle = colors.text;
  g.font = '11px sans-serif';
  g.fillText(formatLocal(u.periods[0]!.from).slice(0, 10), 2, HEIGHT - 4);
  const last = formatLocal(u.periods[n - 1]!.to - 1).slice(0, 10);
  g.fillText(last, width - g.measureText(last).width - 2, HEIGHT - 4);
}

/** `availability` names the resource's limits: a change of them draws the chart again. */
export function UsageHistogram({ resourceId, availability }: { resourceId: string; availability: string }) {
  const { t } = useResourcesT();
  const [unit, setUnit] = useState<PeriodUnit>('week');
  const [versionId, setVersionId] = useState<string | null>(null);
  const [usage, setUsage] = useState<ResourceUsage | null>(null);
  const [tick, setTick] = useState(0);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => onAssignmentsChanged(() => setTick((n) => n + 1)), []);
  useEffect(() => {
    let live = true;
    call(
      api.resources.usage,
      { params: { id: resourceId }, query: { unit, ...(versionId ? { version_id: versionId } : {}) } },
      { silent: true },
    ).then(
      (u) => live && setUsage(u),
      () => live && setUsage(null),
    );
    return () => {
      live = false;
    };
  }, [resourceId, unit, versionId, tick, availability]);

  useEffect(() => {
    const el = canvas.current;
    if (!el || !usage) return;
    const css = getComputedStyle(el);
    const paint = () =>
      draw(el, usage, {
        ok: css.getPropertyValue('--c-accent').trim() || '#4a7fd6',
        over: '#d92d20',
        line: '#1b2330',
        text: css.getPropertyValue('--c-text-3').trim() || '#7a8596',
      });
    paint();
    const ro = new ResizeObserver(paint);
    ro.observe(el);
    return () => ro.disconnect();
  }, [usage]);

  const over = usage ? usage.periods.filter((p) => p.usage > p.capacity + 1e-9).length : 0;
  return (
    <section className="res-usage" aria-label={t('usage.title')} role="region">
      <h3>{t('usage.title')}</h3>
      {usage && usage.members > 1 && (
        <p className="res-dim" data-testid="usage-group">
          {t('usage.group', { count: usage.members })}
        </p>
      )}
      {usage && usage.versions.length === 0 ? (
        <p className="res-dim">{t('usage.unassigned')}</p>
      ) : (
        <>
          <div className="res-usage__controls">
            <select
              aria-label={t('usage.version')}
              value={usage?.version_id ?? ''}
              onChange={(e) => setVersionId(e.target.value)}
            >
              {usage?.versions.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.schedule_name} — {v.label}
                </option>
              ))}
            </select>
            <select
              aria-label={t('usage.unit')}
              value={unit}
              onChange={(e) => setUnit(e.target.value as PeriodUnit)}
            >
              {UNITS.map((x) => (
                <option key={x} value={x}>
                  {t(`usage.units.${x}`)}
                </option>
              ))}
            </select>
          </div>
          <canvas
            ref={canvas}
            className="res-usage__canvas"
            style={{ height: HEIGHT }}
            role="img"
            aria-label={t('usage.chart')}
          />
          <p className="res-dim" role="status" data-testid="overallocated">
            {over > 0 ? t('usage.over', { count: over }) : t('usage.within')}
          </p>
        </>
      )}
    </section>
  );
}
