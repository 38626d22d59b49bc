-- A backup brought back as a file (issue 21): when it was uploaded (NULL: made on this server).
ALTER TABLE schedule_backups ADD COLUMN uploaded_at timestamptz;
