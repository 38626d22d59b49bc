// The resource Gantt of the workbench (issue 17): each resource of the version a row with its
// usage histogram against its availability, its assignments under it as bars at their rows'
// dates — levelled dates where the version is levelled, over grey bars where they were before.
// The timescale, zoom and horizontal scroll are the task Gantt's (the store's `timescale`; the
// canvas reuses its grid and header layer); Alt+R switches back. Rows are virtual: the list and
// the canvas draw only the rows in view, and a resource's daily profile is made when it first
// shows (prefix sums: a period is two subtractions).

import { AlertTriangle, Users } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../api';
import type { Resource, ResourceAssignment } from '../../api/resources';
import { call } from '../../app/api/call';
import { EmptyState, Loading } from '../../app/ui/StatePanels';
import {
  assignmentCalendarId,
  dailyProfile,
  dayCapacity,
  groupCapacity,
  groupProfile,
  membersOf,
  periodPeak,
  resourceGanttRows,
  resourceTree,
} from '../../domain/resources';
import type {
  DailyProfile,
  DayCapacity,
  GanttAssignment,
  GanttResource,
  GanttRow,
} from '../../domain/resources';
import { sizeCanvas } from '../../gantt/draw';
import { drawResourceGantt } from '../../gantt/draw-resource';
import { dragMinutes, onBar } from '../../gantt/resource-drag';
import type { ResourceFrame, ResourceFrameRow } from '../../gantt/draw-resource';
import { lightTheme } from '../../gantt/theme';
import type { HeaderTexts } from '../../gantt/tier-labels';
import { timelineWidth } from '../../gantt/timescale';
import { onAssignmentsChanged } from '../../state/resources/assignments';
import { moveBar } from '../../state/workbench/bar-commands';
import { runCommand } from '../../state/workbench/commands';
import { commandForKey } from '../../state/workbench/keybindings';
import { useWorkbench, workbench } from '../../state/workbench/store';
import type { WorkbenchState } from '../../state/workbench/store';
import { useResourcesT } from './i18n';
import { workTimeOf } from './work-times';
import './resources.css';

/** Width of the list of resources left of the chart. */
const LIST_WIDTH = 280;
/** Indent of a level of the resource tree in the list. */
const INDENT = 12;
/** Commands the chart runs from the keyboard (the rest belong to the grid). */
const CHART_COMMANDS = new Set(['zoomIn', 'zoomOut', 'toggleResourceGantt', 'undo', 'redo']);

/** Runs the workbench command of a key the chart answers (zoom, Alt+R, undo, redo). */
function chartCommand(e: React.KeyboardEvent): void {
  const cmd = commandForKey(e);
  if (cmd && CHART_COMMANDS.has(cmd)) {
    e.preventDefault();
    runCommand(cmd);
  }
}

/** Focuses the element when focus was lost (the focused grid went away), never taking it. */
function takeFocus(el: HTMLElement | null): void {
  const now = document.activeElement;
  if (el && (!now || now === document.body)) el.focus({ preventScroll: true });
}

interface Loaded {
  resources: GanttResource[];
  assignments: GanttAssignment[];
  /** Each resource's calendar (space calendar id), by resource index. */
  calendars: (string | null)[];
}

function toGantt(list: readonly Resource[], items: readonly ResourceAssignment[]): Loaded {
  const resources: GanttResource[] = list.map((r) => ({
    key: r.id,
    name: r.code ? `${r.code} ${r.name}` : r.name,
    unit: r.unit,
    availability:
      r.default_limit > 0 || r.limits.length > 0 ? { defaultLimit: r.default_limit, limits: r.limits } : null,
    parentKey: r.parent_id,
  }));
  const calendars: (string | null)[] = list.map((r) => r.calendar_id);
  const known = new Set(resources.map((r) => r.key));
  const assignments: GanttAssignment[] = items.map((a) => {
    const key = a.resource_id && known.has(a.resource_id) ? a.resource_id : `name:${a.resource_name}`;
    if (!known.has(key)) {
      known.add(key);
      resources.push({ key, name: a.resource_name, unit: a.unit, availability: null });
      calendars.push(a.calendar_id);
    }
    return {
      id: a.id,
      wbsId: a.wbs_id,
      resourceKey: key,
      units: a.units,
      unitsPerDay: a.units_per_day,
      intensity: a.intensity,
      curve: a.curve,
      curveValues: a.curve_values,
    };
  });
  return { resources, assignments, calendars };
}

/**
 * An assignment's dates: its row's, the engine's (levelled ones where the version is levelled: the
 * levelled starts are an input of the schedule), with the dates before levelling where it moved.
 */
function datesOf(s: WorkbenchState, wbsId: string) {
  const sch = s.schedule;
  const p = sch?.position.get(wbsId);
  const es = sch && p !== undefined && sch.es[p]! >= 0 ? sch.es[p]! : NaN;
  const ef = sch && p !== undefined && sch.ef[p]! >= 0 ? sch.ef[p]! : NaN;
  const critical = sch && p !== undefined ? sch.critical[p] === 1 : false;
  const lv = s.levelled?.versionId === s.versionId ? s.levelled.dates.get(wbsId) : undefined;
  if (lv && (lv[0] !== es || lv[1] !== ef))
    return { start: es, finish: ef, baseStart: lv[0], baseFinish: lv[1], critical };
  return { start: es, finish: ef, baseStart: NaN, baseFinish: NaN, critical };
}

/** What a resource row draws: its usage (a group's: its members' summed) and availability per day. */
interface RowProfile {
  profile: DailyProfile | null;
  capacity: DayCapacity | null;
}

/**
 * Row profiles by resource index, made on first use for the store's current dates. Each
 * assignment's work follows its row's working time (the resource's calendar for a
 * resource-dependent row, P6), the availability the resource's calendar; a group sums its members.
 */
function profileCache(data: Loaded | null, ..._inputs: unknown[]): (ri: number) => RowProfile {
  const own = new Map<number, DailyProfile | null>();
  const rolled = new Map<number, RowProfile>();
  const byResource = new Map<string, GanttAssignment[]>();
  for (const a of data?.assignments ?? []) {
    const list = byResource.get(a.resourceKey);
    if (list) list.push(a);
    else byResource.set(a.resourceKey, [a]);
  }
  const tree = data ? resourceTree(data.resources) : { roots: [], children: [] };
  const ownProfile = (ri: number): DailyProfile | null => {
    const hit = own.get(ri);
    if (hit !== undefined || !data) return hit ?? null;
    const r = data.resources[ri]!;
    const s = workbench.get();
    const dated = (byResource.get(r.key) ?? []).map((a) => {
      const d = datesOf(s, a.wbsId);
      const row = s.wbs.doc.rows.get(a.wbsId);
      const cal = assignmentCalendarId(
        { kind: row?.sched?.kind ?? null, calendarId: row?.calendarId ?? null },
        data.calendars[ri] ?? null,
      );
      return { ...a, start: d.start, finish: d.finish, time: workTimeOf(cal) };
    });
    const p = dailyProfile(dated, r.availability, workTimeOf(data.calendars[ri] ?? null));
    own.set(ri, p);
    return p;
  };
  return (ri) => {
    const hit = rolled.get(ri);
    if (hit) return hit;
    let out: RowProfile = { profile: null, capacity: null };
    if (data) {
      const members = membersOf(tree.children, ri);
      if (members.length === 1) {
        const time = workTimeOf(data.calendars[ri] ?? null);
        out = { profile: ownProfile(ri), capacity: dayCapacity(data.resources[ri]!.availability, time) };
      } else {
        const list = members.map((m) => ({
          profile: ownProfile(m),
          availability: data.resources[m]!.availability,
          time: workTimeOf(data.calendars[m] ?? null),
        }));
        out = { profile: groupProfile(list), capacity: groupCapacity(list) };
      }
    }
    rolled.set(ri, out);
    return out;
  };
}

export function ResourceGantt({ locale }: { locale: string }) {
  const { t } = useResourcesT();
  const versionId = useWorkbench((s) => s.versionId);
  const schedule = useWorkbench((s) => s.schedule);
  const levelled = useWorkbench((s) => s.levelled);
  const doc = useWorkbench((s) => s.wbs.doc);
  const timescale = useWorkbench((s) => s.timescale);
  const rowHeight = useWorkbench((s) => s.rowHeight);
  const headerHeight = useWorkbench((s) => s.headerHeight);
  const dataDate = useWorkbench((s) => s.version?.data_date ?? NaN);
  const [data, setData] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [scrollTop, setScrollTop] = useState(0);
  const [selected, setSelected] = useState(-1);
  const [pane, setPane] = useState({ width: 600, height: 300 });
  const hostRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  // A bar being dragged: its row, where the press was, its dates then and the move so far.
  const [drag, setDrag] = useState<{
    row: number;
    wbsId: string;
    x0: number;
    start: number;
    delta: number;
  } | null>(null);

  // The space's resources (their availability) and the version's assignments.
  useEffect(() => {
    if (!versionId) return;
    let live = true;
    const load = () =>
      Promise.all([
        call(api.resources.list, {}, { silent: true }),
        call(api.resources.assignments, { query: { version_id: versionId } }, { silent: true }),
      ]).then(
        ([r, a]) => {
          if (!live) return;
          setData(toGantt(r.items, a.items));
          setFailed(false);
        },
        () => live && setFailed(true),
      );
    void load();
    const off = onAssignmentsChanged(() => void load());
    return () => {
      live = false;
      off();
    };
  }, [versionId]);

  useEffect(() => {
    const el = hostRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setPane({ width: el.clientWidth, height: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, [data]);

  const tree = useMemo(() => resourceTree(data?.resources ?? []), [data]);
  const rows = useMemo<GanttRow[]>(
    () => (data ? resourceGanttRows(data.resources, data.assignments, collapsed) : []),
    [data, collapsed],
  );

  // Per resource: its daily profile on the current (levelled) dates, made when first asked.
  const profiles = useMemo(() => profileCache(data, schedule, levelled), [data, schedule, levelled]);

  const bodyHeight = Math.max(0, pane.height - headerHeight);
  const maxScroll = Math.max(0, rows.length * rowHeight - bodyHeight);
  const top = Math.min(scrollTop, maxScroll);
  const first = Math.max(0, Math.floor(top / rowHeight));
  const last = Math.min(rows.length - 1, Math.ceil((top + bodyHeight) / rowHeight));

  const frameRow = useCallback(
    (i: number): ResourceFrameRow | null => {
      const row = rows[i];
      if (!row || !data) return null;
      if (row.kind === 'resource') {
        const { profile: p, capacity } = profiles(row.resource);
        return {
          kind: 'resource',
          limited: capacity !== null,
          selected: i === selected,
          load: (period) => (p ? periodPeak(p, period.start, period.end, capacity) : null),
        };
      }
      const a = data.assignments[row.assignment]!;
      let d = datesOf(workbench.get(), a.wbsId);
      // The dragged bar at its new place over a grey one where it was.
      if (drag && drag.wbsId === a.wbsId && drag.delta !== 0)
        d = {
          ...d,
          start: d.start + drag.delta,
          finish: d.finish + drag.delta,
          baseStart: d.start,
          baseFinish: d.finish,
        };
      return {
        kind: 'assignment',
        name: doc.rows.get(a.wbsId)?.name ?? '',
        ...d,
        selected: i === selected,
      };
    },
    [rows, data, profiles, doc, selected, drag],
  );

  const texts = useMemo<HeaderTexts>(() => {
    const q = [1, 2, 3, 4].map((n) => (locale.startsWith('ru') ? `${n} кв.` : `Q${n}`));
    return { quarter: (n) => q[n - 1] ?? `Q${n}` };
  }, [locale]);

  const chartWidth = Math.max(0, pane.width - LIST_WIDTH);
  useLayoutEffect(() => {
    const c = canvasRef.current;
    if (!c || chartWidth <= 0) return;
    const dpr = window.devicePixelRatio || 1;
    const frame: ResourceFrame = {
      width: chartWidth,
      height: pane.height,
      dpr,
      rowHeight,
      headerHeight,
      scrollTop: top,
      rowCount: rows.length,
      timescale,
      bars: [],
      links: [],
      dataDate,
      locale,
      texts,
      theme: lightTheme,
      showLabels: true,
      row: frameRow,
    };
    sizeCanvas(c, frame.width, frame.height, dpr);
    // Opaque (drawGridLayer paints the whole canvas): Chromium hands the frame over without
    // blending it; steady scrolling measured p50 1.3–2.3 ms against 1.7–3.1 ms with alpha in the
    // same runs (benchmarks/resource-gantt.ts, steady_opaque against steady_full/again).
    const ctx = c.getContext('2d', { alpha: false });
    if (ctx) drawResourceGantt(ctx, frame);
  }, [
    chartWidth,
    pane.height,
    rowHeight,
    headerHeight,
    top,
    rows.length,
    timescale,
    dataDate,
    locale,
    texts,
    frameRow,
  ]);

  // Wheel: rows up and down, Shift or a sideways wheel moves the shared timescale.
  useEffect(() => {
    const el = canvasRef.current;
    if (!el) return;
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const dx = e.shiftKey ? e.deltaY : e.deltaX;
      const dy = e.shiftKey ? 0 : e.deltaY;
      if (dy) setScrollTop((v) => Math.max(0, Math.min(maxScroll, v + dy)));
      if (dx) {
        const ts = workbench.get().timescale;
        workbench.set({ timescale: { ...ts, scrollLeft: Math.max(0, ts.scrollLeft + dx) } });
      }
    };
    el.addEventListener('wheel', wheel, { passive: false });
    return () => el.removeEventListener('wheel', wheel);
  }, [maxScroll, data]);

  useEffect(() => {
    const el = barRef.current;
    if (el && Math.abs(el.scrollLeft - timescale.scrollLeft) > 1) el.scrollLeft = timescale.scrollLeft;
  }, [timescale.scrollLeft, timescale.unit, timescale.zoom]);

  const toggle = useCallback(
    (key: string, close?: boolean) =>
      setCollapsed((c) => {
        const next = new Set(c);
        const shut = close ?? !next.has(key);
        if (shut) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );

  const onKeyDown = useCallback(
    (e: React.KeyboardEvent) => {
      if (e.key === 'Escape' && drag) {
        setDrag(null);
        return;
      }
      const page = Math.max(1, Math.floor(bodyHeight / rowHeight) - 1);
      const move = (to: number) => {
        const next = Math.max(0, Math.min(rows.length - 1, to));
        setSelected(next);
        setScrollTop((v) => {
          const y = next * rowHeight;
          if (y < v) return y;
          if (y + rowHeight > v + bodyHeight) return Math.min(maxScroll, y + rowHeight - bodyHeight);
          return v;
        });
      };
      const keys: Record<string, () => void> = {
        ArrowDown: () => move(selected + 1),
        ArrowUp: () => move(selected - 1),
        PageDown: () => move(selected + page),
        PageUp: () => move(selected - page),
        Home: () => move(0),
        End: () => move(rows.length - 1),
      };
      const row = rows[selected];
      if (row?.kind === 'resource' && data && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
        const key = data.resources[row.resource]!.key;
        keys[e.key] = () => toggle(key, e.key === 'ArrowLeft');
      }
      const k = keys[e.key];
      if (k && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        k();
        return;
      }
      chartCommand(e);
    },
    [rows, selected, bodyHeight, rowHeight, maxScroll, data, toggle, drag],
  );
  // The chart opened with Alt+R from the grid, or drawn in place of its empty state (each took the
  // focused element away): keys come to it at once.
  const drawn = (data?.assignments.length ?? 0) > 0;
  useEffect(() => {
    if (drawn) takeFocus(canvasRef.current);
  }, [drawn]);

  if (failed) return <EmptyState icon={AlertTriangle} title={t('rgantt.failed')} />;
  if (!data) return <Loading />;
  if (data.assignments.length === 0)
    return (
      // Alt+R back and Ctrl+Z answer here too (an undo may bring assignments back).
      <div className="rg-empty" tabIndex={-1} ref={takeFocus} onKeyDown={chartCommand}>
        <EmptyState icon={Users} title={t('rgantt.empty')} hint={t('rgantt.empty_hint')} />
      </div>
    );

  let overCount = 0;
  let resourceCount = 0;
  for (const r of rows)
    if (r.kind === 'resource') {
      resourceCount++;
      if ((profiles(r.resource).profile?.overDays ?? 0) > 0) overCount++;
    }
  const visible: React.ReactNode[] = [];
  for (let i = first; i <= last; i++) {
    const row = rows[i]!;
    const y = headerHeight + i * rowHeight - top;
    const style = { top: y, height: rowHeight };
    const sel = i === selected ? ' rg-row--selected' : '';
    if (row.kind === 'resource') {
      const r = data.resources[row.resource]!;
      const { profile, capacity } = profiles(row.resource);
      const over = profile?.overDays ?? 0;
      const open = !collapsed.has(r.key);
      visible.push(
        <div
          key={`r${row.resource}`}
          className={`rg-row rg-row--resource${sel}`}
          style={style}
          role="row"
          data-resource={r.name}
          data-over={over > 0 ? 'true' : 'false'}
          onClick={() => setSelected(i)}
        >
          <button
            type="button"
            className="rg-toggle"
            aria-expanded={open}
            aria-label={open ? t('rgantt.collapse') : t('rgantt.expand')}
            onClick={() => toggle(r.key)}
          >
            {open ? '▾' : '▸'}
          </button>
          <span
            className="rg-name"
            role="gridcell"
            title={r.name}
            style={{ paddingLeft: row.depth * INDENT }}
          >
            {r.name}
          </span>
          {row.group ? (
            <span className="rg-count" data-testid="rgantt-group" title={t('rgantt.group_hint')}>
              {t('rgantt.group', { count: membersOf(tree.children, row.resource).length - 1 })}
            </span>
          ) : (
            <span className="rg-count" title={t('rgantt.assignments', { count: row.count })}>
              {t('rgantt.assignments', { count: row.count })}
            </span>
          )}
          {over > 0 ? (
            <span className="rg-over" title={t('rgantt.over_days', { count: over })}>
              {t('rgantt.over')}
            </span>
          ) : capacity === null ? (
            <span className="rg-nolimit">{t('rgantt.no_limit')}</span>
          ) : null}
        </div>,
      );
    } else {
      const a = data.assignments[row.assignment]!;
      const name = doc.rows.get(a.wbsId)?.name ?? '';
      visible.push(
        <div
          key={`a${row.assignment}`}
          className={`rg-row rg-row--assignment${sel}`}
          style={style}
          role="row"
          data-wbs={a.wbsId}
          onClick={() => setSelected(i)}
        >
          <span className="rg-name" role="gridcell" style={{ paddingLeft: row.depth * INDENT }}>
            {name}
          </span>
        </div>,
      );
    }
  }

  return (
    <div className="rg" ref={hostRef} data-testid="resource-gantt">
      <div
        className="rg-list"
        role="grid"
        aria-label={t('rgantt.list')}
        aria-rowcount={rows.length}
        style={{ width: LIST_WIDTH }}
        onWheel={(e) => setScrollTop((v) => Math.max(0, Math.min(maxScroll, v + e.deltaY)))}
      >
        <div className="rg-head" style={{ height: headerHeight }}>
          <strong>{t('rgantt.resource')}</strong>
          <span
            className="rg-summary"
            data-testid="rgantt-summary"
            title={levelled?.versionId === versionId ? t('rgantt.levelled_note') : undefined}
          >
            {t('rgantt.summary', { resources: resourceCount, over: overCount })}
            {levelled?.versionId === versionId && <span className="rg-note"> · {t('rgantt.levelled')}</span>}
          </span>
        </div>
        {visible}
      </div>
      <div className="rg-chart" style={{ width: chartWidth }}>
        <canvas
          ref={canvasRef}
          data-testid="resource-gantt-canvas"
          role="application"
          aria-label={t('rgantt.label')}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onPointerDown={(e) => {
            if (e.button !== 0) return;
            const rect = e.currentTarget.getBoundingClientRect();
            const y = e.clientY - rect.top - headerHeight + top;
            if (y < 0) return;
            const i = Math.min(rows.length - 1, Math.floor(y / rowHeight));
            setSelected(i);
            const row = rows[i];
            if (row?.kind !== 'assignment' || !data || workbench.get().version?.locked) return;
            const wbsId = data.assignments[row.assignment]!.wbsId;
            const d = datesOf(workbench.get(), wbsId);
            const x = e.clientX - rect.left;
            if (!onBar(timescale, d.start, d.finish, x)) return;
            e.currentTarget.setPointerCapture(e.pointerId);
            setDrag({ row: i, wbsId, x0: x, start: d.start, delta: 0 });
          }}
          onPointerMove={(e) => {
            if (!drag) return;
            const x = e.clientX - e.currentTarget.getBoundingClientRect().left;
            const delta = dragMinutes(timescale, drag.x0, x);
            if (delta !== drag.delta) setDrag({ ...drag, delta });
          }}
          onPointerUp={() => {
            // One command and one undo step, as a bar drag of the task Gantt.
            if (drag && drag.delta !== 0) moveBar(drag.wbsId, drag.start + drag.delta);
            setDrag(null);
          }}
          onPointerCancel={() => setDrag(null)}
        />
        <div
          ref={barRef}
          className="rg-hscroll"
          onScroll={(e) => {
            const ts = workbench.get().timescale;
            const left = e.currentTarget.scrollLeft;
            if (Math.abs(left - ts.scrollLeft) > 1) workbench.set({ timescale: { ...ts, scrollLeft: left } });
          }}
        >
          <div style={{ width: timelineWidth(timescale), height: 1 }} />
        </div>
      </div>
    </div>
  );
}
