// Create or edit an attribute: name, type, scope level and node, list values, formula. The
// formula is checked by the server as it is typed (POST eps/attribute-calculate), so an error
// names its place before saving; nothing typed is lost when saving fails.
import { useEffect, useState } from 'react';
import { api } from '../../api';
import type {
  Attribute,
  AttributeInput,
  AttributeType,
  FormulaCheck,
  ScopeLevel,
} from '../../api/attributes';
import type { EpsTree } from '../../api/structure';
import { call } from '../../app/api/call';
import { translator } from '../../app/api/effects';
import { ApiError } from '../../app/api/errors';
import { itemLine } from '../../app/api/toast-text';
import { Modal } from '../../app/ui/Modal';
import { TextField } from '../../app/ui/TextField';
import { useAttributesT } from './i18n';

const TYPES: AttributeType[] = ['text', 'number', 'date', 'list', 'directory', 'formula'];
const SCOPES: ScopeLevel[] = ['space', 'facility', 'project', 'schedule', 'version'];
const CHECK_DELAY_MS = 300;

/** The nodes of a scope level: facilities, projects, schedules (EPS nodes) or versions. */
export function nodesOf(tree: EpsTree, scope: ScopeLevel): { id: string; label: string }[] {
  if (scope === 'space') return [];
  const names = new Map(tree.nodes.map((n) => [n.id, n.name]));
  if (scope === 'version')
    return tree.versions.map((v) => ({ id: v.id, label: `${names.get(v.schedule_id) ?? ''} · ${v.label}` }));
  return tree.nodes.filter((n) => n.kind === scope).map((n) => ({ id: n.id, label: n.name }));
}

export function AttributeDialog({
  editing,
  tree,
  onSaved,
  onClose,
}: {
  editing: Attribute | null;
  tree: EpsTree;
  onSaved: () => void;
  onClose: () => void;
}) {
  const { t } = useAttributesT();
  const [name, setName] = useState(editing?.name ?? '');
  const [type, setType] = useState<AttributeType>(editing?.type ?? 'text');
  const [scope, setScope] = useState<ScopeLevel>(editing?.scope ?? 'space');
  const [nodeId, setNodeId] = useState<string>(editing?.node_id ?? '');
  const [listText, setListText] = useState((editing?.list_values ?? []).join('\n'));
  const [formula, setFormula] = useState(editing?.formula ?? '');
  // The server's check of the formula text it was made for (a stale one is not shown).
  const [checked, setChecked] = useState<{ formula: string; result: FormulaCheck } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (type !== 'formula' || formula.trim() === '') return;
    const timer = setTimeout(() => {
      call(api.attributes.calculate, { body: { formula, key: editing?.key ?? null } }, { silent: true })
        .then((result) => setChecked({ formula, result }))
        .catch(() => undefined);
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [type, formula, editing?.key]);

  const nodes = nodesOf(tree, scope);
  const check = type === 'formula' && checked?.formula === formula ? checked.result : null;
  const formulaError = check?.error
    ? t(`formula_errors.${check.error.code}`, { at: check.error.at + 1, detail: check.error.detail })
    : null;

  const save = async () => {
    const body: AttributeInput = {
      name: name.trim(),
      type,
      scope,
      node_id: scope === 'space' ? null : nodeId || null,
      list_values:
        type === 'list'
          ? listText
              .split('\n')
              .map((s) => s.trim())
              .filter(Boolean)
          : [],
      formula: type === 'formula' ? formula.trim() || null : null,
      directory_id: null,
    };
    const missing: Record<string, string> = {};
    if (!body.name) missing.name = t('required');
    if (scope !== 'space' && !body.node_id) missing.node_id = t('required');
    if (type === 'list' && body.list_values.length === 0) missing.list_values = t('required');
    if (type === 'formula' && !body.formula) missing.formula = t('required');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      if (editing) await call(api.attributes.update, { params: { id: editing.id }, body });
      else await call(api.attributes.create, { body });
      onSaved();
    } catch (e) {
      // The server's list names the fields; the toast says the rest. The form keeps its values.
      if (e instanceof ApiError && Array.isArray(e.body.error_message)) {
        const byField: Record<string, string> = {};
        for (const item of e.body.error_message) {
          if (typeof item === 'string') continue;
          const field = String(item.params?.field ?? '');
          if (!field) continue;
          byField[field] = item.code.startsWith('formula.')
            ? t(`formula_errors.${item.code.slice(8)}`, {
                at: Number(item.params?.at ?? 0) + 1,
                detail: item.params?.detail,
              })
            : itemLine(item, translator);
        }
        setErrors(byField);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t(editing ? 'edit_title' : 'create_title')}
      closeLabel={t('close')}
      onClose={onClose}
      width={520}
      footer={
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void save()}>
            {t('save')}
          </button>
        </div>
      }
    >
      <form
        className="attr-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField
          label={t('name')}
          value={name}
          onChange={setName}
          maxLength={32}
          autoFocus
          error={errors.name ? { key: errors.name } : null}
        />
        <div className="attr-form__row">
          <label className="field">
            <span className="field__label">{t('type')}</span>
            <select
              className="field__input"
              aria-label={t('type')}
              value={type}
              onChange={(e) => setType(e.target.value as AttributeType)}
            >
              {TYPES.map((x) => (
                <option key={x} value={x}>
                  {t(`types.${x}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t('scope')}</span>
            <select
              className="field__input"
              aria-label={t('scope')}
              value={scope}
              onChange={(e) => {
                setScope(e.target.value as ScopeLevel);
                setNodeId('');
              }}
            >
              {SCOPES.map((x) => (
                <option key={x} value={x}>
                  {t(`scopes.${x}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {scope !== 'space' && (
          <label className="field">
            <span className="field__label">{t('node')}</span>
            <select
              className="field__input"
              aria-label={t('node')}
              value={nodeId}
              aria-invalid={errors.node_id ? true : undefined}
              onChange={(e) => setNodeId(e.target.value)}
            >
              <option value="">{t('node_pick')}</option>
              {nodes.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.label}
                </option>
              ))}
            </select>
            {errors.node_id && (
              <span className="field__error" role="alert">
                {errors.node_id}
              </span>
            )}
          </label>
        )}
        {type === 'list' && (
          <label className="field">
            <span className="field__label">{t('list_values')}</span>
            <textarea
              className="field__input attr-form__area"
              aria-label={t('list_values')}
              rows={4}
              value={listText}
              onChange={(e) => setListText(e.target.value)}
            />
            {errors.list_values && (
              <span className="field__error" role="alert">
                {errors.list_values}
              </span>
            )}
          </label>
        )}
        {type === 'formula' && (
          <label className="field">
            <span className="field__label">{t('formula')}</span>
            <textarea
              className="field__input attr-form__area attr-form__formula"
              aria-label={t('formula')}
              rows={3}
              spellCheck={false}
              value={formula}
              aria-invalid={formulaError || errors.formula ? true : undefined}
              onChange={(e) => setFormula(e.target.value)}
            />
            {formulaError || errors.formula ? (
              <span className="field__error" role="alert" data-testid="formula-error">
                {formulaError ?? errors.formula}
              </span>
            ) : check?.ok ? (
              <span className="field__hint attr-form__ok">{t('formula_ok')}</span>
            ) : (
              <span className="field__hint">{t('formula_hint')}</span>
            )}
          </label>
        )}
      </form>
    </Modal>
  );
}
