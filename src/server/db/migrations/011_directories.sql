-- Directories (issue 20): reference tables of a space or of one EPS node, each a tree of values
-- with typed attributes, and the links of WBS rows to directory values (one value per directory
-- per row). Deleting a directory, a value or a row removes its links.

CREATE TABLE directories (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  -- The EPS node the directory belongs to; null: the whole space.
  eps_id uuid,
  name text NOT NULL,
  -- [{key, name, type}] in column order; values keep their attribute values by key.
  attributes jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, eps_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);

CREATE TABLE directory_values (
  space_id uuid NOT NULL,
  directory_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  parent_id uuid,
  sort_order double precision NOT NULL,
  code text NOT NULL,
  name text NOT NULL,
  attribute_values jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, directory_id) REFERENCES directories (space_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, parent_id) REFERENCES directory_values (space_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX directory_values_code ON directory_values (space_id, directory_id, code);

CREATE TABLE wbs_directory_links (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  wbs_id uuid NOT NULL,
  directory_id uuid NOT NULL,
  value_id uuid NOT NULL,
  PRIMARY KEY (space_id, version_id, wbs_id, directory_id),
  FOREIGN KEY (space_id, version_id, wbs_id) REFERENCES wbs_items (space_id, version_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, directory_id) REFERENCES directories (space_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, value_id) REFERENCES directory_values (space_id, id) ON DELETE CASCADE
);
CREATE INDEX wbs_directory_links_value ON wbs_directory_links (space_id, value_id);
