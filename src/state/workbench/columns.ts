// Grid columns of the workbench: the domain's column model (how a column reads, converts and
// writes a row, src/domain/wbs/columns.ts) plus what the screen needs (label key, alignment,
// default width) and the per-user layout (order, width, visibility).

import { WBS_COLUMNS, attributeColumn, attributeColumnId } from '../../domain/wbs/columns';
import type { WbsColumn } from '../../domain/wbs/columns';
import type { DirectoryChoice } from '../../domain/directory/picker';
import { formulaKinds } from '../../domain/formula';
import type { ColumnId, ColumnLayout } from './types';

export interface ColumnDef {
  readonly id: ColumnId;
  readonly labelKey: string;
  readonly domain: WbsColumn;
  readonly align: 'left' | 'right' | 'center';
  readonly defaultWidth: number;
  /** A directory-typed attribute's values: its cells are edited in the directory-value picker. */
  readonly choices?: readonly DirectoryChoice[];
  /**
   * A person of the row kept outside the row (wbs_people, not a WBS field): its cells are chosen
   * in the picker from the version's executors and sent through the row-people call.
   */
  readonly person?: 'executor';
  /**
   * A number attribute (even one the caller may only read), or a calculated one whose formula gives
   * numbers (domain/formula/kind.ts): a group header sums it.
   */
  readonly number?: boolean;
}

const def = (domain: WbsColumn, align: ColumnDef['align'], defaultWidth: number): ColumnDef => ({
  id: domain.id,
  labelKey: `col.${domain.id}`,
  domain,
  align,
  defaultWidth,
});

export const COLUMN_DEFS: Readonly<Record<string, ColumnDef>> = {
  code: def(WBS_COLUMNS.code, 'left', 64),
  name: def(WBS_COLUMNS.name, 'left', 224),
  type: def(WBS_COLUMNS.type, 'left', 104),
  duration: def(WBS_COLUMNS.duration, 'right', 84),
  start: def(WBS_COLUMNS.start, 'right', 88),
  finish: def(WBS_COLUMNS.finish, 'right', 88),
  total_float: def(WBS_COLUMNS.total_float, 'right', 64),
  free_float: def(WBS_COLUMNS.free_float, 'right', 64),
  progress: def(WBS_COLUMNS.progress, 'right', 56),
  status: def(WBS_COLUMNS.status, 'left', 96),
  calendar: def(WBS_COLUMNS.calendar, 'left', 100),
  volume: def(WBS_COLUMNS.volume, 'right', 80),
  price: def(WBS_COLUMNS.price, 'right', 90),
  // Last and hidden: a new column never shifts a saved layout's or a user's habits.
  start_float: def(WBS_COLUMNS.start_float, 'right', 64),
  finish_float: def(WBS_COLUMNS.finish_float, 'right', 64),
  accepted_start: def(WBS_COLUMNS.accepted_start, 'right', 96),
  accepted_finish: def(WBS_COLUMNS.accepted_finish, 'right', 96),
  // Not a field of the row: the row's named executor (spec §6, PATCH users/{id}/set-executor).
  executor: {
    id: 'executor',
    labelKey: 'col.executor',
    domain: { id: 'executor', kind: 'readonly' },
    align: 'left',
    defaultWidth: 150,
    person: 'executor',
  },
};

const ATTRIBUTE_WIDTH = 110;
const attributeDefs = new Map<string, ColumnDef>();

export function columnDef(id: ColumnId): ColumnDef {
  const known = COLUMN_DEFS[id];
  if (known) return known;
  let d = attributeDefs.get(id);
  if (!d) {
    const key = id.startsWith('attr:') ? id.slice(5) : id;
    d = {
      id,
      labelKey: key,
      domain: attributeColumn(key, 'text'),
      align: 'left',
      defaultWidth: ATTRIBUTE_WIDTH,
    };
    attributeDefs.set(id, d);
  }
  return d;
}

/** What the version's attribute definitions say of a column: its type and the caller's access. */
export interface AttributeColumnType {
  readonly key: string;
  readonly type?: 'text' | 'number' | 'date' | 'list' | 'directory' | 'formula' | undefined;
  readonly access?: 'hidden' | 'read' | 'write' | undefined;
  /** A list attribute's values: the only ones its cells take. */
  readonly list_values?: readonly string[] | undefined;
  /** A linked attribute mirrors a directory's values: read-only in the grid. */
  readonly linked_directory_id?: string | null | undefined;
  /** A directory-typed attribute: the directory whose value codes its cells hold. */
  readonly directory_id?: string | null | undefined;
  /** Its name, as formulas may read it (the key when absent). */
  readonly label?: string | undefined;
  /** A formula attribute's expression: its values' kind decides whether a group header sums it. */
  readonly formula?: string | null | undefined;
}

/**
 * Types the attribute columns: numbers and dates convert as those columns do; a formula or an
 * attribute the caller may only read is read-only (the server refuses such writes anyway); a list
 * attribute takes only its values (the editor offers them); a directory attribute whose directory's
 * values were read takes only their codes, chosen in the directory-value picker.
 */
export function setAttributeColumnTypes(
  defs: readonly AttributeColumnType[],
  directories: ReadonlyMap<string, readonly DirectoryChoice[]> = new Map(),
): void {
  const kinds = formulaKinds(
    defs.map((d) => ({ key: d.key, name: d.label ?? d.key, type: d.type, formula: d.formula })),
  );
  for (const d of defs) {
    const id = attributeColumnId(d.key);
    const readOnly = d.type === 'formula' || d.access === 'read' || !!d.linked_directory_id;
    // A directory attribute whose values were read takes only their codes (a list of them).
    const choices = d.type === 'directory' && d.directory_id ? directories.get(d.directory_id) : undefined;
    const kind =
      d.type === 'number'
        ? 'number'
        : d.type === 'date'
          ? 'date'
          : d.type === 'list' || choices
            ? 'list'
            : 'text';
    const options = choices ? choices.map((c) => c.code) : (d.list_values ?? []);
    attributeDefs.set(id, {
      id,
      labelKey: d.key,
      domain: readOnly
        ? { id, kind: 'readonly', attribute: d.key }
        : attributeColumn(d.key, kind, kind === 'list' ? options : undefined),
      align: d.type === 'number' || d.type === 'formula' ? 'right' : 'left',
      defaultWidth: ATTRIBUTE_WIDTH,
      ...(choices && !readOnly ? { choices } : {}),
      ...(d.type === 'number' || kinds.get(d.key) === 'number' ? { number: true } : {}),
    });
  }
}

const HIDDEN_BY_DEFAULT = new Set([
  'calendar',
  'volume',
  'price',
  'start_float',
  'finish_float',
  'accepted_start',
  'accepted_finish',
  'executor',
]);

export const DEFAULT_COLUMNS: readonly ColumnLayout[] = Object.values(COLUMN_DEFS).map((c) => ({
  id: c.id,
  width: c.defaultWidth,
  visible: !HIDDEN_BY_DEFAULT.has(c.id),
}));

/** The displayed columns (visible ones, in layout order). */
export function displayedColumns(layout: readonly ColumnLayout[]): ColumnLayout[] {
  return layout.filter((c) => c.visible);
}

/**
 * The grid's columns for a version: the user's saved layout (null: the defaults) with any
 * workbench column it does not know appended, then the version's attribute columns it lacks,
 * hidden, in the order given. A saved attribute column whose key the version no longer has is
 * dropped; with `attributeKeys` null (the definitions could not be read) saved ones are kept.
 */
export function versionLayout(
  saved: readonly ColumnLayout[] | null,
  attributeKeys: readonly string[] | null,
): ColumnLayout[] {
  const keys = attributeKeys === null ? null : new Set(attributeKeys.map(attributeColumnId));
  const cols = (saved ?? DEFAULT_COLUMNS)
    .filter((c) => !c.id.startsWith('attr:') || keys === null || keys.has(c.id))
    .map((c) => ({ id: c.id, width: c.width, visible: c.visible }));
  const have = new Set(cols.map((c) => c.id));
  for (const d of DEFAULT_COLUMNS) if (!have.has(d.id)) cols.push({ ...d });
  for (const id of keys ?? []) if (!have.has(id)) cols.push({ id, width: ATTRIBUTE_WIDTH, visible: false });
  return cols;
}

/**
 * The columns once a saved layout has been read: the saved ones, unless the user changed the
 * columns while it was being read (`opened`: the columns when the read began) — then theirs,
 * with the attribute columns they lack, and `kept` says the layout is to be written again. A
 * column shown in the first second of a page was hidden again by the layout arriving after it.
 */
export function columnsAfterRead(
  saved: readonly ColumnLayout[] | null,
  attributeKeys: readonly string[] | null,
  opened: readonly ColumnLayout[],
  now: readonly ColumnLayout[],
): { columns: ColumnLayout[]; kept: boolean } {
  const kept = now !== opened && !sameLayout(now, opened);
  return { columns: versionLayout(kept ? now : saved, attributeKeys), kept };
}

/** Same columns in the same order, widths and visibility. */
export function sameLayout(a: readonly ColumnLayout[], b: readonly ColumnLayout[]): boolean {
  return (
    a.length === b.length &&
    a.every((c, i) => c.id === b[i]!.id && c.width === b[i]!.width && c.visible === b[i]!.visible)
  );
}

/** A column's header text: a workbench column's translated label, an attribute's own label. */
export function columnLabel(
  id: ColumnId,
  t: (key: string) => string,
  attributeLabels: ReadonlyMap<string, string>,
): string {
  const def = columnDef(id);
  if (def.labelKey.startsWith('col.')) return t(def.labelKey);
  return attributeLabels.get(def.labelKey) ?? def.labelKey;
}
