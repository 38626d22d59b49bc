-- The resources of a space (spec §3 "Resource kinds"; issue 17): a tree of resources with their
-- units, price, availability (a default limit plus limits by period), calendar, specialty and the
-- member they stand for (user-specialty). A version's resources (version_resources, what an
-- import or an assignment brought into the version) point at the space resource they stand for;
-- assignments gain a rate, an intensity and a curve; the starts levelling gave a version's rows
-- are kept in a table of their own, apart from the user's limits, so that "Clear levelling"
-- removes only what levelling set.

CREATE TABLE resources (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  parent_id uuid,
  code text NOT NULL DEFAULT '',
  name text NOT NULL,
  kind text NOT NULL DEFAULT 'resource'
    CHECK (kind IN ('resource', 'document', 'cost', 'step', 'custom', 'actvcode', 'checklist', 'worktype')),
  resource_type text CHECK (resource_type IN ('labor', 'nonlabor', 'material', 'cost')),
  unit text NOT NULL DEFAULT '',
  price double precision NOT NULL DEFAULT 0 CHECK (price >= 0),
  default_limit double precision NOT NULL DEFAULT 0 CHECK (default_limit >= 0),
  -- [{from, to, limit}]: engine minutes, [from, to); the last listed wins where periods overlap.
  limits jsonb NOT NULL DEFAULT '[]',
  calendar_id uuid,
  specialty text NOT NULL DEFAULT '',
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, parent_id) REFERENCES resources (space_id, id) ON DELETE CASCADE
);
CREATE INDEX resources_parent_idx ON resources (space_id, parent_id);

ALTER TABLE version_resources ADD COLUMN resource_id uuid;
CREATE INDEX version_resources_resource_idx ON version_resources (space_id, resource_id)
  WHERE resource_id IS NOT NULL;

ALTER TABLE version_assignments
  ADD COLUMN units_per_day double precision,
  ADD COLUMN intensity double precision NOT NULL DEFAULT 100,
  ADD COLUMN curve text NOT NULL DEFAULT 'uniform',
  ADD COLUMN curve_values jsonb;
CREATE INDEX version_assignments_wbs_idx ON version_assignments (space_id, version_id, wbs_id);

CREATE TABLE levelled_starts (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  wbs_id uuid NOT NULL,
  -- A start-no-earlier in engine minutes.
  start integer NOT NULL,
  PRIMARY KEY (space_id, version_id, wbs_id),
  FOREIGN KEY (space_id, version_id, wbs_id) REFERENCES wbs_items (space_id, version_id, id) ON DELETE CASCADE
);
