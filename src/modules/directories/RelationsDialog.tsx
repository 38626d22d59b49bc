// Complex relations of a directory: the relations it has (as source or target), a new relation to
// another directory, and the chosen relation's options (name; its target values are resource
// assignments or only a reference) and rows — source value, target value, norm per unit —
// added, changed in place (Enter or leaving the field saves a norm) and deleted; its rows go out
// as an XLSX file and come back from one. The dependent directories are listed below.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DirectorySummary, DirectoryValue } from '../../api/directories';
import type { DirectoryRelation, DirectoryRelationRow } from '../../api/directory-relations';
import { confirm } from '../../app/dialogs/confirm';
import { Modal } from '../../app/ui/Modal';
import { useToasts } from '../../state/toasts';
import * as dirApi from './api';
import { refusal, RefusalLines } from './DirectoryDialogs';
import { useDirectoriesT } from './i18n';
import * as relApi from './relations-api';

const readNorm = (text: string) => {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(n) && n >= 0 ? n : null;
};

export function RelationsDialog(props: {
  spaceId: string;
  directory: DirectorySummary;
  directories: readonly DirectorySummary[];
  onClose: () => void;
}) {
  const { t } = useDirectoriesT();
  const { directory } = props;
  const [relations, setRelations] = useState<DirectoryRelation[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  // The rows of the relation they were read for (none shown while another's are read).
  const [rowsOf, setRowsOf] = useState<{ relation: string; rows: DirectoryRelationRow[] } | null>(null);
  const [values, setValues] = useState<{ source: DirectoryValue[]; target: DirectoryValue[] }>({
    source: [],
    target: [],
  });
  const [dependents, setDependents] = useState<{ directory_id: string; name: string; depth: number }[]>([]);
  const [newTarget, setNewTarget] = useState('');
  const [draft, setDraft] = useState({ source: '', target: '', norm: '' });
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const others = props.directories.filter((d) => d.id !== directory.id);
  const relation = relations?.find((r) => r.id === chosen) ?? null;
  const rows = rowsOf && rowsOf.relation === chosen ? rowsOf.rows : [];
  const refOf = (id: string) => {
    const d = props.directories.find((x) => x.id === id);
    return { epsId: d?.eps_id ?? props.spaceId, id };
  };

  const loadRelations = useCallback(
    () =>
      Promise.all([relApi.relationsOf(directory.id), relApi.dependentDirectories(directory.id)]).then(
        ([list, deps]) => {
          setRelations(list);
          setDependents(deps);
          setChosen((c) => (c && list.some((r) => r.id === c) ? c : (list[0]?.id ?? null)));
        },
      ),
    [directory.id],
  );

  useEffect(() => {
    loadRelations().catch(() => setRelations([]));
  }, [loadRelations]);

  const sourceId = relation?.source_directory_id;
  const targetId = relation?.target_directory_id;
  useEffect(() => {
    if (!chosen || !sourceId || !targetId) return;
    let live = true;
    void Promise.all([
      relApi.relationRows(chosen),
      dirApi.getDirectory(refOf(sourceId)),
      dirApi.getDirectory(refOf(targetId)),
    ]).then(([r, s, tg]) => {
      if (!live) return;
      setRowsOf({ relation: chosen, rows: r });
      // By code: the order a planner reads codes in (01, 01.1, 02 …).
      const byCode = (a: DirectoryValue, b: DirectoryValue) =>
        a.code.localeCompare(b.code, undefined, { numeric: true });
      const source = [...s.values].sort(byCode);
      const target = [...tg.values].sort(byCode);
      setValues({ source, target });
      setDraft({ source: source[0]?.id ?? '', target: target[0]?.id ?? '', norm: '' });
    });
    return () => {
      live = false;
    };
    // refOf reads the list the dialog was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosen, sourceId, targetId]);

  async function run(work: () => Promise<unknown>) {
    setBusy(true);
    setErrors([]);
    try {
      await work();
    } catch (err) {
      setErrors(refusal(err, t('failed')));
    } finally {
      setBusy(false);
    }
  }

  const reloadRows = async () => {
    if (chosen) setRowsOf({ relation: chosen, rows: await relApi.relationRows(chosen) });
    await loadRelations();
  };

  const create = () =>
    run(async () => {
      if (!newTarget) return;
      const r = await relApi.createRelation(directory.id, newTarget);
      await loadRelations();
      setChosen(r.id);
      setNewTarget('');
    });

  const addRow = () =>
    run(async () => {
      const norm = readNorm(draft.norm);
      if (!relation || !draft.source || !draft.target) return;
      if (norm === null) {
        setErrors([t('rel_bad_norm')]);
        return;
      }
      await relApi.addRelationRow(relation.id, draft.source, draft.target, norm);
      setDraft((d) => ({ ...d, norm: '' }));
      await reloadRows();
    });

  const saveNorm = (row: DirectoryRelationRow, text: string) =>
    run(async () => {
      const norm = readNorm(text);
      if (norm === null) {
        setErrors([t('rel_bad_norm')]);
        return;
      }
      if (norm === row.norm || !relation) return;
      await relApi.setRowNorm(relation.id, row.id, norm);
      await reloadRows();
    });

  const removeRow = (row: DirectoryRelationRow) =>
    run(async () => {
      if (!relation) return;
      await relApi.deleteRelationRows(relation.id, [row.id]);
      await reloadRows();
    });

  const removeRelation = () =>
    run(async () => {
      if (!relation) return;
      const { confirmed } = await confirm({
        title: t('rel_delete'),
        message: t('rel_delete_message', {
          source: relation.source_name,
          target: relation.target_name,
          count: relation.row_count,
        }),
        submitLabel: t('delete'),
        danger: true,
      });
      if (!confirmed) return;
      await relApi.deleteRelation(relation.id);
      setChosen(null);
      await loadRelations();
    });

  const exportRows = () =>
    run(async () => {
      if (!relation) return;
      const blob = await relApi.exportRelations(relation.source_directory_id, relation.target_directory_id);
      dirApi.saveBlob(blob, `${relation.source_name} - ${relation.target_name}.xlsx`);
    });

  const importRows = (file: File) =>
    run(async () => {
      if (!relation) return;
      const done = await relApi.importRelations(
        relation.source_directory_id,
        relation.target_directory_id,
        file,
      );
      useToasts.getState().push({
        kind: 'success',
        title: t('rel_imported', { count: done.rows }),
        lines: [],
        durationMs: 3000,
      });
      await reloadRows();
    });

  const label = (r: DirectoryRelation) => `${r.source_name} → ${r.target_name}`;
  const valueText = (v: DirectoryValue) => `${v.code} ${v.name}`;

  return (
    <Modal
      title={t('rel_title', { name: directory.name })}
      closeLabel={t('close')}
      onClose={props.onClose}
      width={760}
    >
      <p className="muted dir-rel__hint">{t('rel_hint')}</p>
      <div className="dir-rel__new">
        <label className="field">
          <span className="field__label">{t('rel_new_target')}</span>
          <select
            className="field__input"
            value={newTarget}
            disabled={busy}
            onChange={(e) => setNewTarget(e.target.value)}
          >
            <option value="">—</option>
            {others.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn--sm"
          disabled={!newTarget || busy}
          onClick={() => void create()}
        >
          {t('rel_add')}
        </button>
      </div>
      {relations === null ? null : relations.length === 0 ? (
        <p className="empty-text">{t('rel_none')}</p>
      ) : (
        <div className="dir-rel__list" role="radiogroup" aria-label={t('rel_list')}>
          {relations.map((r) => (
            <label key={r.id} className={`dir-rel__item${r.id === chosen ? ' is-active' : ''}`}>
              <input
                type="radio"
                name="relation"
                checked={r.id === chosen}
                onChange={() => setChosen(r.id)}
              />
              {label(r)}
              <span className="muted"> · {t('rel_rows', { count: r.row_count })}</span>
            </label>
          ))}
        </div>
      )}
      {relation ? (
        <section className="dir-rel__detail" aria-label={label(relation)}>
          <div className="dir-rel__options">
            <label className="field">
              <span className="field__label">{t('rel_name')}</span>
              <input
                key={relation.id}
                className="field__input"
                defaultValue={relation.name}
                maxLength={200}
                onBlur={(e) => {
                  const name = e.target.value.trim();
                  if (name !== relation.name)
                    void run(() => relApi.updateRelation(relation.id, { name }).then(loadRelations));
                }}
              />
            </label>
            <label className="dir-rel__check">
              <input
                type="checkbox"
                checked={relation.assign}
                disabled={busy}
                onChange={(e) =>
                  void run(() =>
                    relApi.updateRelation(relation.id, { assign: e.target.checked }).then(loadRelations),
                  )
                }
              />
              {t('rel_assign')}
            </label>
            <span className="toolbar__sep" />
            <button type="button" className="btn btn--sm" disabled={busy} onClick={() => void exportRows()}>
              {t('rel_export')}
            </button>
            <button
              type="button"
              className="btn btn--sm"
              disabled={busy}
              onClick={() => fileRef.current?.click()}
            >
              {t('rel_import')}
            </button>
            <input
              ref={fileRef}
              type="file"
              hidden
              accept=".xlsx,.csv"
              aria-label={t('rel_import')}
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) void importRows(f);
              }}
            />
            <button
              type="button"
              className="btn btn--sm btn--danger"
              disabled={busy}
              onClick={() => void removeRelation()}
            >
              {t('rel_delete')}
            </button>
          </div>
          <table className="dir-rel__rows">
            <thead>
              <tr>
                <th scope="col">{relation.source_name}</th>
                <th scope="col">{relation.target_name}</th>
                <th scope="col">{t('rel_norm')}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-row={`${r.source_code}>${r.target_code}`}>
                  <td>
                    {r.source_code} {r.source_name}
                  </td>
                  <td>
                    {r.target_code} {r.target_name}
                  </td>
                  <td>
                    <input
                      key={`${r.id}:${r.norm}`}
                      className="field__input dir-rel__norm"
                      inputMode="decimal"
                      aria-label={t('rel_norm_of', { source: r.source_code, target: r.target_code })}
                      defaultValue={String(r.norm)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') e.currentTarget.blur();
                      }}
                      onBlur={(e) => void saveNorm(r, e.target.value)}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn--sm btn--ghost"
                      aria-label={t('rel_row_delete', { source: r.source_code, target: r.target_code })}
                      disabled={busy}
                      onClick={() => void removeRow(r)}
                    >
                      ×
                    </button>
                  </td>
                </tr>
              ))}
              <tr className="dir-rel__draft">
                <td>
                  <select
                    className="field__input"
                    aria-label={t('rel_new_source_value')}
                    value={draft.source}
                    onChange={(e) => setDraft((d) => ({ ...d, source: e.target.value }))}
                  >
                    {values.source.map((v) => (
                      <option key={v.id} value={v.id}>
                        {valueText(v)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <select
                    className="field__input"
                    aria-label={t('rel_new_target_value')}
                    value={draft.target}
                    onChange={(e) => setDraft((d) => ({ ...d, target: e.target.value }))}
                  >
                    {values.target.map((v) => (
                      <option key={v.id} value={v.id}>
                        {valueText(v)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <input
                    className="field__input dir-rel__norm"
                    inputMode="decimal"
                    aria-label={t('rel_new_norm')}
                    value={draft.norm}
                    onChange={(e) => setDraft((d) => ({ ...d, norm: e.target.value }))}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') void addRow();
                    }}
                  />
                </td>
                <td>
                  <button type="button" className="btn btn--sm" disabled={busy} onClick={() => void addRow()}>
                    {t('rel_row_add')}
                  </button>
                </td>
              </tr>
            </tbody>
          </table>
        </section>
      ) : null}
      {dependents.length ? (
        <p className="muted dir-rel__deps">
          {t('rel_dependents')}{' '}
          {dependents.map((d) => (d.depth > 1 ? `${d.name} (${d.depth})` : d.name)).join(', ')}
        </p>
      ) : null}
      <RefusalLines lines={errors} />
      <div className="modal__actions">
        <button type="button" className="btn" onClick={props.onClose}>
          {t('close')}
        </button>
      </div>
    </Modal>
  );
}
