-- Analytics summaries (issue 24's budgets): per version, the totals the dashboards sum and the
-- slope-change events of its S-curves, computed in SQL from the stored rows
-- (src/server/services/analytics-summary.ts) and kept until their inputs move. A space dashboard
-- then reads a hundred small summaries instead of a million rows.
--
-- What a summary depends on beyond the WBS rows (whose writes bump content_stamp, migration 006):
-- the assignments, the version's resources and the space resources they point at (price, type).
-- Their writes bump analytics_stamp; a summary records both stamps and the data date it was made
-- from, and is remade when any of them differs.
ALTER TABLE versions ADD COLUMN analytics_stamp bigint NOT NULL DEFAULT 0;

CREATE FUNCTION bump_analytics_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE versions v SET analytics_stamp = v.analytics_stamp + 1
  FROM (SELECT DISTINCT space_id, version_id FROM changed) c
  WHERE v.space_id = c.space_id AND v.id = c.version_id;
  RETURN NULL;
END $$;

CREATE TRIGGER version_assignments_astamp_ins AFTER INSERT ON version_assignments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_analytics_stamp();
CREATE TRIGGER version_assignments_astamp_upd AFTER UPDATE ON version_assignments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_analytics_stamp();
CREATE TRIGGER version_assignments_astamp_del AFTER DELETE ON version_assignments
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_analytics_stamp();
CREATE TRIGGER version_resources_astamp_ins AFTER INSERT ON version_resources
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_analytics_stamp();
CREATE TRIGGER version_resources_astamp_upd AFTER UPDATE ON version_resources
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_analytics_stamp();
CREATE TRIGGER version_resources_astamp_del AFTER DELETE ON version_resources
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_analytics_stamp();

-- A space resource's price or type moves the versions whose resources point at it.
CREATE FUNCTION bump_analytics_stamp_resources() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE versions v SET analytics_stamp = v.analytics_stamp + 1
  FROM (SELECT DISTINCT vr.space_id, vr.version_id FROM version_resources vr
        JOIN changed c ON vr.space_id = c.space_id AND vr.resource_id = c.id) x
  WHERE v.space_id = x.space_id AND v.id = x.version_id;
  RETURN NULL;
END $$;

CREATE TRIGGER resources_astamp_upd AFTER UPDATE ON resources
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_analytics_stamp_resources();
CREATE TRIGGER resources_astamp_del AFTER DELETE ON resources
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_analytics_stamp_resources();

-- One row per version: the sums of its activities (not summaries, not drafts).
CREATE TABLE analytics_version_totals (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  content_stamp bigint NOT NULL,
  analytics_stamp bigint NOT NULL,
  data_date integer,
  activities bigint NOT NULL,
  money double precision,
  earned double precision,
  volume double precision,
  -- Σ percent × max(duration, 1) and Σ max(duration, 1): the duration-weighted percent.
  pw double precision,
  w double precision,
  start integer,
  finish integer,
  cost double precision,
  labour double precision,
  -- Labour of every row's assignments (the dashboard's breakdown counts summaries' too).
  labour_all double precision,
  PRIMARY KEY (space_id, version_id),
  FOREIGN KEY (space_id, version_id) REFERENCES versions (space_id, id) ON DELETE CASCADE
);

-- The S-curves of a version as slope changes: per amount (money, cost, labour, volume) and series
-- (plan: early dates; fact: the earned share over the actual dates; plan0: the moments of planned
-- rows of no amount, which a target's curve spans), at each moment t the change of slope ds
-- (per minute) and the jump j. analytics-sweep.ts integrates them by period.
CREATE TABLE analytics_version_events (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  amount text NOT NULL CHECK (amount IN ('money', 'cost', 'labour', 'volume')),
  series text NOT NULL CHECK (series IN ('plan', 'fact', 'plan0')),
  t integer NOT NULL,
  ds double precision NOT NULL,
  j double precision NOT NULL,
  PRIMARY KEY (space_id, version_id, amount, series, t),
  FOREIGN KEY (space_id, version_id) REFERENCES versions (space_id, id) ON DELETE CASCADE
);
