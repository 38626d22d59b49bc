// The cyclogram beside the grid (issue 19): the workbench's own rows drawn as crews moving through
// the locations, on the Gantt's timescale (the toolbar's scale and zoom act on it). Selecting a
// work selects its row in the grid and a grid selection lights up its works; dragging a work moves
// it as a Gantt bar drag does, one command and one undo step; every edit redraws it.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useOutletContext, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { expandCyclogram } from '../../api/views';
import type { CyclogramChart } from '../../api/views';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { call } from '../../app/api/call';
import { dragMinutes } from '../../domain/cyclogram';
import type { CycloSegment } from '../../domain/cyclogram';
import { formatDate } from '../../domain/format';
import { HEADER_H, LABEL_W, hitCyclogram, segmentLine } from '../../gantt/cyclogram-frame';
import type { CyclogramFrame } from '../../gantt/cyclogram-frame';
import { CyclogramPainter } from '../../gantt/cyclogram-painter';
import type { Timescale } from '../../gantt/timescale';
import { pxPerDay, zoomStep } from '../../gantt/timescale';
import { runCommand } from '../../state/workbench/commands';
import {
  defaultGrouping,
  moveSegment,
  selectedRowIds,
  selectSegment,
  workbenchCyclogram,
} from '../../state/workbench/cyclogram';
import { commandForKey } from '../../state/workbench/keybindings';
import { useWorkbench, workbench } from '../../state/workbench/store';
import { CanvasBox } from './CanvasBox';
import { CyclogramLegend } from './CyclogramLegend';
import { CyclogramPickers } from './CyclogramPickers';
import { downloadCyclogramPng, saveCyclogramColor } from './cyclogram-actions';
import { useViewsT } from './i18n';
import { useViewScale } from './use-view-scale';
import { printCanvas } from './print-canvas';
import { fitScale } from './scale';
import './views.css';

/** Keys the chart leaves to the grid: the clipboard, and Tab (out of the chart). */
const NOT_IN_CHART = new Set(['copy', 'cut', 'paste', 'nextCell', 'prevCell']);
const DAY = 1440;

interface Drag {
  readonly kind: 'work' | 'pan';
  readonly id: string;
  readonly x: number;
  readonly scroll: number;
}

export function WorkbenchCyclogram() {
  const { t, i18n } = useViewsT();
  const [params, setParams] = useSearchParams();
  const doc = useWorkbench((s) => s.wbs);
  const schedule = useWorkbench((s) => s.schedule);
  const selection = useWorkbench((s) => s.selection);
  const visible = useWorkbench((s) => s.visible);
  const filterShown = useWorkbench((s) => s.filterShown);
  // Its own timescale on the Gantt's units and zooms: the rows' span fitted when it opens (the
  // Gantt's scroll is wherever the grid's rows are; crews often start months later).
  // A pan moves `tsRef` and repaints (no render); `ts` changes with zoom and fit.
  const { ts, tsRef, setTs, panTo, repaint } = useViewScale<Timescale>(() => workbench.get().timescale);
  const fitted = useRef('');
  const labels = useWorkbench((s) => s.attributeLabels);
  const version = useWorkbench((s) => s.version);
  const defaults = defaultGrouping(labels);
  const locationBy = params.get('loc') ?? defaults.loc;
  const kindBy = params.get('kind') ?? defaults.kind;
  // The server's cyclogram of this grouping: the colours reviewers saved and the target version's
  // works (the chart's own lines are built here, from the workbench's rows).
  const [server, setServer] = useState<CyclogramChart | null>(null);
  const [reloads, setReloads] = useState(0);
  const [showTarget, setShowTarget] = useState(true);
  // The legend on demand: the chart beside the grid has little width to spare.
  const [showLegend, setShowLegend] = useState(false);
  const space = useOutletContext<SpaceContext | undefined>();
  const canEdit = (space?.config?.can.edit ?? false) && !version?.locked;
  const [hover, setHover] = useState<{ id: string; x: number; y: number; w: number; h: number } | null>(null);
  const [dragging, setDragging] = useState<{ id: string; minutes: number } | null>(null);
  const drag = useRef<Drag | null>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  // The cached pictures a pan copies from (cyclogram-painter.ts).
  const [painter] = useState(() => new CyclogramPainter());
  useEffect(() => () => painter.dispose(), [painter]);
  const size = useRef({ w: 0, h: 0 });

  const versionId = version?.id ?? null;
  useEffect(() => {
    if (!versionId) return;
    let live = true;
    call(api.views.cyclogram, {
      params: { id: versionId, attributeId: locationBy },
      query: { kind_by: kindBy },
    })
      .then((r) => live && setServer(expandCyclogram(r)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [versionId, locationBy, kindBy, reloads]);
  const saved = useMemo(
    () => Object.fromEntries((server?.lines ?? []).map((l) => [l.kind, l.color])),
    [server],
  );

  const data = useMemo(
    () => workbenchCyclogram(workbench.get(), locationBy, kindBy, saved),
    // The chart reads the rows and their dates: it follows the document and the schedule.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [doc, schedule, filterShown, locationBy, kindBy, saved],
  );
  const selected = useMemo(
    () => selectedRowIds(workbench.get()),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [selection, visible, doc],
  );
  const focusId = visible.ids[selection.focus.row] ?? null;
  // The target version's works on this chart's axis (its locations matched by name).
  const target = useMemo(() => {
    if (!showTarget || !server?.target) return null;
    const at = new Map(data.locations.map((name, i) => [name, i]));
    return server.target.lines
      .map((l) => ({
        ...l,
        segments: l.segments.flatMap((seg) => {
          const loc = at.get(server.locations[seg.loc] ?? '');
          return loc === undefined ? [] : [{ ...seg, loc }];
        }),
      }))
      .filter((l) => l.segments.length > 0);
  }, [server, data, showTarget]);
  const bySegment = useMemo(() => {
    const m = new Map<string, { seg: CycloSegment; kind: string }>();
    for (const l of data.lines) for (const seg of l.segments) m.set(seg.id, { seg, kind: l.kind });
    return m;
  }, [data]);
  // The works the selection names. The project's top row holds every work: lighting up the whole
  // chart says nothing, so then none is lit (the summary line says why).
  const chosen = useMemo(() => {
    const works = data.lines.reduce((n, l) => n + l.segments.length, 0);
    const ids = [...selected].filter((id) => bySegment.has(id));
    return { ids, all: works > 1 && ids.length === works };
  }, [selected, bySegment, data]);
  const lit = useMemo(() => (chosen.all ? new Set<string>() : new Set(chosen.ids)), [chosen]);
  // Every work in time order: ↑ and ↓ step through them.
  const order = useMemo(
    () =>
      data.lines
        .flatMap((l) => l.segments)
        .sort((a, b) => a.start - b.start || a.loc - b.loc)
        .map((s) => s.id),
    [data],
  );

  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  const tip = useCallback(
    (id: string) => {
      const w = bySegment.get(id);
      if (!w) return '';
      const day = (m: number) => formatDate(m, lang === 'ru' ? 'DD.MM.YYYY' : 'DD MMM YYYY', lang);
      const text = t('cyclogram.tip', {
        code: w.seg.code,
        name: w.seg.name,
        location: data.locations[w.seg.loc] ?? '',
        start: day(w.seg.start),
        finish: day(w.seg.finish),
        percent: Math.round(w.seg.percent),
      });
      return w.kind ? `${w.kind}: ${text}` : text;
    },
    [bySegment, data, t, lang],
  );

  const frameOf = useCallback(
    (w: number, h: number): CyclogramFrame => ({
      width: w,
      height: h,
      ts: tsRef.current,
      locations: data.locations,
      lines: data.lines,
      target,
      clashes: data.clashes,
      dataDate: version?.data_date ?? null,
      hoverId: hover?.id ?? null,
      focusId,
      selectedIds: lit,
      dragging,
      locale: i18n.language,
      quarter: (q) => (i18n.language === 'ru' ? `${q} кв.` : `Q${q}`),
    }),
    // `ts` is read through the ref (the pan's scroll); a new `ts` is a zoom or a fit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, target, ts, version, hover, focusId, lit, dragging, i18n.language],
  );
  const draw = useCallback(
    (ctx: CanvasRenderingContext2D, w: number, h: number) =>
      painter.paint(ctx, frameOf(w, h), window.devicePixelRatio || 1),
    [frameOf, painter],
  );
  const fitTo = useCallback(
    (w: number) => {
      const dd = version?.data_date ?? null;
      const start = data.start === null || dd === null ? data.start : Math.min(data.start, dd);
      setTs(fitScale(start, data.finish, w - LABEL_W));
    },
    [data, version, setTs],
  );
  // Fitted once per grouping and version, when there is something to fit and a width to fit in.
  const fitOnce = useCallback(() => {
    const key = `${versionId}|${locationBy}|${kindBy}`;
    if (size.current.w > 0 && data.start !== null && fitted.current !== key) {
      fitted.current = key;
      fitTo(size.current.w);
    }
  }, [data, versionId, locationBy, kindBy, fitTo]);
  useEffect(fitOnce, [fitOnce]);
  const onSize = useCallback(
    (w: number, h: number) => {
      size.current = { w, h };
      fitOnce();
    },
    [fitOnce],
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
  const pan = (dx: number) => panTo(tsRef.current.scrollLeft + dx);
  const zoom = (dir: 1 | -1) =>
    setTs((s) => {
      // Keep the middle of the chart where it is.
      const mid = (size.current.w - LABEL_W) / 2;
      const tMid = s.origin + (mid + s.scrollLeft) / (pxPerDay(s) / DAY);
      const next = { ...s, ...zoomStep(s, dir) };
      return { ...next, scrollLeft: Math.max(0, (tMid - next.origin) * (pxPerDay(next) / DAY) - mid) };
    });
  /** Scrolls a work into view when it is out of it (the keyboard's steps). */
  const reveal = (id: string) => {
    const w = bySegment.get(id);
    if (!w) return;
    const [x0, , , y1] = segmentLine(frameOf(size.current.w, size.current.h), w.seg);
    if (x0 < LABEL_W || x0 > size.current.w - 40) pan(x0 - LABEL_W - (size.current.w - LABEL_W) / 3);
    setHover({ id, x: Math.max(LABEL_W, Math.min(x0, size.current.w - 200)), y: y1, ...size.current });
  };

  const onKey = (e: KeyboardEvent) => {
    const at = focusId ? order.indexOf(focusId) : -1;
    const step = (d: number) => {
      const id =
        order[Math.max(0, Math.min(order.length - 1, at < 0 ? (d > 0 ? 0 : order.length - 1) : at + d))];
      if (id && selectSegment(id)) reveal(id);
    };
    if (e.altKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      // The keyboard's drag: the focused work one day earlier or later.
      if (focusId && bySegment.has(focusId)) moveSegment(focusId, e.key === 'ArrowLeft' ? -DAY : DAY);
    } else if (e.key === 'ArrowLeft' && !e.ctrlKey && !e.metaKey) pan(-80);
    else if (e.key === 'ArrowRight' && !e.ctrlKey && !e.metaKey) pan(80);
    else if (e.key === '+' || e.key === '=') zoom(1);
    else if (e.key === '-') zoom(-1);
    else if (e.key === 'ArrowDown') step(1);
    else if (e.key === 'ArrowUp') step(-1);
    else if (e.key === 'Escape' && drag.current) {
      drag.current = null;
      setDragging(null);
    } else {
      // Undo, redo, find… as in the grid and the Gantt; plain keys stay with the chart.
      const cmd = e.ctrlKey || e.metaKey ? commandForKey(e.nativeEvent) : null;
      if (!cmd || NOT_IN_CHART.has(cmd) || workbench.get().editing) return;
      runCommand(cmd);
    }
    e.preventDefault();
  };

  const local = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top, w: r.width, h: r.height };
  };
  const onDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0) return;
    const p = local(e);
    const hit = hitCyclogram(frameOf(p.w, p.h), p.x, p.y);
    e.currentTarget.setPointerCapture(e.pointerId);
    if (hit) {
      const id = hit.line.segments[hit.index]!.id;
      selectSegment(id, e.ctrlKey || e.metaKey || e.shiftKey);
      drag.current = version?.locked ? null : { kind: 'work', id, x: p.x, scroll: tsRef.current.scrollLeft };
    } else drag.current = { kind: 'pan', id: '', x: p.x, scroll: tsRef.current.scrollLeft };
  };
  const onMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const p = local(e);
    const d = drag.current;
    if (d?.kind === 'pan') {
      panTo(d.scroll - (p.x - d.x));
      return;
    }
    if (d?.kind === 'work') {
      const minutes = dragMinutes(p.x - d.x, pxPerDay(ts));
      setDragging((g) => (g?.id === d.id && g.minutes === minutes ? g : { id: d.id, minutes }));
      setHover(null);
      return;
    }
    const hit = hitCyclogram(frameOf(p.w, p.h), p.x, p.y);
    const id = hit?.line.segments[hit.index]?.id;
    setHover(id ? { id, x: p.x, y: p.y, w: p.w, h: p.h } : null);
  };
  const onUp = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    drag.current = null;
    setDragging(null);
    if (d?.kind !== 'work') return;
    const minutes = dragMinutes(local(e).x - d.x, pxPerDay(ts));
    if (minutes !== 0) moveSegment(d.id, minutes);
  };
  const exportPng = () => downloadCyclogramPng(canvas.current, locationBy);

  const saveColor = async (kind: string, color: string) => {
    if (!versionId) return;
    if (await saveCyclogramColor(versionId, kindBy, kind, color, t('cyclogram.colorSaved')))
      setReloads((n) => n + 1);
  };

  const keys = [...labels.entries()].map(([key, label]) => ({ key, label }));

  return (
    <div className="views-cyclogram wb-cyclogram" data-testid="workbench-cyclogram">
      <div className="views-toolbar" role="toolbar" aria-label={t('tabs.cyclogram')}>
        <CyclogramPickers keys={keys} locationBy={locationBy} kindBy={kindBy} onChange={setParam} />
        {server?.target && (
          <label>
            <input
              type="checkbox"
              checked={showTarget}
              onChange={(e) => setShowTarget(e.target.checked)}
              data-testid="workbench-cyclogram-target"
            />{' '}
            {t('cyclogram.showTarget', { label: server.target.label })}
          </label>
        )}
        <button
          type="button"
          className="btn"
          aria-pressed={showLegend}
          aria-controls="wb-cyclogram-legend"
          onClick={() => setShowLegend((v) => !v)}
        >
          {t('cyclogram.legend')}
        </button>
        <button type="button" className="btn" onClick={() => zoom(-1)} aria-label={t('zoomOut')}>
          −
        </button>
        <button type="button" className="btn" onClick={() => zoom(1)} aria-label={t('zoomIn')}>
          +
        </button>
        <button type="button" className="btn" onClick={() => fitTo(size.current.w)}>
          {t('cyclogram.fit')}
        </button>
        <button type="button" className="btn" onClick={exportPng}>
          {t('exportPng')}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() =>
            canvas.current &&
            void printCanvas(canvas.current, `${t('tabs.cyclogram')} — ${version?.label ?? ''}`)
          }
        >
          {t('print')}
        </button>
      </div>
      <p className="views-summary" aria-live="polite" data-testid="workbench-cyclogram-summary">
        {t('cyclogram.summary', {
          locations: data.locations.length,
          kinds: data.lines.length,
          clashes: data.clashes.length,
        })}
        {'. '}
        {chosen.all
          ? t('cyclogram.selectedAll', { count: chosen.ids.length })
          : chosen.ids.length === 1
            ? t('cyclogram.selectedOne', { work: tip(chosen.ids[0]!) })
            : chosen.ids.length > 1
              ? t('cyclogram.selectedMany', { count: chosen.ids.length })
              : t('cyclogram.selectedNone')}
      </p>
      {data.locations.length === 0 ? (
        <p className="views-muted">{t('empty')}</p>
      ) : (
        <div className="views-body">
          <div className="views-chart">
            <CanvasBox
              ref={canvas}
              draw={draw}
              repaint={repaint}
              onSize={onSize}
              tabIndex={0}
              role="img"
              aria-label={t('cyclogram.paneLabel')}
              aria-describedby="wb-cyclogram-keys"
              data-testid="workbench-cyclogram-canvas"
              className={dragging ? 'is-dragging' : undefined}
              onKeyDown={onKey}
              onPointerDown={onDown}
              onPointerMove={onMove}
              onPointerUp={onUp}
              onPointerLeave={() => !drag.current && setHover(null)}
              onWheel={(e) => pan(e.deltaX || e.deltaY)}
            />
            {hover && !dragging && (
              <div
                className="views-tip"
                // Below the pointer in the chart's top half, above it in the bottom half; never past
                // the right edge.
                style={{
                  left: Math.max(0, Math.min(hover.x + 12, hover.w - 320)),
                  ...(hover.y < hover.h / 2
                    ? { top: hover.y + HEADER_H / 2 }
                    : { bottom: hover.h - hover.y + 8 }),
                }}
                role="tooltip"
              >
                {tip(hover.id)}
              </div>
            )}
          </div>
          {showLegend && (
            <div id="wb-cyclogram-legend" className="wb-cyclogram__legend">
              <CyclogramLegend data={data} canEdit={canEdit} onColor={(k, c) => void saveColor(k, c)} />
            </div>
          )}
        </div>
      )}
      <p id="wb-cyclogram-keys" className="views-muted wb-cyclogram__keys" title={t('cyclogram.paneKeys')}>
        {t('cyclogram.paneKeys')}
      </p>
    </div>
  );
}

/** The workbench toolbar's switch between the Gantt and the cyclogram beside the grid (?chart=). */
export function CyclogramSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useViewsT();
  return (
    <button type="button" className="btn" aria-pressed={on} onClick={() => onChange(!on)}>
      {t('cyclogram.besideGrid')}
    </button>
  );
}
