-- The project grid's layout per user and project (issue 20): columns, widths, visibility, frozen
-- count, sort and grouping, as a version layout holds them for one version (version_layouts). The
-- project grid shows the rows of every schedule of the project, so its layout belongs to the
-- project, not to any one version.
CREATE TABLE project_grid_layouts (
  space_id uuid NOT NULL,
  project_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  layout jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, project_id, user_id),
  FOREIGN KEY (space_id, project_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);
