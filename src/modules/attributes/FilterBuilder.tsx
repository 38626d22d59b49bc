// The schedule page's filter builder: conditions on any column or attribute with the 20
// operators of spec §3, AND/OR groups (one level of nesting), applied through the address's
// `filter` parameter (so a filter is shared by its link), saved per user (the "filtering" calls)
// and opened again from the list of saved ones.
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import type { SavedFilter } from '../../api/view-settings';
import { call } from '../../app/api/call';
import { confirm } from '../../app/dialogs/confirm';
import { Modal } from '../../app/ui/Modal';
import {
  emptyCondition,
  operandKind,
  operatorsFor,
  toDraft,
  toExpr,
  type DraftCondition,
  type DraftGroup,
  type FieldKind,
  type FilterExpr,
  type FilterOperator,
} from '../../domain/filter';
import { useToasts } from '../../state/toasts';
import { useAttributesT } from './i18n';
import './attributes.css';

export interface FilterField {
  readonly id: string;
  readonly label: string;
  readonly kind: FieldKind;
}

type Item = DraftCondition | DraftGroup;
const isGroup = (x: Item): x is DraftGroup => 'items' in x;

function ConditionRow({
  c,
  fields,
  onChange,
  onRemove,
}: {
  c: DraftCondition;
  fields: readonly FilterField[];
  onChange: (c: DraftCondition) => void;
  onRemove: () => void;
}) {
  const { t } = useAttributesT();
  const kind = fields.find((f) => f.id === c.field)?.kind ?? 'text';
  const operand = operandKind(c.op);
  return (
    <div className="fb-row">
      <select
        className="field__input"
        aria-label={t('filter.field')}
        value={c.field}
        onChange={(e) => onChange({ ...c, field: e.target.value })}
      >
        {fields.map((f) => (
          <option key={f.id} value={f.id}>
            {f.label}
          </option>
        ))}
      </select>
      <select
        className="field__input"
        aria-label={t('filter.operator')}
        value={c.op}
        onChange={(e) => onChange({ ...c, op: e.target.value as FilterOperator })}
      >
        {operatorsFor(kind).map((op) => (
          <option key={op} value={op}>
            {t(`filter.ops.${op}`)}
          </option>
        ))}
      </select>
      {operand === 'value' && (
        <input
          className="field__input"
          aria-label={t('filter.value')}
          placeholder={kind === 'date' ? 'YYYY-MM-DD' : ''}
          value={c.text}
          onChange={(e) => onChange({ ...c, text: e.target.value })}
        />
      )}
      {operand === 'values' && (
        <input
          className="field__input"
          aria-label={t('filter.values')}
          placeholder={t('filter.values')}
          value={c.list}
          onChange={(e) => onChange({ ...c, list: e.target.value })}
        />
      )}
      {operand === 'range' && (
        <span className="fb-range">
          <input
            className="field__input"
            aria-label={t('filter.from')}
            placeholder={t('filter.from')}
            value={c.from}
            onChange={(e) => onChange({ ...c, from: e.target.value })}
          />
          <input
            className="field__input"
            aria-label={t('filter.to')}
            placeholder={t('filter.to')}
            value={c.to}
            onChange={(e) => onChange({ ...c, to: e.target.value })}
          />
        </span>
      )}
      {operand === 'none' && <span />}
      <button
        type="button"
        className="btn btn--ghost btn--icon"
        title={t('filter.remove')}
        aria-label={t('filter.remove')}
        onClick={onRemove}
      >
        <Trash2 size={15} aria-hidden />
      </button>
    </div>
  );
}

function GroupEditor({
  g,
  fields,
  nested,
  onChange,
  onRemove,
}: {
  g: DraftGroup;
  fields: readonly FilterField[];
  nested: boolean;
  onChange: (g: DraftGroup) => void;
  onRemove?: () => void;
}) {
  const { t } = useAttributesT();
  const setItem = (i: number, item: Item | null) =>
    onChange({
      ...g,
      items: item === null ? g.items.filter((_, j) => j !== i) : g.items.map((x, j) => (j === i ? item : x)),
    });
  const first = fields[0]?.id ?? 'name';
  return (
    <fieldset className={`fb-group${nested ? ' fb-group--nested' : ''}`}>
      <legend>
        <select
          className="field__input"
          aria-label={nested ? t('filter.group') : t('filter.title')}
          value={g.match}
          onChange={(e) => onChange({ ...g, match: e.target.value as 'all' | 'any' })}
        >
          <option value="all">{t('filter.match_all')}</option>
          <option value="any">{t('filter.match_any')}</option>
        </select>
      </legend>
      {g.items.map((item, i) =>
        isGroup(item) ? (
          <GroupEditor
            key={i}
            g={item}
            fields={fields}
            nested
            onChange={(x) => setItem(i, x)}
            onRemove={() => setItem(i, null)}
          />
        ) : (
          <ConditionRow
            key={i}
            c={item}
            fields={fields}
            onChange={(x) => setItem(i, x)}
            onRemove={() => setItem(i, null)}
          />
        ),
      )}
      <div className="fb-actions">
        <button
          type="button"
          className="btn btn--sm"
          onClick={() => onChange({ ...g, items: [...g.items, emptyCondition(first)] })}
        >
          <Plus size={14} aria-hidden /> {t('filter.add')}
        </button>
        {!nested && (
          <button
            type="button"
            className="btn btn--sm"
            onClick={() =>
              onChange({ ...g, items: [...g.items, { match: 'any', items: [emptyCondition(first)] }] })
            }
          >
            <Plus size={14} aria-hidden /> {t('filter.add_group')}
          </button>
        )}
        {onRemove && (
          <button type="button" className="btn btn--sm btn--ghost" onClick={onRemove}>
            {t('filter.remove')}
          </button>
        )}
      </div>
    </fieldset>
  );
}

export function FilterBuilder({
  fields,
  current,
  onApply,
  onClose,
}: {
  fields: readonly FilterField[];
  /** The filter in the address now (edited from there). */
  current: FilterExpr | null;
  onApply: (e: FilterExpr | null) => void;
  onClose: () => void;
}) {
  const { t } = useAttributesT();
  const [draft, setDraft] = useState<DraftGroup>(() => {
    const d = toDraft(current);
    return d.items.length ? d : { match: 'all', items: [emptyCondition(fields[0]?.id ?? 'name')] };
  });
  const [saved, setSaved] = useState<SavedFilter[]>([]);
  const [name, setName] = useState('');
  const kindOf = (f: string) => fields.find((x) => x.id === f)?.kind ?? 'text';
  const expr = toExpr(draft, kindOf);

  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let live = true;
    call(api.viewSettings.filters, {}, { silent: true })
      .then((r) => live && setSaved(r.items))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [reloads]);

  const save = async () => {
    if (!expr || !name.trim()) return;
    await call(api.viewSettings.saveFilter, { body: { name: name.trim(), filter: expr } });
    useToasts
      .getState()
      .push({ kind: 'success', title: t('filter.saved_done'), lines: [name.trim()], durationMs: 3000 });
    setName('');
    setReloads((n) => n + 1);
  };

  const removeSaved = async (f: SavedFilter) => {
    const a = await confirm({
      title: t('filter.delete_saved'),
      message: t('filter.delete_saved_message', { name: f.name }),
      submitLabel: t('filter.delete_saved'),
      danger: true,
    });
    if (!a.confirmed) return;
    await call(api.viewSettings.removeFilter, { params: { id: f.id } });
    setReloads((n) => n + 1);
  };

  return (
    <Modal
      title={t('filter.title')}
      closeLabel={t('close')}
      onClose={onClose}
      width={760}
      footer={
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={() => onApply(null)}>
            {t('filter.clear')}
          </button>
          <button type="button" className="btn btn--primary" onClick={() => onApply(expr)}>
            {t('filter.apply')}
          </button>
        </div>
      }
    >
      <div className="fb">
        <GroupEditor g={draft} fields={fields} nested={false} onChange={setDraft} />
        {!expr && <p className="muted">{t('filter.nothing')}</p>}
        <div className="fb-save">
          <input
            className="field__input"
            aria-label={t('filter.save_name')}
            placeholder={t('filter.save_name')}
            maxLength={32}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="button" className="btn" disabled={!expr || !name.trim()} onClick={() => void save()}>
            {t('filter.save_as')}
          </button>
        </div>
        <section aria-label={t('filter.saved')}>
          <h3 className="fb-title">{t('filter.saved')}</h3>
          {saved.length === 0 ? (
            <p className="muted">{t('filter.saved_none')}</p>
          ) : (
            <ul className="fb-saved">
              {saved.map((f) => (
                <li key={f.id}>
                  <span>{f.name}</span>
                  <button
                    type="button"
                    className="btn btn--sm"
                    aria-label={`${t('filter.open_saved')}: ${f.name}`}
                    onClick={() => onApply(f.filter as FilterExpr)}
                  >
                    {t('filter.open_saved')}
                  </button>
                  <button
                    type="button"
                    className="btn btn--sm btn--ghost"
                    aria-label={`${t('filter.delete_saved')}: ${f.name}`}
                    onClick={() => void removeSaved(f)}
                  >
                    <Trash2 size={14} aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Modal>
  );
}
