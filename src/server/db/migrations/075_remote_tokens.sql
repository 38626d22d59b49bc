-- Remote-access tokens issued per space from its administration screen (issue 21): each shows
-- only its own space to another deployment's copy. Only the token's SHA-256 is kept; the token
-- itself is shown once, when it is made.
CREATE TABLE remote_tokens (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  label text NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  PRIMARY KEY (space_id, id)
);
