-- The views of issue 19: the colours a version's cyclogram gives each kind of work, each user's
-- scoreboard tiles, and each project's pipeline settings.

CREATE TABLE cyclogram_colors (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  -- The attribute (or WBS level, `wbs:N`) the works are grouped by, and the group's value.
  kind_key text NOT NULL,
  kind text NOT NULL,
  color text NOT NULL,
  PRIMARY KEY (space_id, version_id, kind_key, kind),
  FOREIGN KEY (space_id, version_id) REFERENCES versions (space_id, id) ON DELETE CASCADE
);

CREATE TABLE scoreboard_tiles (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The facility, project, schedule group or schedule the tile measures.
  node_id uuid NOT NULL,
  measure text NOT NULL,
  sort_order integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, node_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);
CREATE INDEX scoreboard_tiles_user ON scoreboard_tiles (space_id, user_id, sort_order);

CREATE TABLE project_pipe_settings (
  space_id uuid NOT NULL,
  project_id uuid NOT NULL,
  -- The WBS depth whose summaries are the stages of each pipe (1: the top rows).
  stage_level integer NOT NULL DEFAULT 2,
  -- Schedules left out of the pipeline.
  hidden_schedules jsonb NOT NULL DEFAULT '[]'::jsonb,
  PRIMARY KEY (space_id, project_id),
  FOREIGN KEY (space_id, project_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);
