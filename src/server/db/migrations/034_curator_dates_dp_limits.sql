-- Issue 27 (docs/versions.md). Accepted curator dates: a curator accepts the dates the schedule
-- proposes for a row (its calculated start and finish); they are kept beside the row's dates, so a
-- later calculation that moves the row shows both. One acceptance per row; it goes with the row.
CREATE TABLE curator_dates (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  wbs_id uuid NOT NULL,
  accepted_start integer NOT NULL,
  accepted_finish integer NOT NULL,
  accepted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  accepted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, version_id, wbs_id),
  FOREIGN KEY (space_id, version_id, wbs_id) REFERENCES wbs_items (space_id, version_id, id) ON DELETE CASCADE
);

-- Limit for daily plans (GET schedules/{id}/limit-for-dp, PATCH schedules/{id}/settings): a
-- schedule's own editing periods for planned and actual days, in days before the key date;
-- null = the space's setting (spaces.plan_edit_days / fact_edit_days).
CREATE TABLE schedule_settings (
  space_id uuid NOT NULL,
  schedule_id uuid NOT NULL,
  plan_edit_days integer CHECK (plan_edit_days BETWEEN 0 AND 3650),
  fact_edit_days integer CHECK (fact_edit_days BETWEEN 0 AND 3650),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, schedule_id),
  FOREIGN KEY (space_id, schedule_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);
