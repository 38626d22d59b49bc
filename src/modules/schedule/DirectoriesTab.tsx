// The directories tab: the row's links to the space's directories (DirectoryLinks, from the
// directories module), then its imported attribute (directory) values under the labels the
// version's import gave their keys (GET versions/{id}/attributes: a P6 UDF title, an activity
// code type …); a key without a definition shows as itself, and the key is the label's title. On
// the project grid the row's own version and id are given (its links and labels are that
// version's).

import { useParams } from 'react-router-dom';
import type { RowView } from '../../state/workbench/types';
import { DirectoryLinks } from '../directories/DirectoryLinks';
import { useWorkbench } from '../../state/workbench/store';
import { loadAttributeDefs, useLoaded } from './version-resources';
import { Fields, TabEmpty } from './panel-parts';

type T = (key: string, params?: Record<string, unknown>) => string;

export interface DirectoryField {
  key: string;
  label: string;
  value: string;
}

/** The row's non-empty attribute values, labelled by `defs` where it knows the key, by label. */
export function directoryFields(
  attributes: RowView['row']['attributes'],
  defs: ReadonlyMap<string, string>,
): DirectoryField[] {
  return Object.entries(attributes)
    .filter(([, val]) => val !== null && val !== '')
    .map(([key, val]) => ({ key, label: defs.get(key) ?? key, value: String(val) }))
    .sort((a, b) => a.label.localeCompare(b.label) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

const NO_DEFS: ReadonlyMap<string, string> = new Map();

/** A definition list of the fields (the label's title names the key when it differs). */
export function DirectoriesView({ fields, t }: { fields: readonly DirectoryField[]; t: T }) {
  if (fields.length === 0) return <TabEmpty tab="directories" t={t} />;
  return (
    <div className="wb-info">
      <p className="wb-dim wb-tab-note">{t('panel.directories_note')}</p>
      <Fields
        fields={fields.map((f) => [f.label, f.value, f.label === f.key ? f.key : `${f.label} (${f.key})`])}
      />
    </div>
  );
}

/** A shown row's own version and id (the project grid's rows are of several versions). */
export interface RowVersion {
  readonly versionId: string;
  readonly rowId: string;
  /** The version's schedule (the project grid's rows are of several). */
  readonly scheduleId?: string;
  /** The row and the rows under it, in the version's own ids (the 3D tab selects all of them). */
  readonly subtree?: readonly string[];
  /** The version may be edited here (the project grid: rights, lock): the Assignments tab edits. */
  readonly editable?: boolean;
}

/**
 * `place`: the row's version and own id where they are not the store's version and the row's id
 * (the project grid); null: the row is of no version (a schedule's summary row there).
 */
export function DirectoriesTab({ v, t, place }: { v: RowView; t: T; place?: RowVersion | null }) {
  const storeVersion = useWorkbench((s) => s.versionId);
  const at = place !== undefined ? place : storeVersion ? { versionId: storeVersion, rowId: v.row.id } : null;
  const versionId = at?.versionId ?? null;
  const defs = useLoaded(versionId, () => loadAttributeDefs(versionId!));
  // Until the labels come (or if they cannot), the keys label the values.
  const fields = directoryFields(v.row.attributes, defs.status === 'ready' ? defs.value : NO_DEFS);
  const { spaceId } = useParams();
  if (place === null) return <TabEmpty tab="directories" t={t} />;
  return (
    <>
      {spaceId && at ? <DirectoryLinks spaceId={spaceId} versionId={at.versionId} rowId={at.rowId} /> : null}
      <DirectoriesView fields={fields} t={t} />
    </>
  );
}
