// Kysely table types, mirroring migrations/*.sql.
import type { ColumnType, Generated } from 'kysely';
import type { AccessTables } from './schema-access';
import type { AuthTables } from './schema-auth';
import type { CollabTables } from './schema-collab';
import type { ListTables } from './schema-lists';
import type { RelationTables } from './schema-relations';
import type { ResourceTables } from './schema-resources';
import type { ViewsTables } from './schema-views';
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
  /** Channels the user gets notices by (migration 015). */
  notification_channels: ColumnType<string[], string[] | undefined, string[]>;
  /** Wrong secret answers in a row (migration 009). */
  reset_failures: Generated<number>;
  /** Password recovery of the login is refused until then. */
  reset_locked_until: Date | null;
  /** The language the user last chose (migration 032, GET localization/set/{id}). */
  language: ColumnType<string | null, string | null | undefined>;
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
  /** Migration 015: the language of members who chose none; the idle time-out (null = deployment's). */
  default_language: ColumnType<'en' | 'ru' | 'fr' | null, 'en' | 'ru' | 'fr' | null | undefined>;
  idle_timeout_minutes: ColumnType<number | null, number | null | undefined>;
  /** Migration 023: largest file and total bytes of the space (null = the deployment's / none). */
  storage_max_file_bytes: ColumnType<number | null, number | null | undefined>;
  storage_quota_bytes: ColumnType<string | number | null, number | null | undefined>;
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
  /** An executor of the space's work (migration 025, PATCH users/{id}/set-executor). */
  executor: ColumnType<boolean, boolean | undefined, boolean>;
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
  /** Migration 014: percent complete derived from facts (issue 18). */
  progress_from_facts: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  /** Bumped by a trigger on every write of the version's items or relations (migration 006). */
  content_stamp: ColumnType<string | number, never, never>;
  /** Set with the stamp (migration 012). */
  content_changed_at: ColumnType<Date, never, never>;
  /** Bumped by triggers on writes of assignments and resources (migration 026, analytics). */
  analytics_stamp: ColumnType<string | number, never, never>;
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
  /** Migration 023: sha256 of the content (null for files stored before), the thumbnail's key. */
  content_hash: ColumnType<string | null, string | null | undefined>;
  thumb_key: ColumnType<string | null, string | null | undefined>;
  purpose: ColumnType<'file' | 'photo' | 'chat', 'file' | 'photo' | 'chat' | undefined>;
}

// Comments and photos of EPS nodes (023_storage_photos.sql).
export interface EpsPhotosTable {
  space_id: string;
  id: Generated<string>;
  node_id: string;
  file_id: string;
  version_id: string | null;
  wbs_item_id: string | null;
  wbs_code: string | null;
  wbs_name: string | null;
  taken_at: Date | null;
  width: number | null;
  height: number | null;
  created_by: string | null;
  created_at: Timestamp;
}

export interface EpsCommentsTable {
  space_id: string;
  id: Generated<string>;
  node_id: string;
  wbs_item_id: string | null;
  author_id: string | null;
  text: string;
  created_at: Timestamp;
  updated_at: Date | null;
}

export type JobType =
  | 'import_version'
  | 'export_version'
  | 'calculate_timetable'
  | 'level_resources'
  | 'print_version'
  | 'run_report'
  | 'backup_schedule'
  | 'bim_upload'
  | 'batch_versions';
export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'stopped';

export interface BatchItemRow {
  schedule_id: string;
  /** null for an import until its version is written. */
  version_id: string | null;
  /** An import's file name. */
  file_name?: string | null;
  state: JobState;
  file_id: string | null;
  errors: { code: string; params: Record<string, string | number | boolean | null> }[];
}

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
  /** batch_versions: each version's state, file and errors (migration 027). */
  items: ColumnType<BatchItemRow[], string | undefined, string>;
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
  /** Levelled finish, delay (working minutes) and the dates before levelling (018_levelling.sql). */
  finish: number | null;
  delay: ColumnType<number, number | undefined, number>;
  base_start: number | null;
  base_finish: number | null;
}

// The levelling of a version: its options, result figures and the revision it read (018).
export interface VersionLevellingTable {
  space_id: string;
  version_id: string;
  options: Json<Record<string, unknown>>;
  stats: Json<Record<string, unknown>>;
  revision: number;
  levelled_by: string | null;
  levelled_at: Timestamp;
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
  /** The entry as jsonb, or null when it is `packed` (migration 080, services/undo-entry-store.ts). */
  entry: Json<Record<string, unknown>> | null;
  packed: Uint8Array | null;
  created_at: Timestamp;
}

export interface VersionLayoutsTable {
  space_id: string;
  version_id: string;
  user_id: string;
  layout: Json<Record<string, unknown>>;
  updated_at: Timestamp;
}

// Each user's layout of a project's grid (migrations/081_project_grid_layouts.sql).
export interface ProjectGridLayoutsTable {
  space_id: string;
  project_id: string;
  user_id: string;
  layout: Json<Record<string, unknown>>;
  updated_at: Timestamp;
}

// Each user's grouping and folded headers of a version's WBS (migrations/030_wbs_group_settings.sql).
export interface WbsGroupSettingsTable {
  space_id: string;
  version_id: string;
  user_id: string;
  group_by: Json<unknown> | null;
  folded: Json<unknown>;
  updated_at: Timestamp;
}

// Directories and the links of WBS rows to their values (migrations/011_directories.sql).
export interface DirectoryAttributeDef {
  key: string;
  name: string;
  type: 'text' | 'number' | 'date';
  /** A donor attribute: the key of the space attribute its values go to on linked WBS rows. */
  donor_to?: string | null;
  /** Not stored here: the linked space attribute's key, read from `attributes` (044). */
  linked_to?: string | null;
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

/** A space resource's link to a directory value (migrations/061_resource_directory_links.sql). */
export interface ResourceDirectoryLinksTable {
  space_id: string;
  resource_id: string;
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
  /** A linked attribute (044): the directory and its attribute whose values the rows mirror. */
  linked_directory_id: ColumnType<string | null, string | null | undefined, string | null>;
  linked_key: ColumnType<string | null, string | null | undefined, string | null>;
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

// A schedule's default layout, shared by its members (migrations/070_schedule_layout_default.sql).
export interface ScheduleLayoutDefaultsTable {
  space_id: string;
  schedule_id: string;
  name: string;
  settings: Json<Record<string, unknown>>;
  set_by: string | null;
  updated_at: Timestamp;
}

// Analytics dashboards' settings, presets and curved settings (migrations/016_analytics.sql).
export interface AnalyticsSettingsTable {
  space_id: string;
  id: Generated<string>;
  user_id: string;
  eps_id: string | null;
  kind: 'setting' | 'preset' | 'curved';
  name: string;
  config: Json<Record<string, unknown>>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}
// Cost estimating (migrations/021_costr.sql).
export interface CostrSettingsTable {
  space_id: string;
  settings: Json<Record<string, unknown>>;
  updated_at: Timestamp;
}
export interface CostrEstimatesTable {
  space_id: string;
  id: Generated<string>;
  kind: 'dictionary' | 'estimate';
  name: string;
  version_id: string | null;
  revision: Generated<number>;
  coefficients: Json<unknown[]>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface CostrNodesTable {
  space_id: string;
  estimate_id: string;
  id: string;
  parent_id: string | null;
  order_key: string;
  kind: 'section' | 'position';
  code: string;
  name: string;
  measure: string;
  quantity: string;
  labour_price: string;
  machines_price: string;
  materials_price: string;
  labour_hours: string;
  dictionary_id: string | null;
  wbs_item_id: string | null;
  notes: string;
}
export interface CostrUndoTable {
  space_id: string;
  estimate_id: string;
  seq: number;
  label: string;
  /** Steps stored before migration 059; newer ones are `packed`. */
  entry: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  /** The step's JSON, gzip-packed (migration 059). */
  packed: Buffer | null;
  undone: Generated<boolean>;
  user_id: string | null;
  created_at: Timestamp;
}
export interface CostrMappingsTable {
  space_id: string;
  id: Generated<string>;
  name: string;
  mapping: Json<Record<string, unknown>>;
}
export interface CostrRowCostsTable {
  space_id: string;
  version_id: string;
  item_id: string;
  estimate_id: string;
  cost: string;
  labour: string;
  updated_at: Timestamp;
}
export interface CostrUsersTable {
  space_id: string;
  user_id: string;
  first_at: Timestamp;
}

// Backups and backup jobs (migrations/025_backups_auth.sql).
// Replacements (migrations/033_replacements.sql).
export interface ScheduleReplacementsTable {
  space_id: string;
  id: Generated<string>;
  schedule_id: string;
  field: 'code' | 'calendar' | 'resource';
  from_value: string;
  to_value: string;
  active: Generated<boolean>;
  sort_order: number;
  created_at: Timestamp;
}

// Accepted curator dates and a schedule's limits for daily plans (migrations/034_curator_dates_dp_limits.sql).
export interface CuratorDatesTable {
  space_id: string;
  version_id: string;
  wbs_id: string;
  accepted_start: number;
  accepted_finish: number;
  accepted_by: string | null;
  accepted_at: Timestamp;
}

export interface ScheduleSettingsTable {
  space_id: string;
  schedule_id: string;
  plan_edit_days: number | null;
  fact_edit_days: number | null;
  updated_at: Timestamp;
}

export interface ScheduleBackupsTable {
  space_id: string;
  id: string;
  schedule_id: string;
  backup_job_id: string | null;
  versions: number;
  rows: number;
  created_by: string | null;
  created_at: Timestamp;
  restored_at: Date | null;
  /** 076: when it came back as an uploaded file (null: made on this server). */
  uploaded_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface BackupJobsTable {
  space_id: string;
  id: Generated<string>;
  schedule_id: string;
  periodicity: 'daily' | 'weekly' | '2weekly' | 'Fortnightly' | 'monthly' | 'cron';
  cron: string | null;
  keep: ColumnType<number, number | undefined, number>;
  user_id: string | null;
  next_run_at: Date;
  last_run_at: Date | null;
  created_at: Timestamp;
}

/** Provider subjects of users (migration 028). */
export interface OidcIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  created_at: Timestamp;
}

/** OpenID Connect sign-ins under way (migration 028). */
export interface OidcLoginsTable {
  state: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  created_at: Timestamp;
}

/** A space's overrides of the client's texts in one language (migration 032). */
export interface SpaceTextsTable {
  space_id: string;
  /** en, ru, fr or a language the space added (migration 079). */
  lang: string;
  texts: Json<Record<string, Record<string, unknown>>>;
  updated_by: string | null;
  updated_at: Timestamp;
}

/** A language a space's administrator added (migration 079): its texts start from `base`. */
export interface SpaceLanguagesTable {
  space_id: string;
  code: string;
  name: string;
  base: 'en' | 'ru';
  created_by: string | null;
  created_at: Generated<Timestamp>;
}

export interface DB
  extends ViewsTables, CollabTables, RelationTables, AccessTables, AuthTables, ResourceTables, ListTables {
  space_texts: SpaceTextsTable;
  space_languages: SpaceLanguagesTable;
  oidc_identities: OidcIdentitiesTable;
  oidc_logins: OidcLoginsTable;
  schedule_backups: ScheduleBackupsTable;
  schedule_replacements: ScheduleReplacementsTable;
  curator_dates: CuratorDatesTable;
  schedule_settings: ScheduleSettingsTable;
  backup_jobs: BackupJobsTable;
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
  eps_photos: EpsPhotosTable;
  eps_comments: EpsCommentsTable;
  jobs: JobsTable;
  schedule_import_settings: ScheduleImportSettingsTable;
  version_models: VersionModelsTable;
  version_resources: VersionResourcesTable;
  version_assignments: VersionAssignmentsTable;
  wbs_undo_actions: WbsUndoActionsTable;
  version_layouts: VersionLayoutsTable;
  project_grid_layouts: ProjectGridLayoutsTable;
  wbs_group_settings: WbsGroupSettingsTable;
  directories: DirectoriesTable;
  directory_values: DirectoryValuesTable;
  wbs_directory_links: WbsDirectoryLinksTable;
  resource_directory_links: ResourceDirectoryLinksTable;
  wdp_days: WdpDaysTable;
  wdp_rows: WdpRowsTable;
  distributions: DistributionsTable;
  timesheets: TimesheetsTable;
  timesheet_days: TimesheetDaysTable;
  resources: ResourcesTable;
  levelled_starts: LevelledStartsTable;
  version_levelling: VersionLevellingTable;
  attributes: AttributesTable;
  attribute_access: AttributeAccessTable;
  saved_filters: SavedFiltersTable;
  layout_templates: LayoutTemplatesTable;
  schedule_layout_defaults: ScheduleLayoutDefaultsTable;
  analytics_settings: AnalyticsSettingsTable;
  print_presets: PrintPresetsTable;
  print_settings: PrintSettingsTable;
  reports: ReportsTable;
  report_eps: ReportEpsTable;
  costr_settings: CostrSettingsTable;
  costr_estimates: CostrEstimatesTable;
  costr_nodes: CostrNodesTable;
  costr_undo: CostrUndoTable;
  costr_mappings: CostrMappingsTable;
  costr_row_costs: CostrRowCostsTable;
  costr_users: CostrUsersTable;
  bim_models: BimModelsTable;
  bim_elements: BimElementsTable;
  bim_links: BimLinksTable;
  bim_relations: BimRelationsTable;
  bim_profiles: BimProfilesTable;
  bim_users: BimUsersTable;
  bim_states: BimStatesTable;
  bim_primitives: BimPrimitivesTable;
  bim_link_sets: BimLinkSetsTable;
}

// 3D/BIM (024_bim.sql).
export interface BimModelsTable {
  space_id: string;
  id: Generated<string>;
  project_id: string;
  name: string;
  state: ColumnType<'processing' | 'ready' | 'failed', 'processing' | 'ready' | 'failed' | undefined>;
  job_id: string | null;
  file_id: string | null;
  geometry_file_id: string | null;
  ifc_schema: string | null;
  length_unit: string | null;
  elements: ColumnType<number, number | undefined, number>;
  triangles: ColumnType<number, number | undefined, number>;
  errors: ColumnType<{ code: string; params: Record<string, string | number> }[], string | undefined, string>;
  created_by: string | null;
  created_at: Timestamp;
}

export interface BimElementsTable {
  space_id: string;
  model_id: string;
  id: number;
  global_id: string;
  ifc_class: string;
  name: string | null;
  type_name: string | null;
  parent_id: number | null;
  storey_id: number | null;
  material: string | null;
  has_geometry: boolean;
  spatial: boolean;
  elevation: number | null;
  psets: Json<Record<string, Record<string, string | number | boolean | null>>>;
  quantities: Json<Record<string, Record<string, string | number | boolean | null>>>;
}

export interface BimLinksTable {
  space_id: string;
  id: Generated<string>;
  project_id: string;
  model_id: string;
  schedule_id: string;
  name: string;
  created_at: Timestamp;
}

export interface BimRelationsTable {
  space_id: string;
  link_id: string;
  version_id: string;
  wbs_id: string;
  element_id: number;
  source: ColumnType<'hand' | 'rule', 'hand' | 'rule' | undefined>;
  created_at: Timestamp;
}

export interface BimProfilesTable {
  space_id: string;
  id: Generated<string>;
  name: string;
  colors: Json<Record<string, string>>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  // 035_bim_profiles.sql: by status or by an element key's value.
  mode: ColumnType<'status' | 'attribute', 'status' | 'attribute' | undefined, 'status' | 'attribute'>;
  attribute: Json<{ kind: string; pset?: string; property?: string }> | null;
  value_colors: ColumnType<Record<string, string>, string | undefined, string>;
}

/** 039_bim_state_primitives.sql: a user's saved view of a link. */
export interface BimStatesTable {
  space_id: string;
  user_id: string;
  link_id: string;
  camera: Json<{ position: number[]; target: number[] }> | null;
  hidden: ColumnType<number[], string | undefined, string>;
  isolated: Json<number[]> | null;
  section: number | null;
  profile_id: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** 039_bim_state_primitives.sql: a site logistics volume of a project. */
export interface BimPrimitivesTable {
  space_id: string;
  id: Generated<string>;
  project_id: string;
  num: number;
  name: string;
  shape: 'box' | 'sphere' | 'plane' | 'cylinder';
  position: ColumnType<number[], string, string>;
  size: ColumnType<number[], string, string>;
  rotation: ColumnType<number, number | undefined, number>;
  color: string;
  created_at: Timestamp;
}

/** 029_bim_link_sets.sql: named link rules of a project (SavedLinkRule[] in rules). */
export interface BimLinkSetsTable {
  space_id: string;
  id: Generated<string>;
  project_id: string;
  name: string;
  rules: ColumnType<unknown, string, string>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface BimUsersTable {
  space_id: string;
  user_id: string;
  first_at: Timestamp;
}

// Print and reports (017_print_reports.sql).
export interface PrintPresetsTable {
  space_id: string;
  id: Generated<string>;
  user_id: string;
  name: string;
  width_mm: number;
  height_mm: number;
  margins_mm: Json<{ top: number; right: number; bottom: number; left: number }>;
  created_at: Timestamp;
}

export interface PrintSettingsTable {
  space_id: string;
  version_id: string;
  user_id: string;
  settings: Json<Record<string, unknown>>;
  updated_at: Timestamp;
}

export interface ReportsTable {
  space_id: string;
  id: Generated<string>;
  name: string;
  builtin: string | null;
  file_name: string;
  template: Buffer;
  created_by: string | null;
  created_at: Timestamp;
}

export interface ReportEpsTable {
  space_id: string;
  report_id: string;
  eps_id: string;
}
