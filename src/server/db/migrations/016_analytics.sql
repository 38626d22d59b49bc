-- Analytics (issue 24): each user's dashboard settings, presets and curved settings per EPS node
-- (eps_id null: the space's own dashboard), one active per user, node and kind. The analytics
-- figures read the existing keys (wbs_items and version_assignments by space and version).

CREATE TABLE analytics_settings (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  eps_id uuid,
  kind text NOT NULL CHECK (kind IN ('setting', 'preset', 'curved')),
  name text NOT NULL,
  config jsonb NOT NULL,
  active boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, eps_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);
CREATE INDEX analytics_settings_owner ON analytics_settings (space_id, user_id, kind, eps_id, sort_order);
-- One active setting per user, node and kind (the space's own: eps_id null, coalesced to a nil id).
CREATE UNIQUE INDEX analytics_settings_active ON analytics_settings
  (space_id, user_id, kind, COALESCE(eps_id, '00000000-0000-0000-0000-000000000000'::uuid))
  WHERE active;
