// Lists of a directory (spec "list create/get/delete/value/values"): named subsets of its values,
// chosen with a check box per value. A version's WBS is built from a list (copy-wbs) and brought
// in line with it later (sync-with-list: counted first, confirmed, one undoable change).
import { useEffect, useState } from 'react';
import type { Directory, DirectoryList, ResourceSync } from '../../api/directories';
import type { EpsNode } from '../../api/structure';
import type { Version } from '../../api/versions';
import { confirm } from '../../app/dialogs/confirm';
import { Modal } from '../../app/ui/Modal';
import { flattenValues } from '../../domain/directory';
import { useToasts } from '../../state/toasts';
import * as dirApi from './api';
import { refusal, RefusalLines } from './DirectoryDialogs';
import { useDirectoriesT } from './i18n';
import { leftRows, syncResourcesConfirmed } from './sync-resources';

export function ListsDialog(props: {
  directory: Directory;
  dirRef: dirApi.DirRef;
  nodes: readonly EpsNode[];
  versions: readonly Version[];
  canEdit: boolean;
  /** After rows of a version changed: the values' linked-row counts. */
  onChanged: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useDirectoriesT();
  const { directory, dirRef } = props;
  const [lists, setLists] = useState<DirectoryList[] | null>(null);
  const [listId, setListId] = useState('');
  const [newName, setNewName] = useState('');
  const [versionId, setVersionId] = useState(props.versions[0]?.id ?? '');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const list = lists?.find((l) => l.id === listId) ?? null;
  const members = new Set(list?.value_ids ?? []);
  const rows = flattenValues(directory.values);
  const scheduleName = (v: Version) => props.nodes.find((n) => n.id === v.schedule_id)?.name ?? '';

  useEffect(() => {
    let live = true;
    dirApi.lists(dirRef).then(
      (l) => {
        if (!live) return;
        setLists(l);
        setListId((cur) => cur || l[0]?.id || '');
      },
      () => live && setLists([]),
    );
    return () => {
      live = false;
    };
  }, [dirRef.epsId, dirRef.id]); // eslint-disable-line react-hooks/exhaustive-deps

  async function run(key: string, work: () => Promise<unknown>) {
    setBusy(key);
    setErrors([]);
    try {
      await work();
    } catch (err) {
      setErrors(refusal(err, t('failed')));
    } finally {
      setBusy(null);
    }
  }

  const replace = (l: DirectoryList) => setLists((cur) => (cur ?? []).map((x) => (x.id === l.id ? l : x)));
  const toast = (title: string, lines: string[] = []) =>
    useToasts.getState().push({ kind: 'success', title, lines, durationMs: 5000 });

  const create = () =>
    run('create', async () => {
      const l = await dirApi.listCreate(dirRef, newName.trim());
      setLists((cur) => [...(cur ?? []), l].sort((a, b) => a.name.localeCompare(b.name)));
      setListId(l.id);
      setNewName('');
    });

  const remove = () =>
    run('delete', async () => {
      if (!list) return;
      const { confirmed } = await confirm({
        title: t('lists_delete'),
        message: t('lists_delete_message', { name: list.name, count: list.value_ids.length }),
        submitLabel: t('delete'),
        danger: true,
      });
      if (!confirmed) return;
      await dirApi.listDelete(dirRef, list.id);
      const rest = (lists ?? []).filter((l) => l.id !== list.id);
      setLists(rest);
      setListId(rest[0]?.id ?? '');
    });

  const toggle = (valueId: string, on: boolean) =>
    run(`v:${valueId}`, async () => {
      if (!list) return;
      replace(
        on
          ? await dirApi.listValueAdd(dirRef, list.id, valueId)
          : await dirApi.listValueRemove(dirRef, list.id, valueId),
      );
    });

  const copy = () =>
    run('copy', async () => {
      const r = await dirApi.copyWbs(dirRef, versionId, list?.id ?? null);
      await props.onChanged();
      toast(t('to_version_done', { count: r.added }), [t('to_version_linked', { count: r.linked })]);
    });

  const sync = () =>
    run('sync', async () => {
      if (!list) return;
      const plan = await dirApi.syncWithList(dirRef, versionId, list.id, true);
      const left = plan.left.slice(0, 5).map((r) => `${r.code} ${r.name}`);
      const lines = [
        t('sync_added', { count: plan.added }),
        t('sync_renamed', { count: plan.renamed }),
        t('sync_left', { count: plan.left.length }),
        ...(left.length ? [t('sync_left_rows', { rows: left.join('; ') })] : []),
      ];
      if (plan.added + plan.renamed === 0) {
        useToasts.getState().push({ kind: 'info', title: t('sync_nothing'), lines, durationMs: 5000 });
        return;
      }
      const { confirmed } = await confirm({
        title: t('sync_title', { name: list.name }),
        message: lines.join(' '),
        submitLabel: t('sync_submit'),
        confirmWithEnter: true,
      });
      if (!confirmed) return;
      const done = await dirApi.syncWithList(dirRef, versionId, list.id, false);
      await props.onChanged();
      toast(t('sync_done'), [
        t('sync_added', { count: done.added }),
        t('sync_renamed', { count: done.renamed }),
      ]);
    });

  // The same for the version's resources (resource directories): each value a linked space
  // resource, the leaves' resources the version's; sync renames and names what left.
  const copyResources = () =>
    run('copy_res', async () => {
      const r = await dirApi.copyResources(directory.id, versionId, list?.id ?? null);
      toast(t('res_done', { count: r.added }), [
        t('res_created', { count: r.created }),
        t('res_linked', { count: r.linked }),
      ]);
    });

  const syncResources = () =>
    run('sync_res', async () => {
      if (!list) return;
      const lines = (plan: ResourceSync) => [
        t('res_created', { count: plan.created }),
        t('res_added', { count: plan.added }),
        t('res_renamed', { count: plan.renamed }),
        t('res_left', { count: plan.left.length }),
        ...(plan.left.length ? [t('sync_left_rows', { rows: leftRows(plan) })] : []),
      ];
      const done = await syncResourcesConfirmed(
        { directoryId: directory.id, versionId, listId: list.id },
        {
          lines,
          inLine: t('res_in_line'),
          title: t('res_sync_title', { name: list.name }),
          submit: t('sync_submit'),
          toastMs: 5000,
        },
      );
      if (done) toast(t('res_in_line'), lines(done).slice(0, 3));
    });

  return (
    <Modal
      title={t('lists_title', { name: directory.name })}
      closeLabel={t('close')}
      onClose={props.onClose}
      width={640}
    >
      <p className="muted">{t('lists_hint')}</p>
      <div className="dir-lists__bar">
        <label className="field">
          <span className="field__label">{t('lists_list')}</span>
          <select
            className="field__input"
            value={listId}
            disabled={!lists?.length}
            onChange={(e) => setListId(e.target.value)}
          >
            {(lists ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {l.name} ({l.value_ids.length})
              </option>
            ))}
          </select>
        </label>
        {props.canEdit ? (
          <button
            type="button"
            className="btn btn--sm btn--danger"
            disabled={!list || busy !== null}
            onClick={() => void remove()}
          >
            {t('lists_delete')}
          </button>
        ) : null}
      </div>
      {props.canEdit ? (
        <form
          className="dir-lists__bar"
          onSubmit={(e) => {
            e.preventDefault();
            if (newName.trim()) void create();
          }}
        >
          <label className="field">
            <span className="field__label">{t('lists_new_name')}</span>
            <input
              className="field__input"
              value={newName}
              maxLength={32}
              onChange={(e) => setNewName(e.target.value)}
            />
          </label>
          <button type="submit" className="btn btn--sm" disabled={!newName.trim() || busy !== null}>
            {t('lists_create')}
          </button>
        </form>
      ) : null}
      {list ? (
        <ul className="dir-lists__values" aria-label={t('lists_values', { name: list.name })}>
          {rows.map(({ value: v, depth }) => (
            <li key={v.id} style={{ paddingInlineStart: depth * 18 }}>
              <label>
                <input
                  type="checkbox"
                  checked={members.has(v.id)}
                  disabled={!props.canEdit || busy !== null}
                  onChange={(e) => void toggle(v.id, e.target.checked)}
                />{' '}
                <span className="dir-lists__code">{v.code}</span> {v.name}
              </label>
            </li>
          ))}
        </ul>
      ) : lists ? (
        <p className="empty-text">{t('lists_empty')}</p>
      ) : null}
      {props.canEdit && props.versions.length ? (
        <fieldset className="dir-lists__version">
          <legend>{t('lists_version_legend')}</legend>
          <p className="field__hint">{t('lists_version_hint')}</p>
          <label className="field">
            <span className="field__label">{t('version')}</span>
            <select className="field__input" value={versionId} onChange={(e) => setVersionId(e.target.value)}>
              {props.versions.map((v) => (
                <option key={v.id} value={v.id}>
                  {scheduleName(v)} / {v.label}
                </option>
              ))}
            </select>
          </label>
          <div className="modal__actions">
            <button
              type="button"
              className="btn"
              disabled={!versionId || busy !== null}
              onClick={() => void copy()}
            >
              {busy === 'copy' ? <span className="spinner" aria-hidden="true" /> : null}
              {list ? t('copy_wbs_list') : t('copy_wbs_all')}
            </button>
            <button
              type="button"
              className="btn btn--primary"
              disabled={!versionId || !list || busy !== null}
              onClick={() => void sync()}
            >
              {busy === 'sync' ? <span className="spinner" aria-hidden="true" /> : null}
              {t('sync_open')}
            </button>
          </div>
          <p className="field__hint">{t('res_hint')}</p>
          <div className="modal__actions">
            <button
              type="button"
              className="btn"
              disabled={!versionId || busy !== null}
              onClick={() => void copyResources()}
            >
              {busy === 'copy_res' ? <span className="spinner" aria-hidden="true" /> : null}
              {list ? t('res_copy_list') : t('res_copy_all')}
            </button>
            <button
              type="button"
              className="btn"
              disabled={!versionId || !list || busy !== null}
              onClick={() => void syncResources()}
            >
              {busy === 'sync_res' ? <span className="spinner" aria-hidden="true" /> : null}
              {t('res_sync_open')}
            </button>
          </div>
        </fieldset>
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
