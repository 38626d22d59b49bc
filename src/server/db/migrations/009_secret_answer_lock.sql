-- Guessing a secret answer is limited per login (routes/users.ts): wrong answers in a row are
-- counted on the user, and past the limit password recovery for that login is locked for a while.
-- Kept in the database so every server process sees the same count.
ALTER TABLE users ADD COLUMN reset_failures integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN reset_locked_until timestamptz;
