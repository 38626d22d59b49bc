-- Print and reports (issue 24): each user's sheet formats (print presets) and print settings per
-- version; report templates (uploaded XLSX or built in) and the EPS nodes they are attached to;
-- print_version and run_report jobs.

CREATE TABLE print_presets (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  width_mm double precision NOT NULL CHECK (width_mm >= 297),
  height_mm double precision NOT NULL CHECK (height_mm >= 210),
  margins_mm jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id)
);
CREATE UNIQUE INDEX print_presets_name ON print_presets (space_id, user_id, lower(name));

CREATE TABLE print_settings (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  settings jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, version_id, user_id),
  FOREIGN KEY (space_id, version_id) REFERENCES versions (space_id, id) ON DELETE CASCADE
);

CREATE TABLE reports (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  -- Built-in templates: their key (summary, look_ahead_2w, …); null for uploaded ones.
  builtin text,
  file_name text NOT NULL,
  template bytea NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id)
);
CREATE UNIQUE INDEX reports_builtin ON reports (space_id, builtin) WHERE builtin IS NOT NULL;

CREATE TABLE report_eps (
  space_id uuid NOT NULL,
  report_id uuid NOT NULL,
  eps_id uuid NOT NULL,
  PRIMARY KEY (space_id, report_id, eps_id),
  FOREIGN KEY (space_id, report_id) REFERENCES reports (space_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, eps_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);
CREATE INDEX report_eps_node ON report_eps (space_id, eps_id);

ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_type_check;
ALTER TABLE jobs ADD CONSTRAINT jobs_type_check
  CHECK (type IN ('import_version', 'export_version', 'calculate_timetable', 'print_version', 'run_report'));
