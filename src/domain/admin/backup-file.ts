// The checks of a schedule backup brought back as a file (issue 21): the unpacked JSON must be a
// backup of this product's format, of this schedule, made in this space, and hold together — every
// row of the space, every per-version row of one of its versions, every attribute on the schedule
// or those versions, every attribute access of one of its attributes. Restore writes the rows as
// the file holds them (space ids included), so a file of another space or one edited to point
// elsewhere is refused before anything is stored. Pure: the server gunzips and parses first.

export const BACKUP_FORMAT = 'planning-workbench/schedule-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupProblem {
  readonly code:
    | 'backup.not_backup'
    | 'backup.newer_format'
    | 'backup.other_schedule'
    | 'backup.other_space'
    | 'backup.inconsistent';
  readonly params?: Record<string, string | number>;
}

type Row = Record<string, unknown>;

const isObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const isRows = (v: unknown): v is Row[] => Array.isArray(v) && v.every(isObject);

/** The first problem of a parsed backup file for a schedule of a space, or null when it may be restored. */
export function backupFileProblem(c: unknown, spaceId: string, scheduleId: string): BackupProblem | null {
  if (!isObject(c) || c.format !== BACKUP_FORMAT) return { code: 'backup.not_backup' };
  if (typeof c.format_version !== 'number' || c.format_version > BACKUP_FORMAT_VERSION)
    return { code: 'backup.newer_format', params: { version: String(c.format_version) } };
  const tables = c.tables;
  if (
    !isObject(c.schedule) ||
    typeof c.created_at !== 'string' ||
    Number.isNaN(Date.parse(c.created_at)) ||
    !isRows(c.versions) ||
    !isRows(c.calendars) ||
    !isRows(c.attributes) ||
    !isRows(c.attribute_access) ||
    !isObject(tables) ||
    !Object.values(tables).every(isRows)
  )
    return { code: 'backup.not_backup' };
  if (c.schedule.id !== scheduleId) return { code: 'backup.other_schedule' };
  const perVersion = Object.values(tables as Record<string, Row[]>).flat();
  const all = [...c.versions, ...c.calendars, ...c.attributes, ...c.attribute_access, ...perVersion];
  if (all.some((r) => r.space_id !== spaceId)) return { code: 'backup.other_space' };

  const versionIds = new Set(c.versions.map((v) => v.id));
  if (c.versions.some((v) => typeof v.id !== 'string' || v.schedule_id !== scheduleId))
    return { code: 'backup.inconsistent', params: { what: 'versions' } };
  for (const [table, rows] of Object.entries(tables as Record<string, Row[]>))
    if (rows.some((r) => !versionIds.has(r.version_id)))
      return { code: 'backup.inconsistent', params: { what: table } };
  const nodes = new Set([scheduleId, ...versionIds]);
  if (c.attributes.some((a) => !nodes.has(a.node_id) || (a.scope !== 'schedule' && a.scope !== 'version')))
    return { code: 'backup.inconsistent', params: { what: 'attributes' } };
  const attributeIds = new Set(c.attributes.map((a) => a.id));
  if (c.attribute_access.some((a) => !attributeIds.has(a.attribute_id)))
    return { code: 'backup.inconsistent', params: { what: 'attribute_access' } };
  return null;
}
