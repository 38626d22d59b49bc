// The daily plans by resource (spec §7 "wdp: resource gantt"; GET versions/{id}/wdp/resource-gantt):
// each assigned resource's quantity per day of the chosen kind, days across as in the day matrix,
// and under it the works that ask for it, each a bar from its first to its last day with the
// day's quantity. Read-only (the values are the rows' days: edit them in the Works view). Read
// again when the kind changes and whenever the workbench has saved a change (no pending write),
// so an edit, an undo or a remote change shows here. Virtualized both ways like the day matrix.
// A resource with a limit (the Resources module's availability) has a limit line under it: its
// limit per day, and its days over the limit marked red.
import { useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../api';
import type { WdpResourceGantt } from '../../api/wdp';
import { call } from '../../app/api/call';
import { formatNumber } from '../../domain/format';
import type { PlanKind } from '../../domain/wdp';
import { limitDays, overLimitDays } from '../../domain/wdp';
import type { Availability } from '../../domain/resources/usage';
import { useWdpScope } from './scope';
import { useWorkbench } from '../../state/workbench/store';
import { DAY_SPAN } from './DayMatrix';
import { COL_W, LEFT_W, ROW_H, dayHeadings } from './day-grid';

type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * One painted line: a resource (its day sums), its limit line, or one of its works (a bar and
 * its days).
 */
interface Line {
  key: string;
  resource: boolean;
  /** The limit line: its resource's availability. */
  limit?: Availability;
  /** A resource's days over its limit. */
  over?: ReadonlySet<number>;
  label: string;
  title: string;
  total: number;
  days: ReadonlyMap<number, number>;
  first: number;
  last: number;
}

export function ResourceDays(props: {
  kind: PlanKind;
  firstDay: number;
  /** The column the view opens on (the day matrix's focused day). */
  openCol: number;
  lang: 'en' | 'ru';
  t: T;
  height: number;
}) {
  const { kind, firstDay, openCol, lang, t, height } = props;
  // The version shown (on the project grid: the focused row's).
  const { versionId, store } = useWdpScope();
  const saving = useWorkbench((s) => s.saving);
  const wdpRevision = store.use((s) => s.revision);
  const [data, setData] = useState<WdpResourceGantt | null>(null);
  const [failed, setFailed] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, left: 0, width: 800 });

  useEffect(() => {
    if (!versionId || saving > 0) return;
    let live = true;
    call(api.wdp.resourceGantt, { params: { id: versionId }, query: { kind } }, { silent: true }).then(
      (g) => {
        if (live) {
          setData(g);
          setFailed(false);
        }
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [versionId, kind, saving, wdpRevision]);

  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollLeft = Math.max(0, (openCol - 2) * COL_W);
    // Only on opening: later the user scrolls.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data !== null]);

  const lines = useMemo<Line[]>(() => {
    const out: Line[] = [];
    for (const r of data?.resources ?? []) {
      const days = new Map(r.days.map((d) => [d.day, d.value]));
      const label = r.unit ? `${r.name}, ${r.unit}` : r.name;
      const limit = r.limit ? { defaultLimit: r.limit.default_limit, limits: r.limit.limits } : null;
      out.push({
        key: r.resource_id,
        resource: true,
        label,
        title: label,
        total: r.total,
        days,
        first: Math.min(...days.keys()),
        last: Math.max(...days.keys()),
        ...(limit ? { over: new Set(overLimitDays(days, limit)) } : {}),
      });
      if (limit)
        out.push({
          key: `${r.resource_id}:limit`,
          resource: false,
          limit,
          label: t('rg_limit'),
          title: t('rg_limit_title', { name: r.name }),
          total: NaN,
          days: new Map(),
          first: Infinity,
          last: -Infinity,
        });
      for (const w of r.works)
        out.push({
          key: `${r.resource_id}:${w.item_id}`,
          resource: false,
          label: `${w.code} ${w.name}`.trim(),
          title: t('rg_work_title', { units: w.units, unit: r.unit, name: w.name }),
          total: w.total,
          days: new Map(w.days.map((d) => [d.day, d.value])),
          first: w.first_day,
          last: w.last_day,
        });
    }
    return out;
  }, [data, t]);

  const fmt = (v: number | undefined) =>
    v === undefined ? '' : formatNumber(v, { lang, decimals: 2, trimZeros: true });

  if (failed)
    return (
      <p className="wb-rel-error" role="alert">
        {t('load_failed')}
      </p>
    );
  if (!data) return <p className="wb-dim">{t('loading')}</p>;
  if (lines.length === 0)
    return <p className="wb-dim wdp-rg-empty">{t('rg_empty', { kind: t(`kind.${kind}`) })}</p>;

  const r0 = Math.max(0, Math.floor(scroll.top / ROW_H) - 2);
  const r1 = Math.min(lines.length, r0 + Math.ceil(height / ROW_H) + 4);
  const c0 = Math.max(0, Math.floor(scroll.left / COL_W) - 1);
  const c1 = Math.min(DAY_SPAN, c0 + Math.ceil((scroll.width - LEFT_W) / COL_W) + 3);

  const header = dayHeadings(c0, c1, firstDay, lang);
  const body = [];
  for (let r = r0; r < r1; r++) {
    const line = lines[r]!;
    const top = r * ROW_H;
    body.push(
      <div
        key={`l${line.key}`}
        role="rowheader"
        className={`wdp-left${line.resource ? ' wdp-sum' : ''}`}
        style={{ top, left: scroll.left, height: ROW_H, width: LEFT_W }}
        data-line={line.key}
      >
        <span className="wdp-name" style={{ paddingLeft: line.resource ? 4 : 18 }} title={line.title}>
          {line.label}
        </span>
        <span className="wdp-total" data-testid={`wdp-rg-total-${line.key}`}>
          {Number.isNaN(line.total) ? '' : fmt(line.total)}
        </span>
      </div>,
    );
    if (line.limit) {
      for (const [day, v] of limitDays(line.limit, firstDay + c0, firstDay + c1))
        body.push(
          <div
            key={`${line.key}:${day}`}
            role="gridcell"
            className="wdp-cell wdp-rg-limit"
            style={{ top, left: LEFT_W + (day - firstDay) * COL_W, width: COL_W, height: ROW_H }}
            data-line={line.key}
            data-day={day}
          >
            {fmt(v)}
          </div>,
        );
      continue;
    }
    // The bar: from the first to the last day with a value, cut to the days painted.
    const b0 = Math.max(line.first - firstDay, c0);
    const b1 = Math.min(line.last - firstDay, c1 - 1);
    if (b1 >= b0)
      body.push(
        <div
          key={`b${line.key}`}
          className={line.resource ? 'wdp-rg-bar wdp-rg-bar--res' : 'wdp-rg-bar'}
          style={{
            top: top + 3,
            left: LEFT_W + b0 * COL_W + 1,
            width: (b1 - b0 + 1) * COL_W - 2,
            height: ROW_H - 6,
          }}
        />,
      );
    for (let c = c0; c < c1; c++) {
      const day = firstDay + c;
      const v = line.days.get(day);
      if (v === undefined) continue;
      const over = line.over?.has(day) ?? false;
      body.push(
        <div
          key={`${line.key}:${c}`}
          role="gridcell"
          className={`wdp-cell wdp-rg-cell${line.resource ? ' wdp-sum' : ''}${over ? ' wdp-rg-over' : ''}`}
          title={over ? t('rg_over_title') : undefined}
          style={{ top, left: LEFT_W + c * COL_W, width: COL_W, height: ROW_H }}
          data-line={line.key}
          data-day={day}
        >
          {fmt(v)}
        </div>,
      );
    }
  }

  return (
    <div
      ref={scroller}
      className="wdp-matrix wdp-rg"
      role="grid"
      aria-readonly="true"
      aria-label={t('rg_label', { kind: t(`kind.${kind}`) })}
      aria-rowcount={lines.length}
      aria-colcount={DAY_SPAN}
      tabIndex={0}
      style={{ height }}
      onScroll={(e) => {
        const el = e.currentTarget;
        setScroll({ top: el.scrollTop, left: el.scrollLeft, width: el.clientWidth });
      }}
    >
      <div
        className="wdp-canvas"
        style={{ width: LEFT_W + DAY_SPAN * COL_W, height: lines.length * ROW_H + ROW_H }}
      >
        <div className="wdp-head" style={{ width: LEFT_W + DAY_SPAN * COL_W, height: ROW_H }}>
          <div className="wdp-corner" style={{ width: LEFT_W, left: scroll.left }}>
            <span>{t('rg_col_resource')}</span>
            <span className="wdp-total">{t('col_total')}</span>
          </div>
          {header}
        </div>
        <div className="wdp-body" style={{ top: ROW_H }}>
          {body}
        </div>
      </div>
    </div>
  );
}
