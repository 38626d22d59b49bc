// The network diagram: activities as PERT boxes left to right by their longest chain of
// predecessors, relations as arrows, the critical path in red; pan, zoom, open a box in the grid.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { api } from '../../api';
import { call } from '../../app/api/call';
import { formatDate } from '../../domain/format';
import { NET_SIZES } from '../../domain/network';
import type { NetLayout } from '../../domain/network';
import { drawNetwork, hitNetwork } from '../../gantt/draw-network';
import type { NetBoxText, NetworkFrame } from '../../gantt/draw-network';
import { layoutNetworkAsync } from '../../workers/network-client';
import { CanvasBox } from './CanvasBox';
import { useViewsT } from './i18n';
import { useLoad } from './use-load';

interface Props {
  versionId: string;
  minutesPerDay: number;
  onOpen: (code: string) => void;
}

export function NetworkView({ versionId, minutesPerDay, onOpen }: Props) {
  const { t, i18n } = useViewsT();
  const net = useLoad(
    () =>
      Promise.all([
        call(api.views.networkTasks, { params: { id: versionId } }),
        call(api.views.networkRelations, { params: { id: versionId } }),
      ]),
    [versionId],
  );
  const [view, setView] = useState({ scale: 1, x: 0, y: 0 });
  const [selected, setSelected] = useState<string | null>(null);
  const drag = useRef<{ px: number; py: number; x: number; y: number; moved: boolean } | null>(null);
  const lang = i18n.language === 'ru' ? 'ru' : 'en';

  // The layout in the network worker (2,000 activities stay off the main thread).
  const [laid, setLaid] = useState<{ of: unknown; layout: NetLayout } | null>(null);
  const [layoutError, setLayoutError] = useState<string | null>(null);
  useEffect(() => {
    if (!net.data) return;
    const of = net.data;
    const [tasks, rels] = of;
    let live = true;
    layoutNetworkAsync(
      tasks.items.map((x) => ({ id: x.id, es: x.es, critical: x.critical })),
      rels.items.map((r) => ({ pred: r.pred_id, succ: r.succ_id })),
    ).then(
      (layout) => live && setLaid({ of, layout }),
      (e: unknown) => live && setLayoutError(String((e as Error).message ?? e)),
    );
    return () => {
      live = false;
    };
  }, [net.data]);

  const model = useMemo(() => {
    if (!net.data || laid?.of !== net.data) return null;
    const [tasks] = net.data;
    const layout = laid.layout;
    const day = (m: number | null) => (m === null ? '—' : formatDate(m, 'DD.MM.YY', lang));
    const texts = new Map<string, NetBoxText>(
      tasks.items.map((x) => [
        x.id,
        {
          code: x.code,
          name: x.name,
          dates: `${day(x.es)} – ${day(x.ef)}`,
          float: t('network.float', {
            days: x.tf === null ? '—' : Math.round((x.tf / minutesPerDay) * 10) / 10,
          }),
          critical: x.critical,
          percent: x.percent,
        },
      ]),
    );
    return { layout, texts, tasks: tasks.items };
  }, [net.data, laid, lang, t, minutesPerDay]);

  const frame = useCallback(
    (w: number, h: number): NetworkFrame | null =>
      model
        ? {
            width: w,
            height: h,
            layout: model.layout,
            sizes: NET_SIZES,
            texts: model.texts,
            ...view,
            selectedId: selected,
          }
        : null,
    [model, view, selected],
  );
  const draw = useCallback(
    (ctx: CanvasRenderingContext2D, w: number, h: number) => {
      const f = frame(w, h);
      if (f) drawNetwork(ctx, f);
    },
    [frame],
  );
  const zoom = (k: number) => setView((v) => ({ ...v, scale: Math.min(2, Math.max(0.2, v.scale * k)) }));
  const pan = (dx: number, dy: number) =>
    setView((v) => ({ ...v, x: Math.max(-200, v.x + dx / v.scale), y: Math.max(-200, v.y + dy / v.scale) }));
  const onKey = (e: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowLeft: () => pan(-80, 0),
      ArrowRight: () => pan(80, 0),
      ArrowUp: () => pan(0, -80),
      ArrowDown: () => pan(0, 80),
      '+': () => zoom(1.25),
      '=': () => zoom(1.25),
      '-': () => zoom(0.8),
      Enter: () => {
        const x = model?.tasks.find((a) => a.id === selected);
        if (x) onOpen(x.code);
      },
    };
    const k = keys[e.key];
    if (!k) return;
    e.preventDefault();
    k();
  };
  const onDown = (e: PointerEvent<HTMLCanvasElement>) => {
    drag.current = { px: e.clientX, py: e.clientY, x: view.x, y: view.y, moved: false };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.px;
    const dy = e.clientY - d.py;
    if (Math.abs(dx) + Math.abs(dy) > 3) d.moved = true;
    if (d.moved) setView((v) => ({ ...v, x: d.x - dx / v.scale, y: d.y - dy / v.scale }));
  };
  const onUp = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d || d.moved || !model) return;
    const r = e.currentTarget.getBoundingClientRect();
    const hit = hitNetwork(
      { layout: model.layout, sizes: NET_SIZES, ...view },
      e.clientX - r.left,
      e.clientY - r.top,
    );
    if (!hit) return;
    if (hit.id === selected) onOpen(model.texts.get(hit.id)!.code);
    else setSelected(hit.id);
  };

  const failure = net.error ?? layoutError;
  if (failure)
    return (
      <p className="views-error" role="alert">
        {t('failed', { message: failure })}{' '}
        <button type="button" className="btn" onClick={net.reload}>
          {t('retry')}
        </button>
      </p>
    );
  if (!model) return <p className="views-muted">{t('loading')}</p>;
  const critical = model.tasks.filter((x) => x.critical).length;
  return (
    <div className="views-network">
      <div className="views-toolbar" role="toolbar">
        <button type="button" className="btn" onClick={() => zoom(0.8)} aria-label={t('zoomOut')}>
          −
        </button>
        <button type="button" className="btn" onClick={() => zoom(1.25)} aria-label={t('zoomIn')}>
          +
        </button>
        <p className="views-summary" data-testid="network-summary">
          {t('network.summary', {
            boxes: model.layout.boxes.length,
            edges: model.layout.edges.length,
            critical,
          })}{' '}
          <span className="views-muted">{t('network.keys')}</span>
        </p>
      </div>
      {model.layout.cyclic.length > 0 && (
        <p className="views-muted">{t('network.loops', { count: model.layout.cyclic.length })}</p>
      )}
      <div className="views-chart">
        <CanvasBox
          draw={draw}
          tabIndex={0}
          role="img"
          aria-label={t('tabs.network')}
          data-testid="network-canvas"
          onKeyDown={onKey}
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={onUp}
          onWheel={(e) => (e.ctrlKey ? zoom(e.deltaY < 0 ? 1.1 : 0.9) : pan(e.deltaX, e.deltaY))}
        />
      </div>
    </div>
  );
}
