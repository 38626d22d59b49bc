-- Analytics buckets (issue 24's 1 s budget for a space S-curve): a version's stored slope changes
-- (analytics_version_events, migration 026) gathered per calendar week and per calendar month.
-- A bucket [b, next b) holding events (t, ds, j) is one event at b with slope change Σds and jump
-- Σj − Σds·(t − b): at any moment at or after the bucket's end both give the same value
-- (Σ j + ds·(B − t)). Every period boundary of a week unit is a week boundary, and of a month,
-- quarter or year unit a month boundary, so a curve by those units sweeps the buckets instead of
-- every event: about 20 rows per version and series for a monthly curve instead of hundreds.
-- `tmax` is the bucket's last moment (the curve runs through the first boundary after the last).
CREATE TABLE analytics_version_buckets (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  amount text NOT NULL CHECK (amount IN ('money', 'cost', 'labour', 'volume')),
  unit text NOT NULL CHECK (unit IN ('week', 'month')),
  series text NOT NULL CHECK (series IN ('plan', 'fact', 'plan0')),
  b integer NOT NULL,
  ds double precision NOT NULL,
  j double precision NOT NULL,
  tmax integer NOT NULL,
  PRIMARY KEY (space_id, version_id, amount, unit, series, b),
  FOREIGN KEY (space_id, version_id) REFERENCES versions (space_id, id) ON DELETE CASCADE
);

-- Summaries made before this migration have no buckets: they are remade on their next read.
DELETE FROM analytics_version_totals;
DELETE FROM analytics_version_events;
