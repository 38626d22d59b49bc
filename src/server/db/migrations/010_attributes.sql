-- Typed attributes of a space (spec: EPS and schedule attributes) with their access per role,
-- each user's saved filters ("filtering") and layout templates (view settings).

-- An attribute is defined at a scope level: the whole space (node_id NULL), a facility, project or
-- schedule of the EPS tree (node_id: that node), or one version (node_id: the version). It applies
-- to the versions under its node. Rows keep its values under `key` in wbs_items.attributes.
CREATE TABLE attributes (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  scope text NOT NULL CHECK (scope IN ('space', 'facility', 'project', 'schedule', 'version')),
  node_id uuid,
  key text NOT NULL,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('text', 'number', 'date', 'list', 'directory', 'formula')),
  list_values jsonb NOT NULL DEFAULT '[]',
  formula text,
  directory_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  CHECK ((scope = 'space') = (node_id IS NULL)),
  CHECK ((type = 'formula') = (formula IS NOT NULL))
);
CREATE UNIQUE INDEX attributes_key ON attributes (space_id, key);
CREATE UNIQUE INDEX attributes_name ON attributes (space_id, coalesce(node_id, space_id), lower(name));

-- Access of a role to an attribute; no row means: write for roles that edit, read for the others.
CREATE TABLE attribute_access (
  space_id uuid NOT NULL,
  attribute_id uuid NOT NULL,
  role_id uuid NOT NULL,
  access text NOT NULL CHECK (access IN ('hidden', 'read', 'write')),
  PRIMARY KEY (space_id, attribute_id, role_id),
  FOREIGN KEY (space_id, attribute_id) REFERENCES attributes (space_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, role_id) REFERENCES roles (space_id, id) ON DELETE CASCADE
);

CREATE TABLE saved_filters (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  filter jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id)
);
CREATE UNIQUE INDEX saved_filters_name ON saved_filters (space_id, user_id, lower(name));

-- A named layout (columns, widths, frozen count, sort, grouping, bar colours, row height) of one
-- user in a space, reusable in every schedule; at most one is the user's default.
CREATE TABLE layout_templates (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  settings jsonb NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id)
);
CREATE UNIQUE INDEX layout_templates_name ON layout_templates (space_id, user_id, lower(name));
CREATE UNIQUE INDEX layout_templates_one_default ON layout_templates (space_id, user_id) WHERE is_default;
