-- Platform schema: users and sessions (global), spaces and everything in them (keyed by space_id).
-- Every tenant table has space_id first in its primary key and in the foreign keys that join it,
-- so a row can only ever point at rows of its own space.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  login text NOT NULL,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  password_hash text NOT NULL,
  secret_question text,
  secret_answer_hash text,
  avatar bytea,
  avatar_mime text,
  privacy_policy_accepted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_login_key ON users (lower(login));
CREATE INDEX users_email_idx ON users (lower(email));

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

CREATE TABLE client_errors (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  message text NOT NULL,
  stack text,
  url text,
  user_agent text,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE spaces (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('demo', 'free', 'paid')),
  owner_id uuid REFERENCES users (id) ON DELETE SET NULL,
  ip_allow_list text[] NOT NULL DEFAULT '{}',
  plan_edit_days integer,
  fact_edit_days integer,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One licence per space; no row = LicenseNotFound (402). Members beyond user_cap (by join order)
-- get LicenseLimit (402).
CREATE TABLE space_licences (
  space_id uuid PRIMARY KEY REFERENCES spaces (id) ON DELETE CASCADE,
  user_cap integer NOT NULL CHECK (user_cap > 0),
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE roles (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  value text NOT NULL CHECK (value IN ('moderator', 'planning_and_control', 'fact_gathering', 'student')),
  builtin boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id)
);

CREATE TABLE space_members (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_id uuid NOT NULL,
  joined_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (space_id, user_id),
  FOREIGN KEY (space_id, role_id) REFERENCES roles (space_id, id)
);
CREATE INDEX space_members_user_idx ON space_members (user_id);

-- Facilities, projects, schedule groups and schedules: one tree per space.
CREATE TABLE eps_nodes (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  parent_id uuid,
  kind text NOT NULL CHECK (kind IN ('facility', 'project', 'schedule_group', 'schedule')),
  name text NOT NULL,
  sort_order integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, parent_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);
CREATE INDEX eps_nodes_parent_idx ON eps_nodes (space_id, parent_id);

CREATE TABLE calendars (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  week jsonb NOT NULL,
  exceptions jsonb NOT NULL DEFAULT '[]',
  hours_per_day real NOT NULL,
  hours_per_week real NOT NULL,
  hours_per_month real NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id)
);
CREATE UNIQUE INDEX calendars_one_default ON calendars (space_id) WHERE is_default;

CREATE TABLE versions (
  space_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  schedule_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('version', 'target', 'actual')),
  label text NOT NULL,
  locked boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL,
  revision integer NOT NULL DEFAULT 0,
  timetable_state text NOT NULL DEFAULT 'not_calculated'
    CHECK (timetable_state IN ('not_calculated', 'in_process', 'calculated')),
  data_date integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, schedule_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);
CREATE INDEX versions_schedule_idx ON versions (space_id, schedule_id);
CREATE UNIQUE INDEX versions_one_actual ON versions (space_id, schedule_id) WHERE kind = 'actual';

-- WBS items of a version. Ids are unique within a version only, so a copied version keeps the
-- ids of its source (comparisons join on id). Times: minutes since 2000-01-01; durations, floats:
-- working minutes. es … critical are DERIVED by the engine (null until calculated).
CREATE TABLE wbs_items (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  id uuid NOT NULL,
  parent_id uuid,
  order_key text COLLATE "C" NOT NULL,
  node_type text NOT NULL CHECK (node_type IN ('sum', 'task', 'work', 'milestone_start', 'milestone_finish', 'draft')),
  code text NOT NULL DEFAULT '',
  name text NOT NULL DEFAULT '',
  calendar_id uuid,
  duration integer NOT NULL DEFAULT 0,
  remaining integer NOT NULL DEFAULT 0,
  actual_start integer,
  actual_finish integer,
  percent real NOT NULL DEFAULT 0,
  start_limit_type text CHECK (start_limit_type IN ('not_earlier', 'not_later', 'in_date')),
  start_limit_date integer,
  finish_limit_type text CHECK (finish_limit_type IN ('not_earlier', 'not_later', 'in_date')),
  finish_limit_date integer,
  volume double precision,
  price double precision,
  attributes jsonb NOT NULL DEFAULT '{}',
  es integer,
  ef integer,
  ls integer,
  lf integer,
  tf integer,
  ff integer,
  critical boolean,
  PRIMARY KEY (space_id, version_id, id),
  FOREIGN KEY (space_id, version_id) REFERENCES versions (space_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, version_id, parent_id) REFERENCES wbs_items (space_id, version_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, calendar_id) REFERENCES calendars (space_id, id)
);
CREATE INDEX wbs_items_parent_idx ON wbs_items (space_id, version_id, parent_id, order_key);

CREATE TABLE wbs_relations (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  id uuid NOT NULL,
  pred_id uuid NOT NULL,
  succ_id uuid NOT NULL,
  type text NOT NULL CHECK (type IN ('fs', 'ss', 'ff', 'sf')),
  lag integer NOT NULL DEFAULT 0,
  PRIMARY KEY (space_id, version_id, id),
  FOREIGN KEY (space_id, version_id, pred_id) REFERENCES wbs_items (space_id, version_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, version_id, succ_id) REFERENCES wbs_items (space_id, version_id, id) ON DELETE CASCADE,
  CHECK (pred_id <> succ_id)
);
CREATE UNIQUE INDEX wbs_relations_pair ON wbs_relations (space_id, version_id, pred_id, succ_id, type);
CREATE INDEX wbs_relations_succ_idx ON wbs_relations (space_id, version_id, succ_id);
