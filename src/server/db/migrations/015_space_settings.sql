-- Space settings of the administration screen (issue 21): the language a member who has not chosen
-- one gets, and the idle time-out of the space (NULL = the deployment's IDLE_TIMEOUT_MINUTES).
ALTER TABLE spaces
  ADD COLUMN default_language text CHECK (default_language IN ('en', 'ru', 'fr')),
  ADD COLUMN idle_timeout_minutes integer CHECK (idle_timeout_minutes BETWEEN 1 AND 1440);

-- The channels a user gets notices by (spec §6 enumeration: site, corporate, {product}).
ALTER TABLE users
  ADD COLUMN notification_channels text[] NOT NULL DEFAULT '{site}';
