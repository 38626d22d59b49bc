-- Backups of schedules (issue 21; docs/admin.md): a backup is a stored file of kind `backup`
-- (stored_files + DATA_DIR/storage) with a row here saying what it holds; a backup job is a
-- periodic backup of one schedule, started by the server's backup clock on the job runner.

CREATE TABLE schedule_backups (
  space_id uuid NOT NULL,
  id uuid NOT NULL,
  schedule_id uuid NOT NULL,
  -- The periodic backup job that made it (NULL: made by hand).
  backup_job_id uuid,
  versions integer NOT NULL,
  rows integer NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  restored_at timestamptz,
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, id) REFERENCES stored_files (space_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, schedule_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);
CREATE INDEX schedule_backups_schedule_idx ON schedule_backups (space_id, schedule_id, created_at);

CREATE TABLE backup_jobs (
  space_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  schedule_id uuid NOT NULL,
  periodicity text NOT NULL CHECK (periodicity IN ('daily', 'weekly', '2weekly', 'Fortnightly', 'monthly', 'cron')),
  cron text,
  -- How many of this job's backups are kept (the oldest beyond go).
  keep integer NOT NULL DEFAULT 10 CHECK (keep BETWEEN 1 AND 100),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  next_run_at timestamptz NOT NULL,
  last_run_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  UNIQUE (space_id, schedule_id),
  CHECK ((periodicity = 'cron') = (cron IS NOT NULL)),
  FOREIGN KEY (space_id, schedule_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);
CREATE INDEX backup_jobs_next_idx ON backup_jobs (next_run_at);

-- Executors (PATCH users/{id}/set-executor): a member who executes work in the space.
ALTER TABLE space_members ADD COLUMN executor boolean NOT NULL DEFAULT false;

-- Every job type so far (018 added level_resources; 024, on the bim branch, adds bim_upload) plus
-- backup_schedule: the check is replaced whole.
ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_type_check;
ALTER TABLE jobs ADD CONSTRAINT jobs_type_check
  CHECK (type IN ('import_version', 'export_version', 'calculate_timetable', 'print_version', 'run_report',
    'level_resources', 'bim_upload', 'backup_schedule'));
