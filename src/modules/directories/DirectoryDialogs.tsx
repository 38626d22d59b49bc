// The forms of the directories screen: create (or rename) a directory, the directory upload
// dialog, and a new attribute. Each submits, shows the server's refusal in place and keeps what
// was typed.
import { type FormEvent, type ReactNode, useState } from 'react';
import type { DirectoryAttribute } from '../../api/directories';
import type { EpsNode } from '../../api/structure';
import type { Version } from '../../api/versions';
import { ApiError, errorItems } from '../../app/api/errors';
import { translator } from '../../app/api/effects';
import { itemLine } from '../../app/api/toast-text';
import { Modal } from '../../app/ui/Modal';
import { useDirectoriesT } from './i18n';

/** The lines of a refused call (the server's items, translated), or the fallback. */
export function refusal(err: unknown, fallback: string): string[] {
  const items = err instanceof ApiError ? errorItems(err.body) : [];
  const lines = items.map((i) => itemLine(i, translator)).filter(Boolean);
  return lines.length ? lines : [fallback];
}

/** A refused call's lines in place, announced (nothing when there are none). */
export function RefusalLines({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <ul className="dir-errors" role="alert">
      {lines.map((line, i) => (
        <li key={i}>{line}</li>
      ))}
    </ul>
  );
}

interface FormDialogProps {
  title: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}

function FormDialog({ title, submitLabel, onClose, onSubmit, children }: FormDialogProps) {
  const { t } = useDirectoriesT();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors([]);
    try {
      await onSubmit();
      onClose();
    } catch (err) {
      setErrors(refusal(err, t('failed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title={title} closeLabel={t('close')} onClose={onClose} width={480}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        {children}
        <RefusalLines lines={errors} />
        <div className="modal__actions">
          <button type="button" className="btn" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Where a directory may belong: the whole space, or a facility or project of it. */
function OwnerSelect({
  spaceId,
  nodes,
  value,
  onChange,
}: {
  spaceId: string;
  nodes: readonly EpsNode[];
  value: string;
  onChange: (v: string) => void;
}) {
  const { t } = useDirectoriesT();
  return (
    <label className="field">
      <span className="field__label">{t('owner')}</span>
      <select className="field__input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value={spaceId}>{t('whole_space')}</option>
        {nodes
          .filter((n) => n.kind === 'facility' || n.kind === 'project')
          .map((n) => (
            <option key={n.id} value={n.id}>
              {n.kind === 'project' ? `— ${n.name}` : n.name}
            </option>
          ))}
      </select>
    </label>
  );
}

function NameInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        className="field__input"
        value={value}
        maxLength={32}
        data-autofocus=""
        autoFocus
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

export function CreateDirectoryDialog(props: {
  spaceId: string;
  nodes: readonly EpsNode[];
  onClose: () => void;
  onCreate: (epsId: string, name: string) => Promise<void>;
}) {
  const { t } = useDirectoriesT();
  const [name, setName] = useState('');
  const [owner, setOwner] = useState(props.spaceId);
  return (
    <FormDialog
      title={t('new')}
      submitLabel={t('create')}
      onClose={props.onClose}
      onSubmit={() => props.onCreate(owner, name)}
    >
      <NameInput label={t('name')} value={name} onChange={setName} />
      <OwnerSelect spaceId={props.spaceId} nodes={props.nodes} value={owner} onChange={setOwner} />
    </FormDialog>
  );
}

/** The directory's values as rows of a version's WBS (spec: add-values-to-version). */
export function AddToVersionDialog(props: {
  name: string;
  nodes: readonly EpsNode[];
  versions: readonly Version[];
  onClose: () => void;
  onSubmit: (versionId: string) => Promise<void>;
}) {
  const { t } = useDirectoriesT();
  const [versionId, setVersionId] = useState(props.versions[0]?.id ?? '');
  const scheduleName = (v: Version) => props.nodes.find((n) => n.id === v.schedule_id)?.name ?? '';
  return (
    <FormDialog
      title={t('to_version_title', { name: props.name })}
      submitLabel={t('to_version_submit')}
      onClose={props.onClose}
      onSubmit={() => props.onSubmit(versionId)}
    >
      <p className="field__hint">{t('to_version_hint')}</p>
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
    </FormDialog>
  );
}

/** Move a directory to another owner, or copy it to one (spec: move-to, copy-to). */
export function MoveCopyDirectoryDialog(props: {
  mode: 'move' | 'copy';
  name: string;
  spaceId: string;
  owner: string;
  nodes: readonly EpsNode[];
  onClose: () => void;
  onSubmit: (targetId: string) => Promise<void>;
}) {
  const { t } = useDirectoriesT();
  const [target, setTarget] = useState(props.owner);
  return (
    <FormDialog
      title={t(props.mode === 'move' ? 'move_title' : 'copy_title', { name: props.name })}
      submitLabel={t(props.mode === 'move' ? 'move' : 'copy')}
      onClose={props.onClose}
      onSubmit={() => props.onSubmit(target)}
    >
      <p className="muted">{t(props.mode === 'move' ? 'move_hint' : 'copy_hint')}</p>
      <OwnerSelect spaceId={props.spaceId} nodes={props.nodes} value={target} onChange={setTarget} />
    </FormDialog>
  );
}

export function RenameDirectoryDialog(props: {
  name: string;
  onClose: () => void;
  onRename: (name: string) => Promise<void>;
}) {
  const { t } = useDirectoriesT();
  const [name, setName] = useState(props.name);
  return (
    <FormDialog
      title={t('rename_title')}
      submitLabel={t('save')}
      onClose={props.onClose}
      onSubmit={() => props.onRename(name)}
    >
      <NameInput label={t('name')} value={name} onChange={setName} />
    </FormDialog>
  );
}

/**
 * The directory upload dialog (spec §2 "directory upload"), and its "upload with assignment"
 * variant (a version is chosen; the file's wbs column names the rows each value is assigned to).
 */
export function UploadDirectoryDialog(props: {
  spaceId: string;
  nodes: readonly EpsNode[];
  /** The versions to assign in (the variant with assignment); absent: a plain upload. */
  versions?: readonly Version[];
  onClose: () => void;
  onUpload: (epsId: string, file: File, name: string, versionId: string | null) => Promise<void>;
}) {
  const { t } = useDirectoriesT();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [owner, setOwner] = useState(props.spaceId);
  const [versionId, setVersionId] = useState(props.versions?.[0]?.id ?? '');
  const assign = props.versions !== undefined;
  const scheduleName = (v: Version) => props.nodes.find((n) => n.id === v.schedule_id)?.name ?? '';
  return (
    <FormDialog
      title={assign ? t('upload_assign_title') : t('upload_title')}
      submitLabel={t('upload')}
      onClose={props.onClose}
      onSubmit={() =>
        file
          ? props.onUpload(owner, file, name, assign ? versionId : null)
          : Promise.reject(new Error('no file'))
      }
    >
      <p className="field__hint">{t('upload_hint')}</p>
      {assign ? <p className="field__hint">{t('upload_assign_hint')}</p> : null}
      {assign ? (
        <label className="field">
          <span className="field__label">{t('version')}</span>
          <select className="field__input" value={versionId} onChange={(e) => setVersionId(e.target.value)}>
            {props.versions!.map((v) => (
              <option key={v.id} value={v.id}>
                {scheduleName(v)} / {v.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="field">
        <span className="field__label">{t('file')}</span>
        <input
          className="field__input"
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </label>
      <label className="field">
        <span className="field__label">{t('name_optional')}</span>
        <input
          className="field__input"
          value={name}
          maxLength={32}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <OwnerSelect spaceId={props.spaceId} nodes={props.nodes} value={owner} onChange={setOwner} />
    </FormDialog>
  );
}

export function AttributeDialog(props: {
  onClose: () => void;
  onAdd: (name: string, type: DirectoryAttribute['type']) => Promise<void>;
}) {
  const { t } = useDirectoriesT();
  const [name, setName] = useState('');
  const [type, setType] = useState<DirectoryAttribute['type']>('text');
  return (
    <FormDialog
      title={t('attribute_title')}
      submitLabel={t('create')}
      onClose={props.onClose}
      onSubmit={() => props.onAdd(name, type)}
    >
      <NameInput label={t('name')} value={name} onChange={setName} />
      <label className="field">
        <span className="field__label">{t('attribute_type')}</span>
        <select
          className="field__input"
          value={type}
          onChange={(e) => setType(e.target.value as DirectoryAttribute['type'])}
        >
          {(['text', 'number', 'date'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`type_${k}`)}
            </option>
          ))}
        </select>
      </label>
    </FormDialog>
  );
}
