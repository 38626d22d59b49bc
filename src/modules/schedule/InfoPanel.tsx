// The node information panel (spec §2): tabs node_info, task_relations, directories,
// related_schedules, gallery, timesheets, daily_planning, planning, assignments. node_info and
// task_relations work; the others say plainly that they are not available yet.

import { formatDate } from '../../domain/format';
import type { CellTextContext } from '../../state/workbench/cell-text';
import { cellText } from '../../state/workbench/cell-text';
import { COLUMN_DEFS } from '../../state/workbench/columns';
import { rowAt } from '../../state/workbench/data';
import type { PanelTab } from '../../state/workbench/store';
import { useWorkbench, workbench } from '../../state/workbench/store';
import type { RowView } from '../../state/workbench/types';
import { RelationsTab } from './RelationsTab';

const TABS: readonly PanelTab[] = [
  'node_info',
  'task_relations',
  'directories',
  'related_schedules',
  'gallery',
  'timesheets',
  'daily_planning',
  'planning',
  'assignments',
];

type T = (key: string, params?: Record<string, unknown>) => string;

function NodeInfo({ v, ctx, t }: { v: RowView; ctx: CellTextContext; t: T }) {
  const text = (id: string) => cellText(v, COLUMN_DEFS[id]!, ctx);
  const r = v.row;
  const s = workbench.get();
  const p = s.schedule?.position.get(r.id);
  const late = p !== undefined && s.schedule ? [s.schedule.ls[p]!, s.schedule.lf[p]!] : null;
  const date = (m: number | null) => (m === null || m < 0 ? '' : formatDate(m, 'DD.MM.YYYY', ctx.lang));
  const limit = (type: string | null, d: number | null) =>
    type ? `${t(`limit.${type}`)} ${date(d)}` : t('panel.none');
  const fields: [string, string][] = [
    [t('col.code'), text('code')],
    [t('col.name'), r.name],
    [t('col.type'), text('type')],
    [t('col.duration'), text('duration')],
    [t('panel.early'), `${text('start')} – ${text('finish')}`],
    [t('panel.late'), late ? `${date(late[0]!)} – ${date(late[1]!)}` : ''],
    [t('col.total_float'), text('total_float')],
    [t('col.free_float'), text('free_float')],
    [t('col.progress'), text('progress')],
    [t('col.status'), text('status')],
    [t('col.calendar'), text('calendar') || '—'],
    [t('panel.start_limit'), limit(r.startLimitType, r.startLimitDate)],
    [t('panel.finish_limit'), limit(r.finishLimitType, r.finishLimitDate)],
    [t('col.volume'), text('volume')],
    [t('col.price'), text('price')],
  ];
  const attrs = Object.entries(r.attributes);
  return (
    <div className="wb-info">
      <dl className="wb-info-list">
        {fields.map(([k, val]) => (
          <div key={k} className="wb-info-item">
            <dt>{k}</dt>
            <dd>{val}</dd>
          </div>
        ))}
      </dl>
      {attrs.length > 0 && (
        <>
          <h4>{t('panel.attributes')}</h4>
          <dl className="wb-info-list">
            {attrs.map(([k, val]) => (
              <div key={k} className="wb-info-item">
                <dt>{k}</dt>
                <dd>{val === null ? '' : String(val)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </div>
  );
}

export function InfoPanel({ ctx, t }: { ctx: CellTextContext; t: T }) {
  const tab = useWorkbench((s) => s.panelTab);
  const focus = useWorkbench((s) => s.selection.focus.row);
  useWorkbench((s) => s.wbs.doc.rows);
  useWorkbench((s) => s.schedule);
  useWorkbench((s) => s.visible);
  const v = rowAt(workbench.get(), focus);
  return (
    <section className="wb-panel" aria-label={v ? v.row.name : t('tab.node_info')}>
      <div className="wb-tabs" role="tablist">
        {TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`wb-tab-${id}`}
            aria-selected={tab === id}
            aria-controls="wb-tabpanel"
            className={`wb-tab${tab === id ? ' wb-tab-on' : ''}`}
            onClick={() => workbench.set({ panelTab: id })}
          >
            {t(`tab.${id}`)}
          </button>
        ))}
        {v && <span className="wb-panel-row">{`${v.row.code ?? v.outline}  ${v.row.name}`}</span>}
      </div>
      <div className="wb-tabpanel" id="wb-tabpanel" role="tabpanel" aria-labelledby={`wb-tab-${tab}`}>
        {!v ? (
          <p className="wb-dim">{t('panel.no_row')}</p>
        ) : tab === 'node_info' ? (
          <NodeInfo v={v} ctx={ctx} t={t} />
        ) : tab === 'task_relations' ? (
          <RelationsTab rowId={v.row.id} t={t} />
        ) : (
          <p className="wb-dim">{t('panel.not_available')}</p>
        )}
      </div>
    </section>
  );
}
