// Edit a layout template: name, columns (shown, width, order), frozen count, row height, sort,
// grouping (up to three levels) and bar colours by a column's value.
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../api';
import type { LayoutSettings, LayoutTemplate } from '../../api/view-settings';
import { call } from '../../app/api/call';
import { Modal } from '../../app/ui/Modal';
import { TextField } from '../../app/ui/TextField';
import { GroupLevels } from './GroupLevels';
import { SortKeys } from './SortKeys';
import { useAttributesT } from './i18n';

export interface ColumnChoice {
  readonly id: string;
  readonly label: string;
}

type Pair = { value: string; color: string };

export function TemplateDialog({
  editing,
  initial,
  choices,
  onSaved,
  onClose,
}: {
  editing: LayoutTemplate | null;
  initial: LayoutSettings;
  choices: readonly ColumnChoice[];
  onSaved: () => void;
  onClose: () => void;
}) {
  const { t } = useAttributesT();
  const label = (id: string) => choices.find((c) => c.id === id)?.label ?? id;
  const [name, setName] = useState(editing?.name ?? '');
  const [columns, setColumns] = useState(() => {
    // Every known column, the template's first in its order.
    const have = new Set(initial.columns.map((c) => c.id));
    return [
      ...initial.columns,
      ...choices.filter((c) => !have.has(c.id)).map((c) => ({ id: c.id, width: 110, visible: false })),
    ];
  });
  const [frozen, setFrozen] = useState(initial.frozen);
  const [rowHeight, setRowHeight] = useState(initial.row_height);
  const [sort, setSort] = useState<LayoutSettings['sort']>(() => [...initial.sort]);
  const [groupBy, setGroupBy] = useState<string[]>(() => [...(initial.group_by ?? [])]);
  const [colorColumn, setColorColumn] = useState(initial.color_by?.column ?? '');
  const [pairs, setPairs] = useState<Pair[]>(
    Object.entries(initial.color_by?.colors ?? {}).map(([value, color]) => ({ value, color })),
  );
  const [error, setError] = useState<string | null>(null);

  const move = (i: number, d: -1 | 1) =>
    setColumns((cs) => {
      const j = i + d;
      if (j < 0 || j >= cs.length) return cs;
      const next = [...cs];
      [next[i], next[j]] = [next[j]!, next[i]!];
      return next;
    });

  const save = async () => {
    if (!name.trim()) {
      setError(t('required'));
      return;
    }
    const settings: LayoutSettings = {
      columns,
      frozen,
      sort,
      group_by: groupBy.length ? groupBy : null,
      color_by: colorColumn
        ? {
            column: colorColumn,
            colors: Object.fromEntries(
              pairs.filter((p) => p.value.trim()).map((p) => [p.value.trim(), p.color]),
            ),
          }
        : null,
      row_height: rowHeight,
    };
    const body = { name: name.trim(), settings };
    if (editing) await call(api.viewSettings.updateTemplate, { params: { id: editing.id }, body });
    else await call(api.viewSettings.createTemplate, { body });
    onSaved();
  };

  const columnSelect = (value: string, onChange: (v: string) => void, none: string, aria: string) => (
    <select
      className="field__input"
      aria-label={aria}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{none}</option>
      {choices.map((c) => (
        <option key={c.id} value={c.id}>
          {c.label}
        </option>
      ))}
    </select>
  );

  return (
    <Modal
      title={editing ? t('views.edit') : t('views.new')}
      closeLabel={t('close')}
      onClose={onClose}
      width={640}
      footer={
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('views.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => void save().catch(() => undefined)}
          >
            {t('views.save')}
          </button>
        </div>
      }
    >
      <div className="attr-form">
        <TextField
          label={t('views.name')}
          value={name}
          onChange={setName}
          maxLength={32}
          autoFocus
          error={error ? { key: error } : null}
        />
        <fieldset className="fb-group">
          <legend>{t('views.columns')}</legend>
          <div className="vs-columns">
            {columns.map((c, i) => (
              <div key={c.id} className="vs-column">
                <label className="vs-column__name">
                  <input
                    type="checkbox"
                    checked={c.visible}
                    onChange={(e) =>
                      setColumns((cs) =>
                        cs.map((x, j) => (j === i ? { ...x, visible: e.target.checked } : x)),
                      )
                    }
                  />
                  {label(c.id)}
                </label>
                <input
                  className="field__input vs-width"
                  type="number"
                  min={16}
                  max={2000}
                  aria-label={`${t('views.width')}: ${label(c.id)}`}
                  value={c.width}
                  onChange={(e) =>
                    setColumns((cs) =>
                      cs.map((x, j) =>
                        j === i
                          ? {
                              ...x,
                              width: Math.max(16, Math.min(2000, Math.round(Number(e.target.value) || 16))),
                            }
                          : x,
                      ),
                    )
                  }
                />
                <button
                  type="button"
                  className="btn btn--ghost btn--icon"
                  aria-label={`${t('views.move_up')}: ${label(c.id)}`}
                  onClick={() => move(i, -1)}
                >
                  <ArrowUp size={14} aria-hidden />
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--icon"
                  aria-label={`${t('views.move_down')}: ${label(c.id)}`}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDown size={14} aria-hidden />
                </button>
              </div>
            ))}
          </div>
        </fieldset>
        <div className="attr-form__row">
          <label className="field">
            <span className="field__label">{t('views.frozen')}</span>
            <input
              className="field__input"
              type="number"
              min={0}
              max={50}
              value={frozen}
              onChange={(e) => setFrozen(Math.max(0, Math.min(50, Math.round(Number(e.target.value) || 0))))}
            />
          </label>
          <label className="field">
            <span className="field__label">{t('views.row_height')}</span>
            <input
              className="field__input"
              type="number"
              min={20}
              max={60}
              value={rowHeight}
              onChange={(e) =>
                setRowHeight(Math.max(20, Math.min(60, Math.round(Number(e.target.value) || 26))))
              }
            />
          </label>
        </div>
        <SortKeys keys={sort} choices={choices} onChange={setSort} />
        <GroupLevels levels={groupBy} choices={choices} onChange={setGroupBy} />
        <label className="field">
          <span className="field__label">{t('views.color_by')}</span>
          {columnSelect(colorColumn, setColorColumn, t('views.color_none'), t('views.color_by'))}
        </label>
        {colorColumn && (
          <div className="vs-colors">
            {pairs.map((p, i) => (
              <div key={i} className="vs-color">
                <input
                  className="field__input"
                  aria-label={t('views.color_value')}
                  placeholder={t('views.color_value')}
                  value={p.value}
                  onChange={(e) =>
                    setPairs((ps) => ps.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))
                  }
                />
                <input
                  type="color"
                  aria-label={t('views.color')}
                  value={p.color}
                  onChange={(e) =>
                    setPairs((ps) => ps.map((x, j) => (j === i ? { ...x, color: e.target.value } : x)))
                  }
                />
                <button
                  type="button"
                  className="btn btn--ghost btn--icon"
                  aria-label={t('views.remove')}
                  onClick={() => setPairs((ps) => ps.filter((_, j) => j !== i))}
                >
                  <Trash2 size={14} aria-hidden />
                </button>
              </div>
            ))}
            <button
              type="button"
              className="btn btn--sm"
              onClick={() => setPairs((ps) => [...ps, { value: '', color: '#2f80ed' }])}
            >
              <Plus size={14} aria-hidden /> {t('views.add_color')}
            </button>
          </div>
        )}
      </div>
    </Modal>
  );
}
