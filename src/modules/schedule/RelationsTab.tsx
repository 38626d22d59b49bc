// The task_relations tab: predecessors and successors of the focused row with type and lag (both
// editable), the other task's early start, finish and total float, whether the link drives its
// successor (P6's Driving; red when it is also critical); remove a link; add one by the other
// row's code, outline number or name (the add row stays in view). A link between a summary and
// its own row (older data: such links are refused now) is shown greyed, as ignored by the
// schedule, with an offer to delete it.

import { Check, X } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import type { RelationType, WbsRelation } from '../../domain/wbs';
import { outlineNumber } from '../../domain/wbs';
import { cellText, type CellTextContext } from '../../state/workbench/cell-text';
import { COLUMN_DEFS } from '../../state/workbench/columns';
import { rowById } from '../../state/workbench/data';
import {
  addRelation,
  findRowByText,
  relationState,
  relationsOfRow,
  removeRelation,
  setRelation,
} from '../../state/workbench/relation-commands';
import { useWorkbench, workbench } from '../../state/workbench/store';
import { formatLag, parseLag } from './lag';

const TYPES: readonly RelationType[] = ['fs', 'ss', 'ff', 'sf'];

/** Columns of a side's table: code, task, type, lag, start, finish, TF, driving, actions. */
const COLUMNS = 9;

type T = (key: string, params?: Record<string, unknown>) => string;

function outline(id: string): string {
  const s = workbench.get();
  return outlineNumber(s.wbs.index, s.wbs.doc.rows, id);
}

/** Lag is counted on the predecessor's calendar (the engine's default lag calendar). */
function lagUnits(r: WbsRelation, ctx: CellTextContext) {
  return { hoursPerDay: ctx.hoursPerDay(workbench.get().wbs.doc.rows.get(r.predId)?.calendarId ?? null) };
}

/** "FS — Finish-Start" (ru "ОН — Окончание-Начало"): the short form planners know, and its name. */
function typeText(ty: RelationType, t: T): string {
  return `${t(`reltype_short.${ty}`)} — ${t(`reltype.${ty}`)}`;
}

/** The same list in a link's row and in the add row: full names (the short form in the title). */
function TypeOptions({ t }: { t: T }) {
  return TYPES.map((ty) => (
    <option key={ty} value={ty} title={typeText(ty, t)}>
      {t(`reltype.${ty}`)}
    </option>
  ));
}

/** The other task's dates and total float, as the grid shows them (null: not scheduled yet). */
function otherDates(id: string, ctx: CellTextContext) {
  const s = workbench.get();
  const v = rowById(s, id);
  if (!v || s.schedule?.position.get(id) === undefined) return null;
  const text = (col: string) => cellText(v, COLUMN_DEFS[col]!, ctx);
  return { start: text('start'), finish: text('finish'), tf: text('total_float') };
}

interface LagProps {
  readonly r: WbsRelation;
  readonly ctx: CellTextContext;
  readonly t: T;
  /** The side's message about a refused lag (in its heading, where it covers nothing). */
  readonly errorId: string;
  /** The side keeps which lags were refused (its message and each input's mark read it). */
  readonly invalid: ReadonlySet<string>;
  readonly onValidity: (id: string, ok: boolean) => void;
  /** The schedule ignores the link: nothing to edit but its removal. */
  readonly disabled?: boolean;
}

function LagInput({ r, ctx, t, errorId, invalid: refused, onValidity, disabled }: LagProps) {
  const shown = formatLag(r.lag, lagUnits(r, ctx), ctx.lang);
  const [text, setText] = useState(shown);
  const invalid = refused.has(r.id);
  // A new stored lag (this edit, an undo, another user) replaces the text, refused or not; the
  // input keeps focus.
  const [was, setWas] = useState(shown);
  if (was !== shown) {
    setWas(shown);
    setText(shown);
  }
  useEffect(() => onValidity(r.id, true), [shown, r.id, onValidity]);
  const mark = (bad: boolean) => onValidity(r.id, !bad);
  const commit = () => {
    const n = parseLag(text, lagUnits(r, ctx));
    if (!n.ok) {
      mark(true);
      return;
    }
    mark(false);
    if (n.value !== r.lag) setRelation(r.id, { lag: n.value });
    else setText(shown);
  };
  return (
    <input
      aria-label={t('relations.lag')}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
      className={`wb-rel-lag${invalid ? ' wb-input-invalid' : ''}`}
      title={invalid ? t('relations.lag_invalid') : t('relations.lag_hint')}
      value={text}
      disabled={disabled}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') {
          setText(shown);
          mark(false);
        }
      }}
      onBlur={commit}
    />
  );
}

function RelationRow(p: { otherId: string } & LagProps) {
  const { r, otherId, ctx, t } = p;
  const other = workbench.get().wbs.doc.rows.get(otherId);
  const code = other?.code ?? outline(otherId);
  const name = other?.name ?? otherId;
  const d = otherDates(otherId, ctx);
  const state = relationState(r);
  const ignored = state.ignored !== null;
  const rowClass = ignored ? 'wb-dim' : state.critical ? 'wb-rel-critical' : undefined;
  return (
    <>
      <tr className={rowClass} title={ignored ? t('relations.ignored_hint') : undefined}>
        <td className="wb-rel-code" title={code}>
          {code}
        </td>
        <td className="wb-rel-name" title={name}>
          {name}
        </td>
        <td>
          <select
            className="wb-rel-type"
            aria-label={t('relations.type')}
            title={typeText(r.type, t)}
            value={r.type}
            disabled={ignored}
            onChange={(e) => setRelation(r.id, { type: e.target.value as RelationType })}
          >
            <TypeOptions t={t} />
          </select>
        </td>
        <td>
          <LagInput
            r={r}
            ctx={ctx}
            t={t}
            errorId={p.errorId}
            invalid={p.invalid}
            onValidity={p.onValidity}
            disabled={ignored}
          />
        </td>
        <td className="wb-rel-num">{d?.start}</td>
        <td className="wb-rel-num">{d?.finish}</td>
        <td className="wb-rel-num">{d?.tf}</td>
        <td className="wb-rel-flag">
          {state.driving && (
            <span className="wb-rel-driving" title={t('relations.driving_hint')}>
              <Check size={14} aria-hidden="true" />
              <span className="visually-hidden">{t('relations.driving')}</span>
            </span>
          )}
          {state.critical && (
            <span className="wb-rel-crit" title={t('relations.critical_link')}>
              <span className="visually-hidden">{t('relations.critical')}</span>
            </span>
          )}
        </td>
        <td>
          <button
            type="button"
            className="wb-link-btn"
            aria-label={t('relations.remove_link', { code, name })}
            title={t('relations.remove_link', { code, name })}
            onClick={() => removeRelation(r.id)}
          >
            <X size={14} aria-hidden="true" />
          </button>
        </td>
      </tr>
      {ignored && (
        <tr className="wb-dim wb-rel-note">
          <td colSpan={COLUMNS}>
            {t('relations.ignored_hierarchy')}{' '}
            <button type="button" className="wb-link-btn" onClick={() => removeRelation(r.id)}>
              {t('relations.delete_ignored')}
            </button>
          </td>
        </tr>
      )}
    </>
  );
}

function AddRow({ title, rowId, pred, t }: { title: string; rowId: string; pred: boolean; t: T }) {
  const [text, setText] = useState('');
  const [type, setType] = useState<RelationType>('fs');
  const [missing, setMissing] = useState(false);
  const errorId = useId();
  const add = () => {
    const other = findRowByText(text, outline);
    if (!other) {
      setMissing(true);
      return;
    }
    if (pred ? addRelation(other, rowId, type, 0) : addRelation(rowId, other, type, 0)) setText('');
  };
  return (
    <div className="wb-rel-add">
      <input
        aria-label={`${title}: ${t('relations.pick')}`}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? errorId : undefined}
        placeholder={t('relations.pick')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setMissing(false);
        }}
        onKeyDown={(e) => e.key === 'Enter' && add()}
      />
      <select
        className="wb-rel-type"
        aria-label={t('relations.type')}
        title={typeText(type, t)}
        value={type}
        onChange={(e) => setType(e.target.value as RelationType)}
      >
        <TypeOptions t={t} />
      </select>
      <button type="button" onClick={add}>
        {t('relations.add')}
      </button>
      {missing && (
        <span id={errorId} className="wb-status-error" role="alert">
          {t('relations.not_found')}
        </span>
      )}
    </div>
  );
}

interface SideProps {
  readonly title: string;
  readonly list: readonly WbsRelation[];
  readonly rowId: string;
  readonly pred: boolean;
  readonly ctx: CellTextContext;
  readonly t: T;
}

function Side(p: SideProps) {
  const { t } = p;
  const errorId = useId();
  const [bad, setBad] = useState<ReadonlySet<string>>(new Set());
  const onValidity = useCallback(
    (id: string, ok: boolean) =>
      setBad((old) => {
        if (old.has(id) !== ok) return old;
        const next = new Set(old);
        if (ok) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const refused = p.list.some((r) => bad.has(r.id));
  return (
    <section className="wb-rel-side" aria-label={p.title}>
      <div className="wb-rel-head">
        <h4>
          {p.title} <span className="wb-dim">{p.list.length}</span>
        </h4>
        <span id={errorId} className="wb-rel-error" role="alert">
          {refused ? t('relations.lag_invalid') : ''}
        </span>
      </div>
      <table className="wb-rel-table">
        <thead>
          <tr>
            <th>{t('col.code')}</th>
            <th>{t('relations.task')}</th>
            <th>{t('relations.type')}</th>
            <th title={`${t('relations.lag')}: ${t('relations.lag_hint')}`}>{t('relations.lag')}</th>
            <th className="wb-rel-num" title={t('col.start')}>
              {t('col.start')}
            </th>
            <th className="wb-rel-num" title={t('col.finish')}>
              {t('col.finish')}
            </th>
            <th className="wb-rel-num" title={t('col.total_float')}>
              {t('relations.tf')}
            </th>
            {/* Wider than the flag column's 14 px in workbench.css, to name it. */}
            <th title={t('relations.driving_hint')}>{t('relations.driving')}</th>
            <th>
              <span className="visually-hidden">{t('relations.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {p.list.map((r) => (
            <RelationRow
              key={r.id}
              r={r}
              otherId={p.pred ? r.predId : r.succId}
              ctx={p.ctx}
              t={t}
              errorId={errorId}
              invalid={bad}
              onValidity={onValidity}
            />
          ))}
          {p.list.length === 0 && (
            <tr>
              <td colSpan={COLUMNS} className="wb-dim">
                {t('relations.none')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <AddRow title={p.title} rowId={p.rowId} pred={p.pred} t={t} />
    </section>
  );
}

export function RelationsTab({ rowId, ctx, t }: { rowId: string; ctx: CellTextContext; t: T }) {
  useWorkbench((s) => s.wbs.doc.relations);
  useWorkbench((s) => s.wbs.doc.rows);
  useWorkbench((s) => s.schedule);
  const { predecessors, successors } = relationsOfRow(rowId);
  return (
    <div className="wb-rel">
      <Side title={t('relations.predecessors')} list={predecessors} rowId={rowId} pred ctx={ctx} t={t} />
      <Side title={t('relations.successors')} list={successors} rowId={rowId} pred={false} ctx={ctx} t={t} />
    </div>
  );
}
