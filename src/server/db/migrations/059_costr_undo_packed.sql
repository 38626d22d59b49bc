-- Cost estimating (issue 28): an estimate's undo step is stored gzip-packed (`packed`, the step's
-- JSON) instead of as jsonb: a 10,000-row paste's step is ~4 MB of jsonb the database would parse
-- and log, ~0.3 MB packed. Steps written before keep their `entry`.
ALTER TABLE costr_undo ALTER COLUMN entry DROP NOT NULL;
ALTER TABLE costr_undo ADD COLUMN packed bytea;
ALTER TABLE costr_undo ADD CONSTRAINT costr_undo_step CHECK (entry IS NOT NULL OR packed IS NOT NULL);
