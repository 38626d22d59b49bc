-- Each user's grouping of a version's WBS and the group headers folded in it (spec:
-- wbs-group-setting; issue 20): kept apart from the version layout so that a fold, which changes
-- often, writes a small row, and so the fold survives a reload.
CREATE TABLE wbs_group_settings (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  group_by jsonb,
  folded jsonb NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, version_id, user_id),
  FOREIGN KEY (space_id, version_id) REFERENCES versions (space_id, id) ON DELETE CASCADE
);
