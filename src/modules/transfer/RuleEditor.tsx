import { Plus, X } from 'lucide-react';
import type { UploadRule } from '../../api/transfer';
import { useTransferT } from './i18n';
import { MAPPABLE_FIELDS, type RuleDraft, draftOf, emptyDraft } from './rule';

interface RuleEditorProps {
  rules: UploadRule[];
  draft: RuleDraft;
  onChange: (draft: RuleDraft) => void;
  save: boolean;
  onSaveChange: (save: boolean) => void;
}

/** The upload rule of a spreadsheet: pick a saved one or edit a new one. */
export function RuleEditor({ rules, draft, onChange, save, onSaveChange }: RuleEditorProps) {
  const { t } = useTransferT();
  const set = (patch: Partial<RuleDraft>) => onChange({ ...draft, ...patch });
  const setColumn = (i: number, patch: Partial<RuleDraft['columns'][number]>) =>
    set({ columns: draft.columns.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const saved = rules.find((r) => r.name === draft.name);
  return (
    <fieldset className="transfer__rule">
      <legend>{t('rule')}</legend>
      <div className="field">
        <label className="field__label" htmlFor="transfer-rule">
          {t('saved_rule')}
        </label>
        <select
          id="transfer-rule"
          className="field__input"
          value={saved ? saved.name : ''}
          onChange={(e) => {
            const r = rules.find((x) => x.name === e.target.value);
            onChange(r ? draftOf(r) : emptyDraft(''));
          }}
        >
          <option value="">{t('rule_new')}</option>
          {rules.map((r) => (
            <option key={r.name} value={r.name}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      <div className="transfer__row">
        <div className="field">
          <label className="field__label" htmlFor="transfer-rule-name">
            {t('rule_name')}
          </label>
          <input
            id="transfer-rule-name"
            className="field__input"
            maxLength={32}
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
          />
        </div>
        <div className="field transfer__narrow">
          <label className="field__label" htmlFor="transfer-skip">
            {t('skip_rows')}
          </label>
          <input
            id="transfer-skip"
            className="field__input"
            inputMode="numeric"
            value={draft.skipRows}
            onChange={(e) => set({ skipRows: e.target.value.replace(/\D/g, '') })}
          />
        </div>
      </div>
      <div className="field">
        <span className="field__label">{t('mapping')}</span>
        {draft.columns.length === 0 ? <span className="field__hint">{t('mapping_hint')}</span> : null}
        {draft.columns.map((c, i) => (
          <div key={i} className="transfer__mapping">
            <input
              className="field__input transfer__col"
              aria-label={t('column')}
              placeholder="A"
              maxLength={3}
              value={c.column}
              onChange={(e) => setColumn(i, { column: e.target.value.replace(/[^a-z0-9]/gi, '') })}
            />
            <select
              className="field__input"
              aria-label={t('field')}
              value={c.field}
              onChange={(e) => setColumn(i, { field: e.target.value })}
            >
              {MAPPABLE_FIELDS.map((f) => (
                <option key={f} value={f}>
                  {t(`fields.${f}`)}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn--ghost btn--icon btn--sm"
              aria-label={t('remove_column')}
              title={t('remove_column')}
              onClick={() => set({ columns: draft.columns.filter((_, j) => j !== i) })}
            >
              <X size={14} aria-hidden="true" />
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => set({ columns: [...draft.columns, { column: '', field: 'code' }] })}
        >
          <Plus size={14} aria-hidden="true" />
          {t('add_column')}
        </button>
      </div>
      {draft.columns.length > 0 ? (
        <label className="transfer__check">
          <input
            type="checkbox"
            checked={draft.hasHeader}
            onChange={(e) => set({ hasHeader: e.target.checked })}
          />
          {t('has_header')}
        </label>
      ) : null}
      <label className="transfer__check">
        <input type="checkbox" checked={save} onChange={(e) => onSaveChange(e.target.checked)} />
        {t('save_rule')}
      </label>
    </fieldset>
  );
}
