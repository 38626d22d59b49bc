-- Import/export: stored files (kinds documents, temp, backup), batch jobs claimed with
-- SELECT … FOR UPDATE SKIP LOCKED by any server process, the per-user upload rules, and what a
-- version keeps from an imported file that the WBS tables have no column for (so that an export
-- gives back the same schedule), plus resources and assignments for the resources module.

CREATE TABLE stored_files (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('documents', 'temp', 'backup')),
  schedule_id uuid,
  version_id uuid,
  name text NOT NULL,
  mime text NOT NULL,
  size integer NOT NULL,
  -- Key inside the storage (DATA_DIR/storage/<kind>/<space>/<id>).
  storage_key text NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- temp files are removed after this moment.
  expires_at timestamptz,
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, schedule_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);
CREATE INDEX stored_files_schedule_idx ON stored_files (space_id, schedule_id, kind);
CREATE INDEX stored_files_expiry_idx ON stored_files (expires_at) WHERE expires_at IS NOT NULL;

CREATE TABLE jobs (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  type text NOT NULL CHECK (type IN ('import_version', 'export_version', 'calculate_timetable')),
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed', 'stopped')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  -- Language of the caller, for the texts of the error list.
  lang text NOT NULL DEFAULT 'en',
  schedule_id uuid,
  -- Export/calculation: the version worked on; import: the version created.
  version_id uuid,
  -- Import: the uploaded file; export: the file written.
  file_id uuid,
  params jsonb NOT NULL DEFAULT '{}',
  -- [{code, params}] of a failed job.
  errors jsonb NOT NULL DEFAULT '[]',
  stop_requested boolean NOT NULL DEFAULT false,
  -- The server process running it, and when it last said it is alive.
  runner text,
  heartbeat_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  started_at timestamptz,
  finished_at timestamptz,
  PRIMARY KEY (space_id, id)
);
CREATE INDEX jobs_queued_idx ON jobs (created_at) WHERE state = 'queued';
CREATE INDEX jobs_running_idx ON jobs (heartbeat_at) WHERE state = 'running';
CREATE INDEX jobs_space_idx ON jobs (space_id, created_at);

-- Upload rules of the version upload dialog, per user (the spec's schedule import settings).
CREATE TABLE schedule_import_settings (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  rule jsonb NOT NULL,
  -- The schedule it was last used for (offered first there).
  schedule_id uuid,
  last_used_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, name)
);

CREATE TABLE version_models (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  source text NOT NULL,
  project_name text NOT NULL DEFAULT '',
  -- ScheduleOptions of the engine (data date, progress mode, lag calendar, float type …).
  options jsonb NOT NULL,
  -- Item id → fields of the engine's Activity the WBS row has no column for.
  item_extras jsonb NOT NULL DEFAULT '{}',
  -- Relation id → lag calendar.
  relation_extras jsonb NOT NULL DEFAULT '{}',
  -- Model calendar id → space calendar id, and back for export.
  calendar_ids jsonb NOT NULL DEFAULT '{}',
  attribute_defs jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (space_id, version_id),
  FOREIGN KEY (space_id, version_id) REFERENCES versions (space_id, id) ON DELETE CASCADE
);

CREATE TABLE version_resources (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  id text NOT NULL,
  name text NOT NULL,
  kind text,
  calendar_id uuid,
  PRIMARY KEY (space_id, version_id, id),
  FOREIGN KEY (space_id, version_id) REFERENCES versions (space_id, id) ON DELETE CASCADE
);

CREATE TABLE version_assignments (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  id text NOT NULL,
  wbs_id uuid NOT NULL,
  resource_id text NOT NULL,
  units double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (space_id, version_id, id),
  FOREIGN KEY (space_id, version_id, wbs_id) REFERENCES wbs_items (space_id, version_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, version_id, resource_id) REFERENCES version_resources (space_id, version_id, id) ON DELETE CASCADE
);
