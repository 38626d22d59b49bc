// The node information panel (spec §2): tabs node_info, task_relations, directories,
// related_schedules, gallery, timesheets, daily_planning, planning, assignments, model_3d. node_info and
// task_relations work (node_info also marks a task resource dependent: its duration follows its
// assignments, issue 17); directories lists the row's attribute values under the import's labels;
// related_schedules lists links to other projects' activities (RelatedSchedulesTab);
// assignments lists the row's imported resource assignments (read-only); daily_planning, planning
// and timesheets are the daily work plan's (src/modules/wdp); gallery holds the photos and comments
// of the row and its schedule (src/modules/gallery); model_3d shows the schedule's linked model
// with the row's elements (src/modules/bim/NodeModelTab.tsx). A tab with nothing for the row says
// what it would hold.
// Its height is set by the splitter above it (SchedulePage).

import { type KeyboardEvent, Suspense, lazy, useMemo, useRef } from 'react';
import { Loading } from '../../app/ui/StatePanels';
import { rovingIndex } from '../../app/ui/roving-index';
import type { CellTextContext } from '../../state/workbench/cell-text';
import { cellText, finishDateText, startDateText } from '../../state/workbench/cell-text';
import { COLUMN_DEFS } from '../../state/workbench/columns';
import { rowAt } from '../../state/workbench/data';
import type { PanelTab } from '../../state/workbench/store';
import { useWorkbench, workbench } from '../../state/workbench/store';
import type { RowView } from '../../state/workbench/types';
import { AssignmentsTab } from './AssignmentsTab';
import { DirectoriesTab, type RowVersion } from './DirectoriesTab';
import { RelatedSchedulesTab } from './RelatedSchedulesTab';
import { RelationsTab } from './RelationsTab';
import { Fields, TabEmpty } from './panel-parts';
import { DailyPlanningTab } from '../wdp/DailyPlanningTab';
import { useWdpLoader } from '../wdp/load';
import { type WdpScope, WdpScopeProvider } from '../wdp/scope';
import { PlanningTab } from '../wdp/PlanningTab';
import { TimesheetsTab } from '../wdp/TimesheetsTab';
import { GalleryTab } from '../gallery/GalleryTab';
import { RowPeople } from '../collab/RowPeople';
import { hasOwnPeople } from '../../state/row-people';
import { canMarkResourceDependent, setResourceDependent } from '../../state/resources/resource-dependent';
import '../wdp/wdp.css';

// The 3D tab's viewer (three.js) loads only when the tab is shown.
const NodeModelTab = lazy(() => import('../bim/NodeModelTab').then((m) => ({ default: m.NodeModelTab })));

export const PANEL_TABS: readonly PanelTab[] = [
  'node_info',
  'task_relations',
  'directories',
  'related_schedules',
  'gallery',
  'timesheets',
  'daily_planning',
  'planning',
  'assignments',
  'model_3d',
];

type T = (key: string, params?: Record<string, unknown>) => string;

function NodeInfo({ v, ctx, t }: { v: RowView; ctx: CellTextContext; t: T }) {
  const text = (id: string) => cellText(v, COLUMN_DEFS[id]!, ctx);
  const r = v.row;
  const s = workbench.get();
  const p = s.schedule?.position.get(r.id);
  const late = p !== undefined && s.schedule ? [s.schedule.ls[p]!, s.schedule.lf[p]!] : null;
  // The grid's date texts: the same format, and a late finish at midnight shows the day it ends.
  const date = (m: number | null) => (m === null || m < 0 ? '' : startDateText(m, ctx.lang));
  const finish = (m: number) => (m < 0 ? '' : finishDateText(m, ctx.lang));
  const limit = (type: string | null, d: number | null) =>
    type ? `${t(`limit.${type}`)} ${date(d)}` : t('panel.none');
  const early = text('start') || text('finish') ? `${text('start')} – ${text('finish')}` : '';
  const fields: [string, string][] = [
    [t('col.code'), text('code')],
    [t('col.name'), r.name],
    [t('col.type'), text('type')],
    [t('col.duration'), text('duration')],
    [t('panel.early'), early],
    [t('panel.late'), late ? `${date(late[0]!)} – ${finish(late[1]!)}` : ''],
    [t('col.total_float'), text('total_float')],
    [t('col.free_float'), text('free_float')],
    [t('col.start_float'), text('start_float')],
    [t('col.finish_float'), text('finish_float')],
    [t('col.progress'), text('progress')],
    [t('col.status'), text('status')],
    [t('col.calendar'), text('calendar') || '—'],
    [t('panel.start_limit'), limit(r.startLimitType, r.startLimitDate)],
    [t('panel.finish_limit'), limit(r.finishLimitType, r.finishLimitDate)],
    [t('col.volume'), text('volume')],
    [t('col.price'), text('price')],
  ];
  return (
    <div className="wb-info">
      <Fields fields={fields} />
      {(r.nodeType === 'task' || r.nodeType === 'work') && (
        <label className="wb-info-check" title={t('panel.resource_dependent_hint')}>
          <input
            type="checkbox"
            checked={r.sched?.kind === 'resource'}
            disabled={!canMarkResourceDependent(r.id)}
            onChange={(e) => setResourceDependent(r.id, e.target.checked)}
          />{' '}
          {t('panel.resource_dependent')}
        </label>
      )}
      {s.versionId && hasOwnPeople(r.id) && <RowPeople versionId={s.versionId} wbsId={r.id} />}
    </div>
  );
}

/** Arrow keys, Home and End move between the tabs (WAI-ARIA tabs, automatic activation). */
function tabKey(e: KeyboardEvent, tab: PanelTab, tabs: readonly PanelTab[], list: HTMLElement | null): void {
  const next = rovingIndex(e.key, tabs.indexOf(tab), tabs.length, 'ArrowLeft', 'ArrowRight');
  if (next < 0) return;
  e.preventDefault();
  const id = tabs[next]!;
  workbench.set({ panelTab: id });
  list?.querySelector<HTMLElement>(`#wb-tab-${id}`)?.focus();
}

/** Tabs of one version's side data: a row of no version (the project grid's summary) has none. */
const OWN_VERSION_TABS: readonly PanelTab[] = ['gallery', 'timesheets', 'assignments', 'model_3d'];

/** The daily work plan's tabs: their data is loaded only where the panel offers them. */
const WDP_TABS: readonly PanelTab[] = ['timesheets', 'daily_planning', 'planning'];

export function InfoPanel({
  ctx,
  t,
  height,
  tabs: offered = PANEL_TABS,
  rowVersion,
  wdpScope,
}: {
  ctx: CellTextContext;
  t: T;
  height: number;
  /** The tabs shown (the project grid offers those that read the merged document only). */
  tabs?: readonly PanelTab[];
  /** A shown row's own version and id, where rows are of several versions (the project grid). */
  rowVersion?: ((rowId: string) => RowVersion | null) | undefined;
  /** The daily plans of a row's own version, where rows are of several (the project grid). */
  wdpScope?: ((rowId: string) => WdpScope | null) | undefined;
}) {
  const chosen = useWorkbench((s) => s.panelTab);
  const tab = offered.includes(chosen) ? chosen : offered[0]!;
  const focus = useWorkbench((s) => s.selection.focus.row);
  const tabs = useRef<HTMLDivElement>(null);
  // The page's one version's days; the project grid reads each version's when its tab shows.
  useWdpLoader(!wdpScope && offered.some((x) => WDP_TABS.includes(x)));
  const docRows = useWorkbench((s) => s.wbs.doc.rows);
  useWorkbench((s) => s.schedule);
  useWorkbench((s) => s.visible);
  const v = rowAt(workbench.get(), focus);
  const focusedId = v?.row.id;
  // The row's own version where rows are of several (one object per row, so the 3D tab's
  // selection is not made again at every render); null: no version's row (a schedule's summary).
  const place = useMemo(
    () => (rowVersion && focusedId !== undefined ? rowVersion(focusedId) : undefined),
    // docRows: a row moved under another parent changes its subtree.
    [rowVersion, focusedId, docRows], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const scope = useMemo(
    () => (wdpScope && focusedId !== undefined ? wdpScope(focusedId) : undefined),
    [wdpScope, focusedId, docRows], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const rowLabel = v ? `${v.row.code ?? v.outline}  ${v.row.name}` : '';
  return (
    <section className="wb-panel" style={{ height }} aria-label={v ? v.row.name : t('tab.node_info')}>
      <div className="wb-tabs" role="tablist" ref={tabs} aria-label={t('panel.tabs')}>
        {offered.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`wb-tab-${id}`}
            aria-selected={tab === id}
            aria-controls="wb-tabpanel"
            tabIndex={tab === id ? 0 : -1}
            className={`wb-tab${tab === id ? ' wb-tab-on' : ''}`}
            onClick={() => workbench.set({ panelTab: id })}
            onKeyDown={(e) => tabKey(e, tab, offered, tabs.current)}
          >
            {t(`tab.${id}`)}
          </button>
        ))}
        {v && (
          <span className="wb-panel-row" title={rowLabel}>
            {rowLabel}
          </span>
        )}
      </div>
      <div
        className="wb-tabpanel"
        id="wb-tabpanel"
        role="tabpanel"
        tabIndex={0}
        aria-labelledby={`wb-tab-${tab}`}
      >
        {!v ? (
          <p className="wb-dim">{t('panel.no_row')}</p>
        ) : tab === 'node_info' ? (
          <NodeInfo v={v} ctx={ctx} t={t} />
        ) : tab === 'task_relations' ? (
          <RelationsTab rowId={v.row.id} ctx={ctx} t={t} />
        ) : tab === 'directories' ? (
          <DirectoriesTab v={v} t={t} {...(place !== undefined ? { place } : {})} />
        ) : tab === 'related_schedules' ? (
          <RelatedSchedulesTab rowId={v.row.id} ctx={ctx} t={t} />
        ) : place === null && OWN_VERSION_TABS.includes(tab) ? (
          <TabEmpty tab={tab} t={t} />
        ) : tab === 'assignments' ? (
          <AssignmentsTab rowId={v.row.id} ctx={ctx} t={t} place={place ?? undefined} />
        ) : (tab === 'daily_planning' || tab === 'planning') && scope === null ? (
          <TabEmpty tab={tab} t={t} />
        ) : tab === 'daily_planning' && scope ? (
          <WdpScopeProvider scope={scope}>
            <DailyPlanningTab height={height - 34} lang={ctx.lang} />
          </WdpScopeProvider>
        ) : tab === 'daily_planning' ? (
          <DailyPlanningTab height={height - 34} lang={ctx.lang} />
        ) : tab === 'planning' && scope ? (
          <WdpScopeProvider scope={scope}>
            <PlanningTab v={v} lang={ctx.lang} ownId={place?.rowId} />
          </WdpScopeProvider>
        ) : tab === 'planning' ? (
          <PlanningTab v={v} lang={ctx.lang} />
        ) : tab === 'gallery' ? (
          <GalleryTab rowId={v.row.id} lang={ctx.lang} place={place ?? undefined} />
        ) : tab === 'model_3d' ? (
          <Suspense fallback={<Loading />}>
            <NodeModelTab rowId={v.row.id} place={place ?? undefined} />
          </Suspense>
        ) : tab === 'timesheets' ? (
          <TimesheetsTab rowId={v.row.id} lang={ctx.lang} place={place ?? undefined} />
        ) : (
          <TabEmpty tab={tab} t={t} />
        )}
      </div>
    </section>
  );
}
