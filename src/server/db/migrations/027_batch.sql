-- Batch processing over many schedules (issue 27): one batch_versions job calculates or exports
-- the chosen versions one after another; `items` holds each version's own state, file and errors.
ALTER TABLE jobs ADD COLUMN IF NOT EXISTS items jsonb NOT NULL DEFAULT '[]';

-- Every job type so far (017 print_version, run_report; 018 level_resources; 024 bim_upload;
-- 025 backup_schedule) plus batch_versions.
ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_type_check;
ALTER TABLE jobs ADD CONSTRAINT jobs_type_check
  CHECK (type IN ('import_version', 'export_version', 'calculate_timetable', 'print_version', 'run_report',
    'level_resources', 'bim_upload', 'backup_schedule', 'batch_versions'));
