-- Stored custom-cost summaries (issue 24's 1 s budget for a space dashboard): the custom-cost
-- graph spreads a number attribute of the rows over their working time by day. Spread per
-- request it cost 4.5 s (PostgreSQL) and 7.1 s (PGlite) over a space of 1.1 M activities, so each
-- version keeps, per attribute asked for (a number or formula attribute of the space), the same
-- kind of summary as the money curves (migrations 026, 031, 058; src/server/services/
-- analytics-custom.ts): its day amounts and their week and month buckets, with the stamps and data
-- date it was made from. A read that finds the stamps moved remakes it, as does the calculation
-- job after it writes a version; a version's delete takes its summaries with it.
CREATE TABLE analytics_custom_summaries (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  attribute text NOT NULL,
  content_stamp bigint NOT NULL,
  analytics_stamp bigint NOT NULL,
  data_date integer,
  PRIMARY KEY (space_id, version_id, attribute),
  FOREIGN KEY (space_id, version_id) REFERENCES versions (space_id, id) ON DELETE CASCADE
);

-- A version's planned attribute as jumps: unit 'day' holds one jump j per day at its midnight b
-- (plus moments of no change at the first start and last finish, tmax = b); 'week' and 'month'
-- the days gathered per calendar week and month (b the bucket's start, j their sum, tmax the last
-- moment), which a curve by week, month, quarter or year sweeps instead of every day.
CREATE TABLE analytics_custom_buckets (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  attribute text NOT NULL,
  unit text NOT NULL CHECK (unit IN ('day', 'week', 'month')),
  b integer NOT NULL,
  j double precision NOT NULL,
  tmax integer NOT NULL,
  PRIMARY KEY (space_id, version_id, attribute, unit, b),
  FOREIGN KEY (space_id, version_id) REFERENCES versions (space_id, id) ON DELETE CASCADE
);
