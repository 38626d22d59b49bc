-- Administration (issue 21): permission matrices of roles, signed licence tokens, entitlements and
-- last activity of members, the previous home visit of a member.

-- {module: [ability, …]}; NULL = the defaults of the role value (src/domain/admin/permissions.ts).
ALTER TABLE roles ADD COLUMN permissions jsonb;

-- Tokens loaded into a space; the active one (unexpired, loaded last) sets space_licences.
CREATE TABLE licence_tokens (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id text NOT NULL,
  token text NOT NULL,
  payload jsonb NOT NULL,
  loaded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (space_id, id)
);

ALTER TABLE space_members
  ADD COLUMN estimates boolean NOT NULL DEFAULT false,
  ADD COLUMN bim boolean NOT NULL DEFAULT false,
  ADD COLUMN last_seen_at timestamptz,
  ADD COLUMN home_seen_at timestamptz,
  ADD COLUMN home_previous_at timestamptz;

-- When a version's content last changed (home page: "changed since the last visit"): set by the
-- same statement-level trigger that bumps the content stamp (migration 006).
ALTER TABLE versions ADD COLUMN content_changed_at timestamptz NOT NULL DEFAULT now();

CREATE OR REPLACE FUNCTION bump_content_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE versions v SET content_stamp = v.content_stamp + 1, content_changed_at = now()
  FROM (SELECT DISTINCT space_id, version_id FROM changed) c
  WHERE v.space_id = c.space_id AND v.id = c.version_id;
  RETURN NULL;
END $$;
