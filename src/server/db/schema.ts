// Kysely table types, mirroring migrations/*.sql.
import type { ColumnType, Generated } from 'kysely';
import type { ViewsTables } from './schema-views';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<string>;
  login: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  secret_question: string | null;
  secret_answer_hash: string | null;
  avatar: Buffer | null;
  avatar_mime: string | null;
  privacy_policy_accepted_at: Date | null;
  created_at: Timestamp;
  /** Wrong secret answers in a row (migration 009). */
  reset_failures: Generated<number>;
  /** Password recovery of the login is refused until then. */
  reset_locked_until: Date | null;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
}

export interface ClientErrorsTable {
  id: Generated<string>;
  user_id: string | null;
  message: string;
  stack: string | null;
  url: string | null;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
}

export interface SpacesTable {
  id: Generated<string>;
  name: string;
  kind: 'demo' | 'free' | 'paid';
  owner_id: string | null;
  ip_allow_list: ColumnType<string[], string[] | undefined, string[]>;
  plan_edit_days: number | null;
  fact_edit_days: number | null;
  created_at: Timestamp;
}

export interface SpaceLicencesTable {
  space_id: string;
  user_cap: number;
  expires_at: Date | null;
  created_at: Timestamp;
}

export type RoleValue = 'moderator' | 'planning_and_control' | 'fact_gathering' | 'student';

export interface RolesTable {
  space_id: string;
  id: Generated<string>;
  name: string;
  value: RoleValue;
  builtin: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SpaceMembersTable {
  space_id: string;
  user_id: string;
  role_id: string;
  joined_at: Timestamp;
}

export type EpsKind = 'facility' | 'project' | 'schedule_group' | 'schedule';

export interface EpsNodesTable {
  space_id: string;
  id: Generated<string>;
  parent_id: string | null;
  kind: EpsKind;
  name: string;
  sort_order: number;
  created_at: Timestamp;
}

export interface CalendarsTable {
  space_id: string;
  id: Generated<string>;
  name: string;
  week: Json<{ start: number; end: number }[][]>;
  exceptions: Json<{ day: number; intervals: { start: number; end: number }[] }[]>;
  hours_per_day: number;
  hours_per_week: number;
  hours_per_month: number;
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export interface VersionsTable {
  space_id: string;
  id: Generated<string>;
  schedule_id: string;
  kind: 'version' | 'target' | 'actual';
  label: string;
  locked: ColumnType<boolean, boolean | undefined, boolean>;
  sort_order: number;
  revision: ColumnType<number, number | undefined, number>;
  timetable_state: ColumnType<
    'not_calculated' | 'in_process' | 'calculated',
    'not_calculated' | 'in_process' | 'calculated' | undefined,
    'not_calculated' | 'in_process' | 'calculated'
  >;
  data_date: number | null;
  /** Migration 014: percent complete derived from facts (issue 18). */
  progress_from_facts: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  /** Bumped by a trigger on every write of the version's items or relations (migration 006). */
  content_stamp: ColumnType<string | number, never, never>;
}

export type LimitType = 'not_earlier' | 'not_later' | 'in_date';

export interface WbsItemsTable {
  space_id: string;
  version_id: string;
  id: string;
  parent_id: string | null;
  order_key: string;
  node_type: 'sum' | 'task' | 'work' | 'milestone_start' | 'milestone_finish' | 'draft';
  code: string;
  name: string;
  calendar_id: string | null;
  duration: number;
  remaining: number;
  actual_start: number | null;
  actual_finish: number | null;
  percent: number;
  start_limit_type: LimitType | null;
  start_limit_date: number | null;
  finish_limit_type: LimitType | null;
  finish_limit_date: number | null;
  volume: number | null;
  price: number | null;
  attributes: Json<Record<string, unknown>>;
  es: number | null;
  ef: number | null;
  ls: number | null;
  lf: number | null;
  tf: number | null;
  ff: number | null;
  critical: boolean | null;
}

export interface WbsRelationsTable {
  space_id: string;
  version_id: string;
  id: string;
  pred_id: string;
  succ_id: string;
  type: 'fs' | 'ss' | 'ff' | 'sf';
  lag: number;
}

// Import/export (migrations/003_jobs_storage.sql).
export type StorageKind = 'documents' | 'temp' | 'backup';

export interface StoredFilesTable {
  space_id: string;
  id: Generated<string>;
  kind: StorageKind;
  schedule_id: string | null;
  version_id: string | null;
  name: string;
  mime: string;
  size: ColumnType<number, number, number>;
  storage_key: string;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: Date | null;
}

export type JobType = 'import_version' | 'export_version' | 'calculate_timetable';
export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'stopped';

export interface JobsTable {
  space_id: string;
  id: Generated<string>;
  type: JobType;
  state: ColumnType<JobState, JobState | undefined, JobState>;
  progress: ColumnType<number, number | undefined, number>;
  user_id: string | null;
  lang: string;
  schedule_id: string | null;
  version_id: string | null;
  file_id: string | null;
  params: Json<Record<string, unknown>>;
  errors: Json<{ code: string; params: Record<string, string | number | boolean | null> }[]>;
  stop_requested: ColumnType<boolean, boolean | undefined, boolean>;
  runner: string | null;
  heartbeat_at: Date | null;
  created_at: Timestamp;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface ScheduleImportSettingsTable {
  user_id: string;
  name: string;
  rule: Json<Record<string, unknown>>;
  schedule_id: string | null;
  last_used_at: Timestamp;
}

export interface VersionModelsTable {
  space_id: string;
  version_id: string;
  source: string;
  project_name: string;
  options: Json<Record<string, unknown>>;
  item_extras: Json<Record<string, Record<string, unknown>>>;
  relation_extras: Json<Record<string, Record<string, unknown>>>;
  calendar_ids: Json<Record<string, string>>;
  attribute_defs: Json<Record<string, string>>;
}

export interface VersionResourcesTable {
  space_id: string;
  version_id: string;
  id: string;
  name: string;
  kind: string | null;
  calendar_id: string | null;
  /** The space resource it stands for (migrations/008_resources.sql). */
  resource_id: Generated<string | null>;
}

export interface VersionAssignmentsTable {
  space_id: string;
  version_id: string;
  id: string;
  wbs_id: string;
  resource_id: string;
  units: number;
  units_per_day: Generated<number | null>;
  intensity: Generated<number>;
  curve: Generated<string>;
  curve_values: ColumnType<number[] | null, string | null | undefined, string | null>;
}

/** The start-no-earlier levelling gave a row (migrations/008_resources.sql). */
export interface LevelledStartsTable {
  space_id: string;
  version_id: string;
  wbs_id: string;
  start: number;
}

// The resources of a space (migrations/008_resources.sql).
export interface ResourcesTable {
  space_id: string;
  id: Generated<string>;
  parent_id: string | null;
  code: Generated<string>;
  name: string;
  kind: Generated<string>;
  resource_type: string | null;
  unit: Generated<string>;
  price: Generated<number>;
  default_limit: Generated<number>;
  limits: Json<{ from: number; to: number; limit: number }[]>;
  calendar_id: string | null;
  specialty: Generated<string>;
  user_id: string | null;
  sort_order: Generated<number>;
  created_at: Timestamp;
}

// The workbench's undo log and per-user layouts (migrations/005_wbs_undo_layout.sql).
export interface WbsUndoActionsTable {
  space_id: string;
  version_id: string;
  id: Generated<string>;
  revision: number;
  user_id: string | null;
  kind: 'undo_wbs' | 'undo_relation' | 'undo_wdp';
  label: string;
  origin: 'do' | 'undo' | 'redo' | 'restore';
  entry: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface VersionLayoutsTable {
  space_id: string;
  version_id: string;
  user_id: string;
  layout: Json<Record<string, unknown>>;
  updated_at: Timestamp;
}

// Directories and the links of WBS rows to their values (migrations/011_directories.sql).
export interface DirectoryAttributeDef {
  key: string;
  name: string;
  type: 'text' | 'number' | 'date';
}

export interface DirectoriesTable {
  space_id: string;
  id: Generated<string>;
  eps_id: string | null;
  name: string;
  attributes: Json<DirectoryAttributeDef[]>;
  created_at: Timestamp;
}

export interface DirectoryValuesTable {
  space_id: string;
  directory_id: string;
  id: Generated<string>;
  parent_id: string | null;
  sort_order: number;
  code: string;
  name: string;
  attribute_values: Json<Record<string, string | number | null>>;
}

export interface WbsDirectoryLinksTable {
  space_id: string;
  version_id: string;
  wbs_id: string;
  directory_id: string;
  value_id: string;
}

// Daily work plans and timesheets (migrations/014_wdp.sql).
export interface WdpDaysTable {
  space_id: string;
  version_id: string;
  item_id: string;
  day: number;
  plan: number | null;
  fact: number | null;
  approved_plan: number | null;
  status: ColumnType<'open' | 'approved', 'open' | 'approved' | undefined, 'open' | 'approved'>;
}

export interface WdpRowsTable {
  space_id: string;
  version_id: string;
  item_id: string;
  unit: ColumnType<string, string | undefined, string>;
  mode: ColumnType<
    'start' | 'end' | 'evenly',
    'start' | 'end' | 'evenly' | undefined,
    'start' | 'end' | 'evenly'
  >;
  base: ColumnType<WdpBase, WdpBase | undefined, WdpBase>;
  rate: number | null;
}
type WdpBase = 'by_date' | 'by_fact' | 'by_lag' | 'by_period' | 'by_volume';

export interface DistributionsTable {
  space_id: string;
  id: Generated<string>;
  eps_id: string;
  mode: 'start' | 'end' | 'evenly';
  base: WdpBase;
  updated_at: Timestamp;
}

export type TimesheetStatus = 'draft' | 'submitted' | 'APPROVED' | 'DECLINED';
export interface TimesheetsTable {
  space_id: string;
  id: Generated<string>;
  version_id: string;
  user_id: string;
  first_day: number;
  last_day: number;
  status: ColumnType<TimesheetStatus, TimesheetStatus | undefined, TimesheetStatus>;
  decided_by: string | null;
  comment: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TimesheetDaysTable {
  space_id: string;
  timesheet_id: string;
  version_id: string;
  item_id: string;
  day: number;
  hours: number | null;
  fact: number | null;
}

// Attributes, their access, saved filters and layout templates (migrations/010_attributes.sql).
export interface AttributesTable {
  space_id: string;
  id: Generated<string>;
  scope: 'space' | 'facility' | 'project' | 'schedule' | 'version';
  node_id: string | null;
  key: string;
  name: string;
  type: 'text' | 'number' | 'date' | 'list' | 'directory' | 'formula';
  list_values: Json<string[]>;
  formula: string | null;
  directory_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AttributeAccessTable {
  space_id: string;
  attribute_id: string;
  role_id: string;
  access: 'hidden' | 'read' | 'write';
}

export interface SavedFiltersTable {
  space_id: string;
  id: Generated<string>;
  user_id: string;
  name: string;
  filter: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface LayoutTemplatesTable {
  space_id: string;
  id: Generated<string>;
  user_id: string;
  name: string;
  settings: Json<Record<string, unknown>>;
  is_default: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DB extends ViewsTables {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  client_errors: ClientErrorsTable;
  spaces: SpacesTable;
  space_licences: SpaceLicencesTable;
  roles: RolesTable;
  space_members: SpaceMembersTable;
  eps_nodes: EpsNodesTable;
  calendars: CalendarsTable;
  versions: VersionsTable;
  wbs_items: WbsItemsTable;
  wbs_relations: WbsRelationsTable;
  stored_files: StoredFilesTable;
  jobs: JobsTable;
  schedule_import_settings: ScheduleImportSettingsTable;
  version_models: VersionModelsTable;
  version_resources: VersionResourcesTable;
  version_assignments: VersionAssignmentsTable;
  wbs_undo_actions: WbsUndoActionsTable;
  version_layouts: VersionLayoutsTable;
  directories: DirectoriesTable;
  directory_values: DirectoryValuesTable;
  wbs_directory_links: WbsDirectoryLinksTable;
  wdp_days: WdpDaysTable;
  wdp_rows: WdpRowsTable;
  distributions: DistributionsTable;
  timesheets: TimesheetsTable;
  timesheet_days: TimesheetDaysTable;
  resources: ResourcesTable;
  levelled_starts: LevelledStartsTable;
  attributes: AttributesTable;
  attribute_access: AttributeAccessTable;
  saved_filters: SavedFiltersTable;
  layout_templates: LayoutTemplatesTable;
}
