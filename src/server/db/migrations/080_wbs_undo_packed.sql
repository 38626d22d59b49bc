-- Issue 29: a big undo-log entry (a 10,000 × 10 paste is ~14 MB of JSON) is stored gzip-packed in
-- `packed` instead of as jsonb: the database's jsonb parse and TOAST of it took ~270 ms of a paste's
-- ~1 s of statements on PGlite, the packed bytes ~30 ms. Small entries, and entries that keep rows'
-- settings (read by removed-rows-kept.ts with jsonb operators), stay in `entry`.
ALTER TABLE wbs_undo_actions ALTER COLUMN entry DROP NOT NULL;
ALTER TABLE wbs_undo_actions ADD COLUMN packed bytea;
ALTER TABLE wbs_undo_actions ADD CONSTRAINT wbs_undo_actions_entry CHECK (entry IS NOT NULL OR packed IS NOT NULL);
