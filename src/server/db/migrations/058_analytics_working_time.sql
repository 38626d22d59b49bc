-- Analytics on working time beyond the stored S-curves (docs/analytics.md):
-- - analytics_version_totals.planned_to_date: the money planned to the version's data date, each
--   row's amount spread over its working time (the indicator's planned value and SPI);
-- - analytics_version_exec_events: the planned cost and labour per executor (the space resource,
--   else the version's), spread over working time by day and shaped by the assignments' curves,
--   one jump per day at its midnight (the executor series).
-- Summaries are caches remade on read: the existing ones are dropped so each is made again with
-- these parts.
ALTER TABLE analytics_version_totals ADD COLUMN planned_to_date double precision;

CREATE TABLE analytics_version_exec_events (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  amount text NOT NULL CHECK (amount IN ('cost', 'labour')),
  exec text NOT NULL,
  t integer NOT NULL,
  j double precision NOT NULL,
  PRIMARY KEY (space_id, version_id, amount, exec, t),
  FOREIGN KEY (space_id, version_id) REFERENCES versions (space_id, id) ON DELETE CASCADE
);

DELETE FROM analytics_version_totals;
