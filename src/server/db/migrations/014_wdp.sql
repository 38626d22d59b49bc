-- Daily work plans (issue 18): per WBS row and day the plan, fact and approved plan with the
-- day's status; each row's distribution settings; saved distribution defaults per EPS node; and
-- timesheets (a person's facts and hours per day, submitted, then APPROVED or DECLINED).

CREATE TABLE wdp_days (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  item_id uuid NOT NULL,
  -- Days since 2000-01-01 (the engine's day numbers).
  day integer NOT NULL CHECK (day >= 0 AND day < 18628),
  plan double precision,
  fact double precision,
  approved_plan double precision,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'approved')),
  PRIMARY KEY (space_id, version_id, item_id, day),
  -- Deferrable like the rows' own keys: an undone delete adds the row and its days in one batch.
  FOREIGN KEY (space_id, version_id, item_id) REFERENCES wbs_items (space_id, version_id, id)
    ON DELETE CASCADE DEFERRABLE INITIALLY IMMEDIATE
);

CREATE TABLE wdp_rows (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  item_id uuid NOT NULL,
  unit text NOT NULL DEFAULT '',
  mode text NOT NULL DEFAULT 'evenly' CHECK (mode IN ('start', 'end', 'evenly')),
  base text NOT NULL DEFAULT 'by_date' CHECK (base IN ('by_date', 'by_fact', 'by_lag', 'by_period', 'by_volume')),
  rate double precision,
  PRIMARY KEY (space_id, version_id, item_id),
  FOREIGN KEY (space_id, version_id, item_id) REFERENCES wbs_items (space_id, version_id, id) ON DELETE CASCADE
);

-- Whether a version derives its rows' percent complete from facts (volume done / volume).
ALTER TABLE versions ADD COLUMN progress_from_facts boolean NOT NULL DEFAULT false;

CREATE TABLE distributions (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  eps_id uuid NOT NULL,
  mode text NOT NULL CHECK (mode IN ('start', 'end', 'evenly')),
  base text NOT NULL CHECK (base IN ('by_date', 'by_fact', 'by_lag', 'by_period', 'by_volume')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  UNIQUE (space_id, eps_id),
  FOREIGN KEY (space_id, eps_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);

CREATE TABLE timesheets (
  space_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  version_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  first_day integer NOT NULL,
  last_day integer NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted', 'APPROVED', 'DECLINED')),
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  comment text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  CHECK (last_day >= first_day AND last_day - first_day < 62),
  FOREIGN KEY (space_id, version_id) REFERENCES versions (space_id, id) ON DELETE CASCADE
);
CREATE INDEX timesheets_version_idx ON timesheets (space_id, version_id, user_id);

CREATE TABLE timesheet_days (
  space_id uuid NOT NULL,
  timesheet_id uuid NOT NULL,
  version_id uuid NOT NULL,
  item_id uuid NOT NULL,
  day integer NOT NULL,
  hours double precision,
  fact double precision,
  PRIMARY KEY (space_id, timesheet_id, item_id, day),
  FOREIGN KEY (space_id, timesheet_id) REFERENCES timesheets (space_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, version_id, item_id) REFERENCES wbs_items (space_id, version_id, id) ON DELETE CASCADE
);
