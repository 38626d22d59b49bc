-- 3D/BIM (issue 25; docs/bim.md): IFC models of a project (the uploaded file and the packed
-- geometry are stored_files; elements with their class, storey, material, property sets and
-- quantities are rows so that attribute calls are queries), links of a model to a schedule, the
-- relations between elements and WBS rows of a version, appearance profiles, and the users
-- holding the BIM entitlement. The upload is a bim_upload job.

-- Every job type so far (017 print_version, run_report; 018 level_resources) plus bim_upload.
ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_type_check;
ALTER TABLE jobs ADD CONSTRAINT jobs_type_check
  CHECK (type IN ('import_version', 'export_version', 'calculate_timetable', 'print_version', 'run_report',
    'level_resources', 'bim_upload'));

CREATE TABLE bim_models (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL,
  name text NOT NULL,
  state text NOT NULL DEFAULT 'processing' CHECK (state IN ('processing', 'ready', 'failed')),
  job_id uuid,
  -- The uploaded IFC and the packed geometry (stored_files, kind documents).
  file_id uuid,
  geometry_file_id uuid,
  ifc_schema text,
  length_unit text,
  elements integer NOT NULL DEFAULT 0,
  triangles integer NOT NULL DEFAULT 0,
  errors jsonb NOT NULL DEFAULT '[]',
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, project_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);
CREATE INDEX bim_models_project_idx ON bim_models (space_id, project_id);

-- Every IfcProduct of a model (and IfcProject); id is the STEP express id.
CREATE TABLE bim_elements (
  space_id uuid NOT NULL,
  model_id uuid NOT NULL,
  id integer NOT NULL,
  global_id text NOT NULL,
  ifc_class text NOT NULL,
  name text,
  type_name text,
  -- Spatial parent, or the host of an aggregated part / opening.
  parent_id integer,
  storey_id integer,
  material text,
  has_geometry boolean NOT NULL,
  spatial boolean NOT NULL,
  elevation double precision,
  psets jsonb NOT NULL DEFAULT '{}',
  quantities jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (space_id, model_id, id),
  FOREIGN KEY (space_id, model_id) REFERENCES bim_models (space_id, id) ON DELETE CASCADE
);
CREATE INDEX bim_elements_class_idx ON bim_elements (space_id, model_id, ifc_class);
CREATE INDEX bim_elements_guid_idx ON bim_elements (space_id, model_id, global_id);

-- A model linked to a schedule of its project (the spec's 3D links).
CREATE TABLE bim_links (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL,
  model_id uuid NOT NULL,
  schedule_id uuid NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, model_id) REFERENCES bim_models (space_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, schedule_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);

-- Element ↔ WBS row of a version, through a link.
CREATE TABLE bim_relations (
  space_id uuid NOT NULL,
  link_id uuid NOT NULL,
  version_id uuid NOT NULL,
  wbs_id uuid NOT NULL,
  element_id integer NOT NULL,
  source text NOT NULL DEFAULT 'hand' CHECK (source IN ('hand', 'rule')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, link_id, version_id, wbs_id, element_id),
  FOREIGN KEY (space_id, link_id) REFERENCES bim_links (space_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, version_id, wbs_id) REFERENCES wbs_items (space_id, version_id, id) ON DELETE CASCADE
);
CREATE INDEX bim_relations_element_idx ON bim_relations (space_id, link_id, version_id, element_id);

-- Appearance profiles: a colour per status (not_started, in_progress, completed, late).
CREATE TABLE bim_profiles (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  colors jsonb NOT NULL,
  is_active boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id)
);

-- Users who used the BIM entitlement in a space (its user cap counts them).
CREATE TABLE bim_users (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  first_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, user_id)
);
