// The related_schedules tab: the focused activity's links to activities of other projects (a
// multi-project P6 export keeps those as external, read-only activities with their stored dates),
// P6's external early start / late finish (bounds from projects not in the file), and for an
// external activity the project it belongs to. "Show" selects the other activity in the grid.

import { relatedSchedules, hasRelatedSchedules } from '../../domain/wbs/related-schedules';
import type { RelatedLink } from '../../domain/wbs/related-schedules';
import {
  cellText,
  startDateText,
  finishDateText,
  type CellTextContext,
} from '../../state/workbench/cell-text';
import { COLUMN_DEFS } from '../../state/workbench/columns';
import { rowById } from '../../state/workbench/data';
import { selectRowById } from '../../state/workbench/find';
import { useWorkbench, workbench } from '../../state/workbench/store';
import { formatLag } from './lag';
import { Fields, TabEmpty } from './panel-parts';

type T = (key: string, params?: Record<string, unknown>) => string;

function LinkRow({ l, ctx, t }: { l: RelatedLink; ctx: CellTextContext; t: T }) {
  const s = workbench.get();
  const v = rowById(s, l.other.id);
  const text = (col: string) => (v ? cellText(v, COLUMN_DEFS[col]!, ctx) : '');
  const pred = s.wbs.doc.rows.get(l.relation.predId);
  const lag = formatLag(l.relation.lag, { hoursPerDay: ctx.hoursPerDay(pred?.calendarId ?? null) }, ctx.lang);
  const name = l.other.name;
  return (
    <tr>
      <td>{l.project || t('related.this_schedule')}</td>
      <td className="wb-rel-code">{l.other.code ?? ''}</td>
      <td className="wb-rel-name" title={name}>
        {name}
      </td>
      <td title={t(`reltype.${l.relation.type}`)}>{t(`reltype_short.${l.relation.type}`)}</td>
      <td className="wb-rel-num">{lag}</td>
      <td className="wb-rel-num">{text('start')}</td>
      <td className="wb-rel-num">{text('finish')}</td>
      <td>
        <button
          type="button"
          className="wb-link-btn wb-goto-btn"
          aria-label={t('related.show', { name })}
          title={t('related.show', { name })}
          onClick={() => selectRowById(l.other.id)}
        >
          {t('related.show_short')}
        </button>
      </td>
    </tr>
  );
}

function Side({ title, links, ctx, t }: { title: string; links: RelatedLink[]; ctx: CellTextContext; t: T }) {
  if (links.length === 0) return null;
  return (
    <section className="wb-rel-side" aria-label={title}>
      <div className="wb-rel-head">
        <h4>
          {title} <span className="wb-dim">{links.length}</span>
        </h4>
      </div>
      <table className="wb-related-table">
        <thead>
          <tr>
            <th>{t('related.project')}</th>
            <th>{t('col.code')}</th>
            <th>{t('relations.task')}</th>
            <th>{t('relations.type')}</th>
            <th className="wb-rel-num">{t('relations.lag')}</th>
            <th className="wb-rel-num">{t('col.start')}</th>
            <th className="wb-rel-num">{t('col.finish')}</th>
            <th>
              <span className="visually-hidden">{t('relations.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {links.map((l) => (
            <LinkRow key={l.relation.id} l={l} ctx={ctx} t={t} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function RelatedSchedulesTab({ rowId, ctx, t }: { rowId: string; ctx: CellTextContext; t: T }) {
  const doc = useWorkbench((s) => s.wbs.doc);
  useWorkbench((s) => s.schedule);
  const r = relatedSchedules(doc, rowId);
  if (!r || !hasRelatedSchedules(r)) return <TabEmpty tab="related_schedules" t={t} />;
  const fields: [string, string][] = [];
  if (r.externalEarlyStart !== null)
    fields.push([t('related.external_early_start'), startDateText(r.externalEarlyStart, ctx.lang)]);
  if (r.externalLateFinish !== null)
    fields.push([t('related.external_late_finish'), finishDateText(r.externalLateFinish, ctx.lang)]);
  return (
    <div className="wb-rel">
      {r.ownProject !== null && (
        <p className="wb-related-own">
          {r.ownProject ? t('related.own_project', { project: r.ownProject }) : t('related.own_unnamed')}
        </p>
      )}
      {fields.length > 0 && (
        <div className="wb-related-own">
          <Fields fields={fields} />
          <p className="wb-dim">{t('related.external_hint')}</p>
        </div>
      )}
      <Side
        title={t('relations.predecessors')}
        links={r.links.filter((l) => l.side === 'predecessor')}
        ctx={ctx}
        t={t}
      />
      <Side
        title={t('relations.successors')}
        links={r.links.filter((l) => l.side === 'successor')}
        ctx={ctx}
        t={t}
      />
    </div>
  );
}
