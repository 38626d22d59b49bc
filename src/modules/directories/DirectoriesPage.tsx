// /{space_id}/directories: the directories of the space on the left, the chosen one's values as a
// keyboard tree table on the right, with create, upload, rename, export, attributes and delete.
import {
  ArrowRightLeft,
  BookMarked,
  Calculator,
  Copy,
  Download,
  FolderInput,
  Network,
  Link2,
  ListChecks,
  ListPlus,
  Pencil,
  Plus,
  TriangleAlert,
  Trash2,
  Upload,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { useOutletContext } from 'react-router-dom';
import type { Directory, DirectorySummary } from '../../api/directories';
import { epsRoutes, type EpsNode } from '../../api/structure';
import type { Version } from '../../api/versions';
import { call } from '../../app/api/call';
import { confirm } from '../../app/dialogs/confirm';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { useToasts } from '../../state/toasts';
import * as dirApi from './api';
import {
  AddToVersionDialog,
  AttributeDialog,
  CreateDirectoryDialog,
  MoveCopyDirectoryDialog,
  RenameDirectoryDialog,
  UploadDirectoryDialog,
} from './DirectoryDialogs';
import { DonorDialog } from './DonorDialog';
import { GraphDialog } from './GraphDialog';
import { InvalidDialog } from './InvalidDialog';
import { LinkedDialog } from './LinkedDialog';
import { ListsDialog } from './ListsDialog';
import { NormsDialog } from './NormsDialog';
import { RelationsDialog } from './RelationsDialog';
import { useDirectoriesT } from './i18n';
import { DirectoryGrid } from './DirectoryGrid';
import { addTopValue, directoryGridHost } from './directory-grid';
import './directories.css';
import { EmptyState, Loading } from '../../app/ui/StatePanels';

type Dialog =
  | 'create'
  | 'upload'
  | 'upload_assign'
  | 'rename'
  | 'attribute'
  | 'move'
  | 'copy'
  | 'donors'
  | 'linked'
  | 'to_version'
  | 'relations'
  | 'norms'
  | 'lists'
  | 'graph'
  | 'invalid'
  | null;

const refOf = (spaceId: string, d: DirectorySummary): dirApi.DirRef => ({
  epsId: d.eps_id ?? spaceId,
  id: d.id,
});

export function DirectoriesPage() {
  const { t } = useDirectoriesT();
  const { spaceId, config } = useOutletContext<SpaceContext>();
  const canEdit = config?.can.edit ?? false;
  const [list, setList] = useState<DirectorySummary[] | null>(null);
  const [nodes, setNodes] = useState<EpsNode[]>([]);
  const [versions, setVersions] = useState<Version[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<Directory | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const toast = (title: string, line?: string) =>
    useToasts.getState().push({ kind: 'success', title, lines: line ? [line] : [], durationMs: 3000 });

  /** The rows assigned, and a warning naming the first two codes not found plus a count of the rest. */
  const assignedToast = (count: number, unmatched: readonly string[]) => {
    const codes = unmatched.slice(0, 2).join(', ');
    const line = unmatched.length > 2 ? t('unmatched_more', { codes, count: unmatched.length - 2 }) : codes;
    useToasts.getState().push({
      kind: unmatched.length ? 'warning' : 'success',
      title: t('assigned', { count }),
      lines: unmatched.length ? [t('unmatched', { codes: line })] : [],
      durationMs: 5000,
    });
  };
  const reloadList = async () => setList(await dirApi.listDirectories());
  useEffect(() => {
    let live = true;
    dirApi.listDirectories().then(
      (l) => live && setList(l),
      () => live && setList([]),
    );
    call(epsRoutes.tree, { params: { space_id: spaceId } }).then(
      (tree) => {
        if (!live) return;
        setNodes(tree.nodes);
        setVersions(tree.versions);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [spaceId]);

  const summary = list?.find((d) => d.id === selected) ?? null;
  const ref = summary ? refOf(spaceId, summary) : null;
  // The loaded directory shows only while it is the chosen one.
  const directory = loaded && loaded.id === selected ? loaded : null;
  const reload = async () => {
    if (ref) setLoaded(await dirApi.getDirectory(ref));
  };
  /** After a donor or linked attribute changed: the open directory and the list's counts. */
  const reloadBoth = async () => {
    await reload();
    await reloadList();
  };
  const refEps = ref?.epsId ?? null;
  const refId = ref?.id ?? null;
  useEffect(() => {
    if (!refEps || !refId) return;
    let live = true;
    dirApi.getDirectory({ epsId: refEps, id: refId }).then(
      (d) => live && setLoaded(d),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [refEps, refId]);

  const open = (d: Directory) => {
    setSelected(d.id);
    setLoaded(d);
    void reloadList();
  };

  async function removeDirectory() {
    if (!summary || !directory || !ref) return;
    const linked = directory.values.reduce((s, v) => s + v.linked_rows, 0);
    const { confirmed } = await confirm({
      title: t('delete_title'),
      message: t('delete_message', { name: summary.name, count: directory.values.length, linked }),
      submitLabel: t('delete'),
      danger: true,
    });
    if (!confirmed) return;
    await dirApi.deleteDirectory(ref).catch(() => undefined);
    setSelected(null);
    await reloadList();
  }

  async function exportAs(format: 'csv' | 'xlsx') {
    if (!ref || !summary) return;
    const blob = await dirApi.exportDirectory(ref, format).catch(() => null);
    if (blob) dirApi.saveBlob(blob, `${summary.name}.${format}`);
  }

  async function removeAttribute(key: string, name: string) {
    if (!ref) return;
    const { confirmed } = await confirm({
      title: t('delete_attribute', { name }),
      message: t('delete_attribute_message', { name }),
      submitLabel: t('delete'),
      danger: true,
    });
    if (!confirmed) return;
    await dirApi.deleteAttribute(ref, key).catch(() => undefined);
    await reload();
  }

  const ownerName = (d: DirectorySummary) =>
    d.eps_id ? (nodes.find((n) => n.id === d.eps_id)?.name ?? '') : t('whole_space');

  return (
    <div className="dirs">
      <div className="structure__head">
        <h1 className="structure__title">{t('title')}</h1>
      </div>
      <div className="toolbar">
        {canEdit ? (
          <>
            <button type="button" className="btn btn--sm" onClick={() => setDialog('create')}>
              <Plus size={15} aria-hidden="true" />
              {t('new')}
            </button>
            <button type="button" className="btn btn--sm" onClick={() => setDialog('upload')}>
              <Upload size={15} aria-hidden="true" />
              {t('upload')}
            </button>
            <button
              type="button"
              className="btn btn--sm"
              disabled={versions.length === 0}
              onClick={() => setDialog('upload_assign')}
            >
              <Upload size={15} aria-hidden="true" />
              {t('upload_assign')}
            </button>
          </>
        ) : null}
        {summary ? (
          <>
            <span className="toolbar__sep" />
            {canEdit ? (
              <>
                <button type="button" className="btn btn--sm" onClick={() => setDialog('rename')}>
                  <Pencil size={15} aria-hidden="true" />
                  {t('rename')}
                </button>
                <button type="button" className="btn btn--sm" onClick={() => setDialog('attribute')}>
                  <Plus size={15} aria-hidden="true" />
                  {t('add_attribute')}
                </button>
                <button
                  type="button"
                  className="btn btn--sm"
                  disabled={!summary.attributes.length}
                  onClick={() => setDialog('donors')}
                >
                  <ArrowRightLeft size={15} aria-hidden="true" />
                  {t('donor_open')}
                </button>
                <button
                  type="button"
                  className="btn btn--sm"
                  disabled={!summary.attributes.length}
                  onClick={() => setDialog('linked')}
                >
                  <Link2 size={15} aria-hidden="true" />
                  {t('linked_open')}
                </button>
                <button
                  type="button"
                  className="btn btn--sm"
                  disabled={versions.length === 0 || summary.value_count === 0}
                  onClick={() => setDialog('to_version')}
                >
                  <ListPlus size={15} aria-hidden="true" />
                  {t('to_version_open')}
                </button>
                <button type="button" className="btn btn--sm" onClick={() => setDialog('move')}>
                  <FolderInput size={15} aria-hidden="true" />
                  {t('move_open')}
                </button>
                <button type="button" className="btn btn--sm" onClick={() => setDialog('copy')}>
                  <Copy size={15} aria-hidden="true" />
                  {t('copy_open')}
                </button>
                <button type="button" className="btn btn--sm" onClick={() => setDialog('relations')}>
                  <Link2 size={15} aria-hidden="true" />
                  {t('rel_open')}
                </button>
                <button
                  type="button"
                  className="btn btn--sm"
                  disabled={versions.length === 0}
                  onClick={() => setDialog('norms')}
                >
                  <Calculator size={15} aria-hidden="true" />
                  {t('norms_open')}
                </button>
              </>
            ) : null}
            <button type="button" className="btn btn--sm" onClick={() => setDialog('lists')}>
              <ListChecks size={15} aria-hidden="true" />
              {t('lists_open')}
            </button>
            <button type="button" className="btn btn--sm" onClick={() => setDialog('graph')}>
              <Network size={15} aria-hidden="true" />
              {t('graph_open')}
            </button>
            <button type="button" className="btn btn--sm" onClick={() => setDialog('invalid')}>
              <TriangleAlert size={15} aria-hidden="true" />
              {t('invalid_open')}
            </button>
            <button type="button" className="btn btn--sm" onClick={() => void exportAs('csv')}>
              <Download size={15} aria-hidden="true" />
              {t('export_csv')}
            </button>
            <button type="button" className="btn btn--sm" onClick={() => void exportAs('xlsx')}>
              <Download size={15} aria-hidden="true" />
              {t('export_xlsx')}
            </button>
            {canEdit ? (
              <button
                type="button"
                className="btn btn--sm btn--danger"
                onClick={() => void removeDirectory()}
              >
                <Trash2 size={15} aria-hidden="true" />
                {t('delete')}
              </button>
            ) : null}
          </>
        ) : null}
      </div>
      <div className="dirs__body">
        <nav className="dirs__list" aria-label={t('list_label')}>
          {list === null ? (
            <Loading />
          ) : list.length === 0 ? (
            <EmptyState icon={BookMarked} title={t('empty')} hint={t('empty_hint')} />
          ) : (
            list.map((d) => (
              <button
                key={d.id}
                type="button"
                className={`dirs__item${d.id === selected ? ' dirs__item--on' : ''}`}
                aria-current={d.id === selected ? 'true' : undefined}
                onClick={() => setSelected(d.id)}
              >
                <span className="dirs__name">{d.name}</span>
                <span className="dirs__meta">
                  {ownerName(d)} · {t('values', { count: d.value_count })}
                </span>
              </button>
            ))
          )}
        </nav>
        <section className="dirs__values">
          {directory && ref ? (
            <>
              <div className="dirs__values-head">
                {canEdit ? (
                  <>
                    <button
                      type="button"
                      className="btn btn--sm"
                      onClick={() => {
                        // As Insert at the end: a new top-level value.
                        directoryGridHost.store.set({ editing: null });
                        void addTopValue();
                      }}
                    >
                      <Plus size={15} aria-hidden="true" />
                      {t('add_value')}
                    </button>
                    {directory.attributes.map((a) => (
                      <button
                        key={a.key}
                        type="button"
                        className="btn btn--sm btn--ghost"
                        onClick={() => void removeAttribute(a.key, a.name)}
                      >
                        <Trash2 size={13} aria-hidden="true" />
                        {t('delete_attribute', { name: a.name })}
                      </button>
                    ))}
                  </>
                ) : null}
              </div>
              <DirectoryGrid
                directory={directory}
                dirRef={ref}
                canEdit={canEdit}
                t={t}
                load={async () => {
                  const d = await dirApi.getDirectory(ref);
                  setLoaded(d);
                  // The list's value counts follow adds and deletes.
                  void reloadList().catch(() => undefined);
                  return d;
                }}
              />
              <p className="dirs__keys">{t('keys')}</p>
            </>
          ) : summary ? (
            <Loading />
          ) : list?.length ? (
            <p className="empty-text">{t('pick')}</p>
          ) : null}
        </section>
      </div>
      {dialog === 'create' ? (
        <CreateDirectoryDialog
          spaceId={spaceId}
          nodes={nodes}
          onClose={() => setDialog(null)}
          onCreate={async (epsId, name) => {
            open(await dirApi.createDirectory(epsId, name));
            toast(t('created'));
          }}
        />
      ) : null}
      {dialog === 'upload' || dialog === 'upload_assign' ? (
        <UploadDirectoryDialog
          spaceId={spaceId}
          nodes={nodes}
          {...(dialog === 'upload_assign' ? { versions } : {})}
          onClose={() => setDialog(null)}
          onUpload={async (epsId, file, name, versionId) => {
            const d = await dirApi.uploadDirectory(epsId, file, name, versionId);
            open(d);
            toast(t('uploaded', { count: d.values.length }));
            if (d.assigned !== undefined) assignedToast(d.assigned, d.unmatched ?? []);
          }}
        />
      ) : null}
      {dialog === 'rename' && summary && ref ? (
        <RenameDirectoryDialog
          name={summary.name}
          onClose={() => setDialog(null)}
          onRename={async (name) => {
            await dirApi.renameDirectory(ref, name);
            await reloadList();
          }}
        />
      ) : null}
      {(dialog === 'move' || dialog === 'copy') && summary && ref ? (
        <MoveCopyDirectoryDialog
          mode={dialog}
          name={summary.name}
          spaceId={spaceId}
          owner={ref.epsId}
          nodes={nodes}
          onClose={() => setDialog(null)}
          onSubmit={async (targetId) => {
            if (dialog === 'move') {
              await dirApi.moveDirectory(ref, targetId);
              await reloadList();
              toast(t('moved', { name: summary.name }));
            } else {
              const copy = await dirApi.copyDirectory(ref, targetId);
              open(copy);
              toast(t('copied', { name: copy.name }));
            }
          }}
        />
      ) : null}
      {dialog === 'to_version' && summary && ref ? (
        <AddToVersionDialog
          name={summary.name}
          nodes={nodes}
          versions={versions}
          onClose={() => setDialog(null)}
          onSubmit={async (versionId) => {
            const r = await dirApi.addValuesToVersion(ref, versionId);
            await reload();
            toast(t('to_version_done', { count: r.added }), t('to_version_linked', { count: r.linked }));
          }}
        />
      ) : null}
      {dialog === 'donors' && directory && ref ? (
        <DonorDialog
          directory={directory}
          dirRef={ref}
          onChanged={reloadBoth}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'linked' && directory && ref ? (
        <LinkedDialog
          directory={directory}
          dirRef={ref}
          onChanged={reloadBoth}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'relations' && summary && list ? (
        <RelationsDialog
          spaceId={spaceId}
          directory={summary}
          directories={list}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'lists' && directory && ref ? (
        <ListsDialog
          directory={directory}
          dirRef={ref}
          nodes={nodes}
          versions={versions}
          canEdit={canEdit}
          onChanged={reload}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'graph' && summary && ref ? (
        <GraphDialog name={summary.name} dirRef={ref} canEdit={canEdit} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'invalid' && directory && ref ? (
        <InvalidDialog directory={directory} dirRef={ref} canEdit={canEdit} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'norms' ? (
        <NormsDialog nodes={nodes} versions={versions} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'attribute' && ref ? (
        <AttributeDialog
          onClose={() => setDialog(null)}
          onAdd={async (name, type) => {
            await dirApi.addAttribute(ref, name, type);
            await reload();
          }}
        />
      ) : null}
    </div>
  );
}
