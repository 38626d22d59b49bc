// Kysely table types, mirroring migrations/*.sql.
import type { ColumnType, Generated } from 'kysely';
import type { LicencePayload } from '../../domain/admin/licence';

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
  /** Permission matrix {module: abilities}; null = the role value's defaults (migration 012). */
  permissions: ColumnType<Record<string, string[]> | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SpaceMembersTable {
  space_id: string;
  user_id: string;
  role_id: string;
  joined_at: Timestamp;
  /** Entitlements counted against the licence's estimates / BIM caps (migration 012). */
  estimates: ColumnType<boolean, boolean | undefined, boolean>;
  bim: ColumnType<boolean, boolean | undefined, boolean>;
  last_seen_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The member's last and previous home-page visits ("changed since the last visit"). */
  home_seen_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  home_previous_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A signed licence token loaded into a space (migration 012). */
export interface LicenceTokensTable {
  space_id: string;
  id: string;
  token: string;
  payload: Json<LicencePayload>;
  loaded_at: Timestamp;
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
  created_at: Timestamp;
  /** Bumped by a trigger on every write of the version's items or relations (migration 006). */
  content_stamp: ColumnType<string | number, never, never>;
  /** Set with the stamp (migration 012). */
  content_changed_at: ColumnType<Date, never, never>;
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
}

export interface VersionAssignmentsTable {
  space_id: string;
  version_id: string;
  id: string;
  wbs_id: string;
  resource_id: string;
  units: number;
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

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  client_errors: ClientErrorsTable;
  spaces: SpacesTable;
  space_licences: SpaceLicencesTable;
  roles: RolesTable;
  space_members: SpaceMembersTable;
  licence_tokens: LicenceTokensTable;
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
}
