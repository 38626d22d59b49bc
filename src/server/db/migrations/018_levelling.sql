-- Resource levelling of a version (issue 17, docs/levelling.md): the "Level resources" command
-- runs as a level_resources job and keeps, per delayed row, the levelled start (a start-no-earlier,
-- as 008 made the table) with the levelled finish, the delay in working minutes and the dates the
-- row had before (the Gantt draws levelled bars against them). One row per version says with which
-- options and at which revision the version was levelled, and what it gave.

ALTER TABLE levelled_starts
  ADD COLUMN finish integer,
  ADD COLUMN delay integer NOT NULL DEFAULT 0,
  ADD COLUMN base_start integer,
  ADD COLUMN base_finish integer;

CREATE TABLE version_levelling (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  options jsonb NOT NULL DEFAULT '{}',
  stats jsonb NOT NULL DEFAULT '{}',
  -- The version's revision the levelling read: a later edit makes it out of date.
  revision integer NOT NULL DEFAULT 0,
  levelled_by uuid REFERENCES users (id) ON DELETE SET NULL,
  levelled_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, version_id),
  FOREIGN KEY (space_id, version_id) REFERENCES versions (space_id, id) ON DELETE CASCADE
);

-- Every job type so far (017 added print_version and run_report): the check is replaced whole.
ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_type_check;
ALTER TABLE jobs ADD CONSTRAINT jobs_type_check
  CHECK (type IN ('import_version', 'export_version', 'calculate_timetable', 'print_version', 'run_report',
    'level_resources'));
