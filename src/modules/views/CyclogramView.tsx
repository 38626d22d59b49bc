// The cyclogram screen: choose where locations and kinds of work come from, see each crew's line
// across the locations (canvas), its rate, the clashes, the target beside it; zoom, pan, export.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { expandCyclogram } from '../../api/views';
import type { CyclogramChart } from '../../api/views';
import { call } from '../../app/api/call';
import { formatDate } from '../../domain/format';
import { HEADER_H, LABEL_W, hitCyclogram, segmentLine } from '../../gantt/cyclogram-frame';
import type { CyclogramFrame } from '../../gantt/cyclogram-frame';
import { CyclogramPainter } from '../../gantt/cyclogram-painter';
import type { Timescale } from '../../gantt/timescale';
import { pxPerDay as pxDay, zoomStep } from '../../gantt/timescale';
import { CanvasBox } from './CanvasBox';
import { CyclogramPickers } from './CyclogramPickers';
import { downloadCyclogramPng, saveCyclogramColor } from './cyclogram-actions';
import { CyclogramLegend } from './CyclogramLegend';
import { useViewsT } from './i18n';
import { printCanvas } from './print-canvas';
import { fitScale } from './scale';
import { useLoad } from './use-load';
import { useViewScale } from './use-view-scale';

type Segment = CyclogramChart['lines'][number]['segments'][number];

interface Props {
  versionId: string;
  canEdit: boolean;
  onOpen: (code: string) => void;
  /** Opens the workbench with this cyclogram beside the grid (live selection, drag to move). */
  onBesideGrid: (locationBy: string, kindBy: string) => void;
}

export function CyclogramView({ versionId, canEdit, onOpen, onBesideGrid }: Props) {
  const { t, i18n } = useViewsT();
  const [params, setParams] = useSearchParams();
  // The attributes (the pickers' choices) are asked once the first chart has answered: their read
  // of every row's keys would compete with the chart's on the server (early-requests.ts asks in
  // the same order).
  const [askAttrs, setAskAttrs] = useState(false);
  const attrs = useLoad(
    askAttrs ? () => call(api.versionResources.attributes, { params: { id: versionId } }) : null,
    [versionId, askAttrs],
  );
  const ready = attrs.data !== null || attrs.error !== null;
  // The chart is asked for at once, before the attributes, by the address or the usual defaults
  // (Location, Work type). The server answers it only when both keys name something the rows can
  // be grouped by (else 400): such an answer is shown at once, before the attributes are in. A
  // refused one is not shown; the chart is asked for again by what the attributes say.
  const items = attrs.data?.items ?? [];
  const locationBy =
    params.get('loc') ??
    (!ready || items.some((k) => k.key === 'Location') ? 'Location' : (items[0]?.key ?? 'wbs:2'));
  const kindBy =
    params.get('kind') ?? (!ready || items.some((k) => k.key === 'Work type') ? 'Work type' : 'name');
  // Until the attributes are in, the pickers offer the two keys shown.
  const keys = ready
    ? items
    : [...new Set([locationBy, kindBy])]
        .filter((k) => k !== 'name' && !/^wbs:/.test(k))
        .map((k) => ({ key: k, label: k }));
  const chart = useLoad<CyclogramChart>(
    () =>
      // Its failures are shown here (with a retry), not as toasts: a refused default grouping is
      // asked again by the attributes, an address's unknown version gives way to the tree's.
      call(
        api.views.cyclogram,
        { params: { id: versionId, attributeId: locationBy }, query: { kind_by: kindBy } },
        { silent: [400, 404] },
      ).then(expandCyclogram),
    [versionId, locationBy, kindBy],
  );
  // Until a first chart has arrived, nothing of another grouping is shown.
  const [settled, setSettled] = useState(false);
  const current = ready && !chart.loading;
  const early = !ready && !chart.loading && chart.data !== null;
  if (!chart.loading && (chart.data || chart.error)) {
    if (!askAttrs) setAskAttrs(true);
    if (!settled && (current || early)) setSettled(true);
  }
  const shown = current || early || (ready && settled);
  const [showTarget, setShowTarget] = useState(true);
  // The pan moves `tsRef` and repaints; `ts` changes with zoom and fit.
  const { ts, tsRef, setTs, panTo, repaint } = useViewScale<Timescale | null>(null);
  const [hover, setHover] = useState<{ id: string; x: number; y: number; text: string } | null>(null);
  const [focus, setFocus] = useState(-1);
  const width = useRef(0);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  // The cached pictures a pan copies from (cyclogram-painter.ts).
  const [painter] = useState(() => new CyclogramPainter());
  useEffect(() => () => painter.dispose(), [painter]);
  const drag = useRef<{ x: number; scroll: number } | null>(null);
  const data = shown ? chart.data : null;
  const chartError = shown && !early ? chart.error : null;
  const fitKey = useRef('');

  const onSize = useCallback(
    (w: number) => {
      width.current = w;
      if (data && fitKey.current !== `${locationBy}|${kindBy}|${versionId}`) {
        fitKey.current = `${locationBy}|${kindBy}|${versionId}`;
        // The data date in view too: where the work stands is what a reviewer looks for first.
        const dd = data.data_date;
        const start = data.start === null || dd === null ? data.start : Math.min(data.start, dd);
        setTs(fitScale(start, data.finish, w - LABEL_W));
      }
    },
    [data, locationBy, kindBy, versionId, setTs],
  );
  // Every segment in time order: the keyboard steps through them. Made on the first step, not
  // before the first frame (10,000 works sorted).
  const orderCache = useRef<{ data: CyclogramChart | null; order: { s: Segment; kind: string }[] }>({
    data: null,
    order: [],
  });
  const orderOf = useCallback(() => {
    const c = orderCache.current;
    if (c.data !== data) {
      c.data = data;
      c.order = (data?.lines ?? [])
        .flatMap((l) => l.segments.map((s) => ({ s, kind: l.kind })))
        .sort((a, b) => a.s.start - b.s.start || a.s.loc - b.s.loc);
    }
    return c.order;
  }, [data]);
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  const day = (m: number) => formatDate(m, lang === 'ru' ? 'DD.MM.YYYY' : 'DD MMM YYYY', lang);
  const tip = useCallback(
    (s: Segment) =>
      t('cyclogram.tip', {
        code: s.code,
        name: s.name,
        location: data?.locations[s.loc] ?? '',
        start: day(s.start),
        finish: day(s.finish),
        percent: Math.round(s.percent),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, t, lang],
  );

  const frameOf = useCallback(
    (w: number, h: number): CyclogramFrame | null =>
      data && ts && tsRef.current
        ? {
            width: w,
            height: h,
            ts: tsRef.current,
            locations: data.locations,
            lines: data.lines,
            target: showTarget && data.target ? data.target.lines : null,
            clashes: data.clashes,
            dataDate: data.data_date,
            hoverId: hover?.id ?? null,
            focusId: focus < 0 ? null : (orderOf()[focus]?.s.id ?? null),
            locale: i18n.language,
            quarter: (q) => (i18n.language === 'ru' ? `${q} кв.` : `Q${q}`),
          }
        : null,
    [data, ts, tsRef, showTarget, hover, orderOf, focus, i18n.language],
  );
  const draw = useCallback(
    (ctx: CanvasRenderingContext2D, w: number, h: number) => {
      const f = frameOf(w, h);
      if (f) painter.paint(ctx, f, window.devicePixelRatio || 1);
    },
    [frameOf, painter],
  );

  const setParam = (name: string, value: string) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        n.set(name, value);
        return n;
      },
      { replace: true },
    );
  const zoom = (dir: 1 | -1) =>
    setTs((s) => {
      if (!s) return s;
      // Keep the middle of the chart where it is.
      const mid = (width.current - LABEL_W) / 2;
      const tMid = s.origin + (mid + s.scrollLeft) / (pxDay(s) / 1440);
      const next = { ...s, ...zoomStep(s, dir) };
      return { ...next, scrollLeft: Math.max(0, (tMid - next.origin) * (pxDay(next) / 1440) - mid) };
    });
  const pan = (dx: number) => panTo((tsRef.current?.scrollLeft ?? 0) + dx);

  const onKey = (e: KeyboardEvent) => {
    const order = orderOf();
    const step = (d: number) => {
      const i = Math.max(0, Math.min(order.length - 1, focus + d));
      setFocus(i);
      const f = frameOf(width.current, canvas.current?.clientHeight ?? 0);
      const o = order[i];
      if (f && o) {
        const [x0, , , y1] = segmentLine(f, o.s);
        setHover({ id: o.s.id, x: Math.max(LABEL_W, x0), y: y1, text: tip(o.s) });
        if (x0 < LABEL_W || x0 > width.current - 40) pan(x0 - LABEL_W - (width.current - LABEL_W) / 3);
      }
    };
    if (e.key === 'ArrowLeft') pan(-80);
    else if (e.key === 'ArrowRight') pan(80);
    else if (e.key === '+' || e.key === '=') zoom(1);
    else if (e.key === '-') zoom(-1);
    else if (e.key === 'ArrowDown') step(1);
    else if (e.key === 'ArrowUp') step(-1);
    else if (e.key === 'Enter' && order[focus]) onOpen(order[focus].s.code);
    else return;
    e.preventDefault();
  };
  const onMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - r.left;
    const y = e.clientY - r.top;
    if (drag.current) {
      const d = drag.current;
      panTo(d.scroll - (x - d.x));
      return;
    }
    const f = frameOf(r.width, r.height);
    const hit = f ? hitCyclogram(f, x, y) : null;
    const seg = hit?.line.segments[hit.index];
    setHover(seg ? { id: seg.id, x, y, text: `${hit!.line.kind}: ${tip(seg)}` } : null);
  };
  const onDown = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - r.left;
    const f = frameOf(r.width, r.height);
    const hit = f ? hitCyclogram(f, x, e.clientY - r.top) : null;
    if (hit) return onOpen(hit.line.segments[hit.index]!.code);
    if (tsRef.current) {
      drag.current = { x, scroll: tsRef.current.scrollLeft };
      e.currentTarget.setPointerCapture(e.pointerId);
    }
  };
  const exportPng = () => downloadCyclogramPng(canvas.current, locationBy);
  const saveColor = async (kind: string, color: string) => {
    if (await saveCyclogramColor(versionId, kindBy, kind, color, t('cyclogram.colorSaved'))) chart.reload();
  };

  return (
    <div className="views-cyclogram">
      <div className="views-toolbar" role="toolbar">
        <CyclogramPickers keys={keys} locationBy={locationBy} kindBy={kindBy} onChange={setParam} />
        {data?.target && (
          <label>
            <input type="checkbox" checked={showTarget} onChange={(e) => setShowTarget(e.target.checked)} />{' '}
            {t('cyclogram.showTarget', { label: data.target.label })}
          </label>
        )}
        <button type="button" className="btn" onClick={() => zoom(-1)} aria-label={t('zoomOut')}>
          −
        </button>
        <button type="button" className="btn" onClick={() => zoom(1)} aria-label={t('zoomIn')}>
          +
        </button>
        <button type="button" className="btn" onClick={() => onBesideGrid(locationBy, kindBy)}>
          {t('cyclogram.openBesideGrid')}
        </button>
        <button type="button" className="btn" onClick={exportPng}>
          {t('exportPng')}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => canvas.current && void printCanvas(canvas.current, t('tabs.cyclogram'))}
        >
          {t('print')}
        </button>
      </div>
      {chartError && (
        <p className="views-error" role="alert">
          {t('failed', { message: chartError })}{' '}
          <button type="button" className="btn" onClick={chart.reload}>
            {t('retry')}
          </button>
        </p>
      )}
      {!data && !chartError && <p className="views-muted">{t('loading')}</p>}
      {data && data.locations.length === 0 && <p className="views-muted">{t('empty')}</p>}
      {data && data.locations.length > 0 && (
        <div className="views-body">
          <div className="views-chart">
            <p className="views-summary" aria-live="polite" data-testid="cyclogram-summary">
              {t('cyclogram.summary', {
                locations: data.locations.length,
                kinds: data.lines.length,
                clashes: data.clashes.length,
              })}{' '}
              <span className="views-muted">{t('cyclogram.keys')}</span>
            </p>
            <CanvasBox
              ref={canvas}
              draw={draw}
              repaint={repaint}
              onSize={onSize}
              tabIndex={0}
              role="img"
              aria-label={t('tabs.cyclogram')}
              data-testid="cyclogram-canvas"
              onKeyDown={onKey}
              onPointerMove={onMove}
              onPointerDown={onDown}
              onPointerUp={() => (drag.current = null)}
              onPointerLeave={() => setHover(null)}
              onWheel={(e) => pan(e.deltaX || e.deltaY)}
            />
            {hover && (
              <div
                className="views-tip"
                style={{ left: hover.x + 12, top: hover.y + HEADER_H / 2 + 30 }}
                role="tooltip"
              >
                {hover.text}
              </div>
            )}
          </div>
          <CyclogramLegend data={data} canEdit={canEdit} onColor={saveColor} />
        </div>
      )}
    </div>
  );
}
