-- The workbench's persistence: the undo log of each version (one row per stored batch, so undo
-- survives a reload) and each user's layout of a version's grid.

CREATE TABLE wbs_undo_actions (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  -- The version revision this action produced: unique per version, orders the log.
  revision integer NOT NULL,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('undo_wbs', 'undo_relation', 'undo_wdp')),
  label text NOT NULL,
  origin text NOT NULL CHECK (origin IN ('do', 'undo', 'redo', 'restore')),
  entry jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, version_id, id),
  FOREIGN KEY (space_id, version_id) REFERENCES versions (space_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX wbs_undo_actions_revision ON wbs_undo_actions (space_id, version_id, revision);

CREATE TABLE version_layouts (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  layout jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, version_id, user_id),
  FOREIGN KEY (space_id, version_id) REFERENCES versions (space_id, id) ON DELETE CASCADE
);

-- A batch may add a child before its parent, or a relation before its rows (immer orders patches
-- by the document, not by the keys): the batch defers these checks to its commit. Outside a
-- batch they stay immediate; ON DELETE CASCADE still acts at once.
ALTER TABLE wbs_items ALTER CONSTRAINT wbs_items_space_id_version_id_parent_id_fkey DEFERRABLE INITIALLY IMMEDIATE;
ALTER TABLE wbs_relations ALTER CONSTRAINT wbs_relations_space_id_version_id_pred_id_fkey DEFERRABLE INITIALLY IMMEDIATE;
ALTER TABLE wbs_relations ALTER CONSTRAINT wbs_relations_space_id_version_id_succ_id_fkey DEFERRABLE INITIALLY IMMEDIATE;
