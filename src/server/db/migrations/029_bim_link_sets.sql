-- 3D/BIM link sets (issue 25; docs/bim.md): named link rules of a project, saved so a planner
-- applies them again to any version through a link. The rules are jsonb checked by zod
-- (SavedLinkRule, src/api/bim-sets.ts); names are unique per project, ignoring case.
CREATE TABLE bim_link_sets (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) > 0),
  rules jsonb NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, project_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX bim_link_sets_name ON bim_link_sets (space_id, project_id, lower(name));
