// A schedule's replacement rules (GET/POST/PATCH schedules/{id}/replacements, DELETE …/{rule_id}):
// the codes, calendar and resource names an uploaded file spells one way and the owner another.
// Every rule is a row: F2 (or Edit) edits it in place (Enter saves, Esc cancels), Space toggles
// Active, Delete removes it after a confirmation, Enter shows what it matches in the chosen version
// (GET versions/{id}/replacements/{rule_id}). The server's refusals (a rule mapping two codes to
// one, a second rule for a value, a rule that changes nothing) are shown as it words them.

import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import type { Replacement, ReplacementPreview } from '../../api/replacements';
import type { Version } from '../../api/versions';
import { call } from '../../app/api/call';
import { ApiError, errorItems } from '../../app/api/errors';
import { Modal } from '../../app/ui/Modal';
import { useConfirm } from '../../state/confirm';
import { useVersionsT } from './i18n';

type Field = Replacement['field'];
const FIELDS: readonly Field[] = ['code', 'calendar', 'resource'];

/** The server's words for a refused call (its first listed problem, else its message). */
export function problemText(e: unknown): string {
  if (!(e instanceof ApiError)) return e instanceof Error ? e.message : String(e);
  const items = errorItems(e.body);
  const first = items[0];
  if (first) return first.error_message ?? first.code;
  return e.message;
}

interface Props {
  scheduleId: string;
  scheduleName: string;
  /** The schedule's versions (the preview reads one of them). */
  versions: readonly Version[];
  /** The version the preview starts on. */
  versionId: string | null;
  canEdit: boolean;
  onClose: () => void;
}

export function ReplacementsDialog({
  scheduleId,
  scheduleName,
  versions,
  versionId,
  canEdit,
  onClose,
}: Props) {
  const { t: tr } = useVersionsT();
  const t = tr as unknown as (key: string, p?: Record<string, unknown>) => string;
  const [rules, setRules] = useState<Replacement[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [field, setField] = useState<Field>('code');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [editing, setEditing] = useState<{ id: string; field: Field; from: string; to: string } | null>(null);
  const [previewVersion, setPreviewVersion] = useState(versionId ?? versions[0]?.id ?? '');
  const [preview, setPreview] = useState<ReplacementPreview | null>(null);
  /** A rule whose row takes the focus once rendered (after an edit ends). */
  const focusRule = useRef<string | null>(null);
  useEffect(() => {
    const id = focusRule.current;
    if (!id || editing) return;
    const row = document.getElementById(`rp-row-${id}`);
    if (row) {
      row.focus();
      focusRule.current = null;
    }
  }, [editing, rules]);

  const load = useCallback(async () => {
    const list = await call(api.replacements.list, { params: { id: scheduleId } });
    setRules(list);
  }, [scheduleId]);

  useEffect(() => {
    let live = true;
    call(api.replacements.list, { params: { id: scheduleId } }).then(
      (list) => {
        if (live) setRules(list);
      },
      (e: unknown) => {
        if (live) setError(problemText(e));
      },
    );
    return () => {
      live = false;
    };
  }, [scheduleId]);

  /** Runs a write; a refusal is shown in the dialog (no toast), the list is read again. */
  const write = async (run: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await run();
      await load();
      return true;
    } catch (e) {
      setError(problemText(e));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!from.trim() || !to.trim()) return;
    const ok = await write(() =>
      call(
        api.replacements.create,
        { params: { id: scheduleId }, body: { field, from: from.trim(), to: to.trim() } },
        { silent: [400] },
      ),
    );
    if (ok) {
      setFrom('');
      setTo('');
      document.getElementById('rp-from')?.focus();
    }
  };

  const save = async () => {
    if (!editing) return;
    const ok = await write(() =>
      call(
        api.replacements.update,
        {
          params: { id: scheduleId },
          body: { id: editing.id, field: editing.field, from: editing.from.trim(), to: editing.to.trim() },
        },
        { silent: [400] },
      ),
    );
    if (ok) {
      focusRule.current = editing.id;
      setEditing(null);
    }
  };

  const toggle = (r: Replacement) =>
    void write(() =>
      call(
        api.replacements.update,
        { params: { id: scheduleId }, body: { id: r.id, active: !r.active } },
        { silent: [400] },
      ),
    );

  const remove = async (r: Replacement) => {
    const answer = await useConfirm.getState().ask({
      title: t('rp_delete_title'),
      message: t('rp_delete_message', { from: r.from, to: r.to }),
      submitLabel: t('rp_delete'),
      cancelLabel: t('cancel'),
      closeLabel: t('close'),
      confirmWithEnter: true,
      danger: true,
    });
    if (!answer.confirmed) return;
    const ok = await write(() =>
      call(api.replacements.remove, { params: { id: scheduleId, rule_id: r.id } }),
    );
    if (ok && preview?.rule.id === r.id) setPreview(null);
    if (ok) document.getElementById('rp-from')?.focus();
  };

  const showMatches = async (r: Replacement) => {
    if (!previewVersion) return;
    setError(null);
    try {
      setPreview(await call(api.replacements.preview, { params: { id: previewVersion, rule_id: r.id } }));
    } catch (e) {
      setError(problemText(e));
    }
  };

  const rowKeys = (r: Replacement) => (e: KeyboardEvent<HTMLTableRowElement>) => {
    if (e.target !== e.currentTarget) return;
    const rows = [...(e.currentTarget.parentElement?.querySelectorAll<HTMLElement>('tr[tabindex]') ?? [])];
    const i = rows.indexOf(e.currentTarget);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      rows[e.key === 'ArrowDown' ? Math.min(rows.length - 1, i + 1) : Math.max(0, i - 1)]?.focus();
    } else if (e.key === 'F2' && canEdit) {
      e.preventDefault();
      setEditing({ id: r.id, field: r.field, from: r.from, to: r.to });
    } else if (e.key === 'Delete' && canEdit) {
      e.preventDefault();
      void remove(r);
    } else if (e.key === ' ' && canEdit) {
      e.preventDefault();
      toggle(r);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      void showMatches(r);
    }
  };

  const editKeys = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void save();
    } else if (e.key === 'Escape') {
      // Esc leaves the edit, not the dialog.
      e.preventDefault();
      e.stopPropagation();
      focusRule.current = editing?.id ?? null;
      setEditing(null);
      setError(null);
    }
  };

  const fieldName = (f: Field) => t(`rp_field.${f}`);

  return (
    <Modal
      title={t('rp_title', { schedule: scheduleName })}
      closeLabel={t('close')}
      onClose={onClose}
      width={760}
      footer={
        <button type="button" className="btn" onClick={onClose}>
          {t('close')}
        </button>
      }
    >
      <div className="rp">
        <p className="rp-intro">{t('rp_intro')}</p>
        {canEdit && (
          <form className="rp-add" onSubmit={(e) => void add(e)} aria-label={t('rp_add_title')}>
            <label className="vc-field">
              <span>{t('rp_col_field')}</span>
              <select value={field} onChange={(e) => setField(e.target.value as Field)}>
                {FIELDS.map((f) => (
                  <option key={f} value={f}>
                    {fieldName(f)}
                  </option>
                ))}
              </select>
            </label>
            <label className="vc-field">
              <span>{t('rp_col_from')}</span>
              <input
                id="rp-from"
                value={from}
                maxLength={200}
                data-autofocus=""
                onChange={(e) => setFrom(e.target.value)}
              />
            </label>
            <label className="vc-field">
              <span>{t('rp_col_to')}</span>
              <input value={to} maxLength={200} onChange={(e) => setTo(e.target.value)} />
            </label>
            <button type="submit" className="btn btn--primary" disabled={busy || !from.trim() || !to.trim()}>
              <Plus size={15} aria-hidden="true" />
              <span>{t('rp_add')}</span>
            </button>
          </form>
        )}
        {error && (
          <p className="rp-error" role="alert">
            {error}
          </p>
        )}
        {rules === null ? (
          <p className="rp-empty">{t('rp_loading')}</p>
        ) : rules.length === 0 ? (
          <p className="rp-empty">{t('rp_empty')}</p>
        ) : (
          <table className="rp-table" aria-label={t('rp_rules')}>
            <thead>
              <tr>
                <th scope="col">{t('rp_col_field')}</th>
                <th scope="col">{t('rp_col_from')}</th>
                <th scope="col">{t('rp_col_to')}</th>
                <th scope="col">{t('rp_col_active')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('rp_col_actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rules.map((r) =>
                editing?.id === r.id ? (
                  <tr key={r.id} className="rp-editing" data-rule={r.from}>
                    <td>
                      <select
                        aria-label={t('rp_col_field')}
                        value={editing.field}
                        onKeyDown={editKeys}
                        onChange={(e) => setEditing({ ...editing, field: e.target.value as Field })}
                      >
                        {FIELDS.map((f) => (
                          <option key={f} value={f}>
                            {fieldName(f)}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <input
                        aria-label={t('rp_col_from')}
                        // The row's editor takes the focus the key or button gave.
                        autoFocus
                        value={editing.from}
                        maxLength={200}
                        onKeyDown={editKeys}
                        onChange={(e) => setEditing({ ...editing, from: e.target.value })}
                      />
                    </td>
                    <td>
                      <input
                        aria-label={t('rp_col_to')}
                        value={editing.to}
                        maxLength={200}
                        onKeyDown={editKeys}
                        onChange={(e) => setEditing({ ...editing, to: e.target.value })}
                      />
                    </td>
                    <td>{r.active ? t('rp_yes') : t('rp_no')}</td>
                    <td className="rp-actions">
                      <button
                        type="button"
                        className="btn btn--primary btn--sm"
                        disabled={busy}
                        onClick={() => void save()}
                      >
                        {t('rp_save')}
                      </button>
                      <button
                        type="button"
                        className="btn btn--sm"
                        onClick={() => {
                          setEditing(null);
                          setError(null);
                        }}
                      >
                        {t('cancel')}
                      </button>
                    </td>
                  </tr>
                ) : (
                  <tr
                    key={r.id}
                    id={`rp-row-${r.id}`}
                    tabIndex={0}
                    data-rule={r.from}
                    className={`rp-row${r.active ? '' : ' rp-inactive'}${preview?.rule.id === r.id ? ' rp-previewed' : ''}`}
                    aria-label={t('rp_row_label', { field: fieldName(r.field), from: r.from, to: r.to })}
                    onKeyDown={rowKeys(r)}
                  >
                    <td>{fieldName(r.field)}</td>
                    <td className="rp-value">{r.from}</td>
                    <td className="rp-value">{r.to}</td>
                    <td>
                      <input
                        type="checkbox"
                        checked={r.active}
                        disabled={!canEdit || busy}
                        aria-label={t('rp_col_active')}
                        onChange={() => toggle(r)}
                      />
                    </td>
                    <td className="rp-actions">
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        disabled={!previewVersion}
                        title={t('rp_matches_hint')}
                        onClick={() => void showMatches(r)}
                      >
                        <Search size={14} aria-hidden="true" />
                        <span>{t('rp_matches')}</span>
                      </button>
                      {canEdit && (
                        <>
                          <button
                            type="button"
                            className="btn btn--ghost btn--sm btn--icon"
                            aria-label={t('rp_edit')}
                            title={`${t('rp_edit')} (F2)`}
                            onClick={() => setEditing({ id: r.id, field: r.field, from: r.from, to: r.to })}
                          >
                            <Pencil size={14} aria-hidden="true" />
                          </button>
                          <button
                            type="button"
                            className="btn btn--ghost btn--sm btn--icon"
                            aria-label={t('rp_delete')}
                            title={`${t('rp_delete')} (Delete)`}
                            onClick={() => void remove(r)}
                          >
                            <Trash2 size={14} aria-hidden="true" />
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        )}
        <p className="rp-keys">{t('rp_keys')}</p>
        <div className="rp-preview">
          <label className="vc-field">
            <span>{t('rp_preview_version')}</span>
            <select
              value={previewVersion}
              onChange={(e) => {
                setPreviewVersion(e.target.value);
                setPreview(null);
              }}
            >
              {versions.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.label}
                </option>
              ))}
            </select>
          </label>
          {preview && (
            <section className="rp-matches" aria-label={t('rp_matches_title')} data-testid="rp-matches">
              <h3>
                {t('rp_matches_count', {
                  count: preview.matches.length,
                  from: preview.rule.from,
                  to: preview.rule.to,
                })}
              </h3>
              {preview.matches.length > 0 && (
                <ul>
                  {preview.matches.slice(0, 50).map((m) => (
                    <li key={m.id}>
                      <span className="rp-value">{m.code}</span> {m.name}: {m.from} → {m.to}
                    </li>
                  ))}
                  {preview.matches.length > 50 && (
                    <li>{t('rp_more', { count: preview.matches.length - 50 })}</li>
                  )}
                </ul>
              )}
              {preview.problems.map((p, i) => (
                <p key={i} className="rp-error">
                  {p.error_message}
                </p>
              ))}
            </section>
          )}
        </div>
      </div>
    </Modal>
  );
}
