-- Issue 21 (docs/admin.md, "Access grants"): abilities an administrator grants one member beyond
-- those of the member's role, on the whole space (eps_id NULL) or on an EPS node and everything
-- under it (spec §6 access calls: grant, revoke, free abilities). One row per module and ability;
-- they go with the membership (kick-out) and with the node.
CREATE TABLE access_grants (
  space_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  eps_id uuid,
  module text NOT NULL CHECK (module IN ('administration', 'structure', 'schedules', 'facts', 'resources',
    'calendars', 'directories', 'attributes', 'views', 'transfer')),
  ability text NOT NULL CHECK (ability IN ('read', 'edit', 'approve', 'admin')),
  granted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, user_id) REFERENCES space_members (space_id, user_id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, eps_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE,
  -- The administration of a space is not split by node.
  CHECK (eps_id IS NULL OR module <> 'administration')
);
-- One grant per member, place, module and ability (NULL eps_id = the space: PostgreSQL ≥ 15).
CREATE UNIQUE INDEX access_grants_one ON access_grants (space_id, user_id, eps_id, module, ability) NULLS NOT DISTINCT;
