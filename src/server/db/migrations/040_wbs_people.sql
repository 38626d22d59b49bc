-- Issue 26 / 21 (docs/collab.md). The executor and the curator of a WBS row: members of the space
-- a planner names on the row (the executor must be a member flagged executor by
-- PATCH users/{id}/set-executor). Naming one sends them executor_assigned_to_task /
-- curator_assigned_to_task. One row per WBS row that has either; it goes with the row.
CREATE TABLE wbs_people (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  wbs_id uuid NOT NULL,
  executor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  curator_id uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, version_id, wbs_id),
  FOREIGN KEY (space_id, version_id, wbs_id) REFERENCES wbs_items (space_id, version_id, id) ON DELETE CASCADE
);
-- "Rows I execute / curate" (look-ahead notices, Home) read by user.
CREATE INDEX wbs_people_executor ON wbs_people (space_id, executor_id) WHERE executor_id IS NOT NULL;
CREATE INDEX wbs_people_curator ON wbs_people (space_id, curator_id) WHERE curator_id IS NOT NULL;
