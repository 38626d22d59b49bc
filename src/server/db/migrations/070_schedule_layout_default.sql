-- A schedule's default layout (issue 20, "a default per user and per schedule"): a copy of a
-- layout template's settings, set by a member who edits the schedule, opened by every member on a
-- version of the schedule that has no layout of their own (before their own default template).
-- A copy, not a reference: templates are private to their user.
CREATE TABLE schedule_layout_defaults (
  space_id uuid NOT NULL,
  schedule_id uuid NOT NULL,
  name text NOT NULL,
  settings jsonb NOT NULL,
  set_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, schedule_id),
  FOREIGN KEY (space_id, schedule_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);
