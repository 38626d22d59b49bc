// The task_relations tab: predecessors and successors of the focused row with type and lag, both
// editable; remove a link; add one by the other row's code, outline number or name.

import { useState } from 'react';
import { formatNumber, parseNumber } from '../../domain/format';
import type { RelationType, WbsRelation } from '../../domain/wbs';
import { outlineNumber } from '../../domain/wbs';
import {
  addRelation,
  findRowByText,
  relationsOfRow,
  removeRelation,
  setRelation,
} from '../../state/workbench/relation-commands';
import { services } from '../../state/workbench/services';
import { useWorkbench, workbench } from '../../state/workbench/store';

const TYPES: readonly RelationType[] = ['fs', 'ss', 'ff', 'sf'];

type T = (key: string, params?: Record<string, unknown>) => string;

function outline(id: string): string {
  const s = workbench.get();
  return outlineNumber(s.wbs.index, s.wbs.doc.rows, id);
}

function lagDays(r: WbsRelation): string {
  const hpd = services().hoursPerDay(null);
  return formatNumber(r.lag / (hpd * 60), { decimals: 2, trimZeros: true });
}

function RelationRow({ r, otherId, t }: { r: WbsRelation; otherId: string; t: T }) {
  const other = workbench.get().wbs.doc.rows.get(otherId);
  return (
    <tr>
      <td className="wb-rel-code">{other?.code ?? outline(otherId)}</td>
      <td className="wb-rel-name">{other?.name ?? otherId}</td>
      <td>
        <select
          aria-label={t('relations.type')}
          value={r.type}
          onChange={(e) => setRelation(r.id, { type: e.target.value as RelationType })}
        >
          {TYPES.map((ty) => (
            <option key={ty} value={ty}>
              {t(`reltype.${ty}`)}
            </option>
          ))}
        </select>
      </td>
      <td>
        <input
          key={`${r.id}:${r.lag}`}
          aria-label={t('relations.lag')}
          className="wb-rel-lag"
          defaultValue={lagDays(r)}
          onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
          onBlur={(e) => {
            const n = parseNumber(e.target.value);
            if (!n.ok) return;
            const minutes = Math.round(n.value * services().hoursPerDay(null) * 60);
            if (minutes !== r.lag) setRelation(r.id, { lag: minutes });
          }}
        />
      </td>
      <td>
        <button type="button" className="wb-link-btn" onClick={() => removeRelation(r.id)}>
          {t('relations.remove')}
        </button>
      </td>
    </tr>
  );
}

function Side({
  title,
  list,
  rowId,
  pred,
  t,
}: {
  title: string;
  list: WbsRelation[];
  rowId: string;
  pred: boolean;
  t: T;
}) {
  const [text, setText] = useState('');
  const [type, setType] = useState<RelationType>('fs');
  const [missing, setMissing] = useState(false);
  const add = () => {
    const other = findRowByText(text, outline);
    if (!other) {
      setMissing(true);
      return;
    }
    if (pred ? addRelation(other, rowId, type, 0) : addRelation(rowId, other, type, 0)) setText('');
  };
  return (
    <section className="wb-rel-side" aria-label={title}>
      <h4>{title}</h4>
      <table className="wb-rel-table">
        <thead>
          <tr>
            <th>{t('col.code')}</th>
            <th>{t('relations.task')}</th>
            <th>{t('relations.type')}</th>
            <th>{t('relations.lag')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {list.map((r) => (
            <RelationRow key={r.id} r={r} otherId={pred ? r.predId : r.succId} t={t} />
          ))}
          {list.length === 0 && (
            <tr>
              <td colSpan={5} className="wb-dim">
                {t('relations.none')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <div className="wb-rel-add">
        <input
          aria-label={`${title}: ${t('relations.pick')}`}
          placeholder={t('relations.pick')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setMissing(false);
          }}
          onKeyDown={(e) => e.key === 'Enter' && add()}
        />
        <select
          aria-label={t('relations.type')}
          value={type}
          onChange={(e) => setType(e.target.value as RelationType)}
        >
          {TYPES.map((ty) => (
            <option key={ty} value={ty}>
              {ty.toUpperCase()}
            </option>
          ))}
        </select>
        <button type="button" onClick={add}>
          {t('relations.add')}
        </button>
        {missing && <span className="wb-status-error">{t('relations.not_found')}</span>}
      </div>
    </section>
  );
}

export function RelationsTab({ rowId, t }: { rowId: string; t: T }) {
  useWorkbench((s) => s.wbs.doc.relations);
  useWorkbench((s) => s.wbs.doc.rows);
  const { predecessors, successors } = relationsOfRow(rowId);
  return (
    <div className="wb-rel">
      <Side title={t('relations.predecessors')} list={predecessors} rowId={rowId} pred t={t} />
      <Side title={t('relations.successors')} list={successors} rowId={rowId} pred={false} t={t} />
    </div>
  );
}
