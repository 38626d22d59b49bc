// "From a directory…" on the Resources screen (resource directories, spec §7 "versions/{id}/
// directory/... for WBS and resource directories"): a version's resources from a directory or one
// of its lists, as the Lists dialog builds a WBS. "Add to the version" makes each value of the
// directory (or of the list and the values above it) a space resource linked to it — an unlinked
// resource with the value's code is linked instead — and gives the version the leaves' resources;
// "Sync with the list…" counts first, asks naming how many resources are added, renamed and left
// (the left ones stay), then applies.
import { useEffect, useState } from 'react';
import type { DirectoryList, DirectorySummary } from '../../api/directories';
import { epsRoutes, type EpsNode } from '../../api/structure';
import type { Version } from '../../api/versions';
import { call } from '../../app/api/call';
import { Modal } from '../../app/ui/Modal';
import { useToasts } from '../../state/toasts';
import * as dirApi from '../directories/api';
import { refusal, RefusalLines } from '../directories/DirectoryDialogs';
import { leftRows, syncResourcesConfirmed } from '../directories/sync-resources';
import { useResourcesT } from './i18n';

export function FromDirectoryDialog(props: {
  spaceId: string;
  onDone: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useResourcesT();
  const [dirs, setDirs] = useState<DirectorySummary[] | null>(null);
  const [dirId, setDirId] = useState('');
  const [loaded, setLoaded] = useState<{ dirId: string; lists: DirectoryList[] } | null>(null);
  const [listId, setListId] = useState('');
  const [versions, setVersions] = useState<Version[]>([]);
  const [nodes, setNodes] = useState<EpsNode[]>([]);
  const [versionId, setVersionId] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const dir = dirs?.find((d) => d.id === dirId) ?? null;
  const lists = loaded?.dirId === dirId ? loaded.lists : [];
  const list = lists.find((l) => l.id === listId) ?? null;

  useEffect(() => {
    let live = true;
    dirApi.listDirectories().then(
      (l) => {
        if (!live) return;
        setDirs(l);
        setDirId(l[0]?.id ?? '');
      },
      () => live && setDirs([]),
    );
    call(epsRoutes.tree, { params: { space_id: props.spaceId } }).then(
      (tree) => {
        if (!live) return;
        setNodes(tree.nodes);
        setVersions(tree.versions);
        setVersionId(tree.versions[0]?.id ?? '');
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [props.spaceId]);

  useEffect(() => {
    let live = true;
    if (dir)
      dirApi.lists({ epsId: dir.eps_id ?? props.spaceId, id: dir.id }).then(
        (l) => live && setLoaded({ dirId: dir.id, lists: l }),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [dir, props.spaceId]);

  async function run(key: string, work: () => Promise<unknown>) {
    setBusy(key);
    setErrors([]);
    try {
      await work();
    } catch (err) {
      setErrors(refusal(err, t('from_dir.failed')));
    } finally {
      setBusy(null);
    }
  }

  // The figures that are not zero (a toast or a confirmation need not list what did not happen).
  const counts = (r: { created: number; linked: number; added: number; renamed: number; left: unknown[] }) =>
    (['created', 'linked', 'added', 'renamed'] as const)
      .filter((k) => r[k] > 0)
      .map((k) => t(`from_dir.${k}`, { count: r[k] }));
  const toast = (title: string, lines: string[]) =>
    useToasts.getState().push({ kind: 'success', title, lines, durationMs: 6000 });

  const copy = () =>
    run('copy', async () => {
      const r = await dirApi.copyResources(dirId, versionId, list?.id ?? null);
      await props.onDone();
      toast(t('from_dir.copied'), counts(r));
    });

  const sync = () =>
    run('sync', async () => {
      if (!list) return;
      const done = await syncResourcesConfirmed(
        { directoryId: dirId, versionId, listId: list.id },
        {
          lines: (plan) => [
            ...counts(plan),
            ...(plan.left.length ? [t('from_dir.left', { count: plan.left.length })] : []),
            ...(plan.left.length ? [t('from_dir.left_rows', { rows: leftRows(plan) })] : []),
          ],
          inLine: t('from_dir.in_line'),
          title: t('from_dir.sync_title', { name: list.name }),
          submit: t('from_dir.sync_submit'),
          toastMs: 6000,
        },
      );
      if (!done) return;
      await props.onDone();
      toast(t('from_dir.in_line'), counts(done));
    });

  const scheduleName = (v: Version) => nodes.find((n) => n.id === v.schedule_id)?.name ?? '';

  return (
    <Modal title={t('from_dir.title')} closeLabel={t('from_dir.close')} onClose={props.onClose} width={560}>
      <p className="muted">{t('from_dir.hint')}</p>
      {dirs && dirs.length === 0 ? (
        <p className="empty-text">{t('from_dir.no_directories')}</p>
      ) : (
        <div className="res-from-dir">
          <label className="field">
            <span className="field__label">{t('from_dir.directory')}</span>
            <select
              className="field__input"
              value={dirId}
              onChange={(e) => {
                setDirId(e.target.value);
                setListId('');
              }}
            >
              {(dirs ?? []).map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name} ({d.value_count})
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t('from_dir.list')}</span>
            <select className="field__input" value={listId} onChange={(e) => setListId(e.target.value)}>
              <option value="">{t('from_dir.whole')}</option>
              {lists.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name} ({l.value_ids.length})
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t('from_dir.version')}</span>
            <select className="field__input" value={versionId} onChange={(e) => setVersionId(e.target.value)}>
              {versions.map((v) => (
                <option key={v.id} value={v.id}>
                  {scheduleName(v)} / {v.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      <RefusalLines lines={errors} />
      <div className="modal__actions">
        <button
          type="button"
          className="btn"
          disabled={!dirId || !versionId || busy !== null}
          onClick={() => void copy()}
        >
          {busy === 'copy' ? <span className="spinner" aria-hidden="true" /> : null}
          {list ? t('from_dir.copy_list') : t('from_dir.copy_all')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={!dirId || !versionId || !list || busy !== null}
          title={list ? undefined : t('from_dir.sync_needs_list')}
          onClick={() => void sync()}
        >
          {busy === 'sync' ? <span className="spinner" aria-hidden="true" /> : null}
          {t('from_dir.sync')}
        </button>
        <button type="button" className="btn" onClick={props.onClose}>
          {t('from_dir.close')}
        </button>
      </div>
    </Modal>
  );
}
