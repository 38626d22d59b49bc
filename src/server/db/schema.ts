// Kysely table types, mirroring migrations/*.sql.
import type { ColumnType, Generated } from 'kysely';

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
  created_at: Timestamp;
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

export interface DB {
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
}
