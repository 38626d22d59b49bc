-- Kerberos authenticators seen within twice the clock skew (issue 21): shared by every server
-- process, so that a captured Negotiate header is refused as a replay by whichever worker it
-- reaches (the per-process cache answers first). Only a hash of the authenticator's identity.
CREATE TABLE kerberos_replays (
  key_hash text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX kerberos_replays_expiry_idx ON kerberos_replays (expires_at);
