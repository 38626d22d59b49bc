-- Replacements (issue 27): a schedule's substitution rules, applied to every file uploaded into
-- it — activity codes, calendar names and resource names as the file spells them → as the owner
-- does (docs/versions.md). One active rule per field and value; the server checks the rest.
CREATE TABLE schedule_replacements (
  space_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  schedule_id uuid NOT NULL,
  field text NOT NULL CHECK (field IN ('code', 'calendar', 'resource')),
  from_value text NOT NULL,
  to_value text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, schedule_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);
CREATE INDEX schedule_replacements_schedule_idx ON schedule_replacements (space_id, schedule_id);
