-- Complex relations between directories (issue 20; spec §7 directory-complex-relations): a
-- relation from a source directory to a target directory, and its rows "this source value needs
-- `norm` of that target value per unit". A relation with `assign` makes its target values the
-- resource assignments of WBS rows (by resource code; recalculate-dependent-resources-version).
-- Deleting a directory or a value removes its relations and rows.

CREATE TABLE directory_relations (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  source_directory_id uuid NOT NULL,
  target_directory_id uuid NOT NULL,
  name text NOT NULL DEFAULT '',
  assign boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  UNIQUE (space_id, source_directory_id, target_directory_id),
  CHECK (source_directory_id <> target_directory_id),
  FOREIGN KEY (space_id, source_directory_id) REFERENCES directories (space_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, target_directory_id) REFERENCES directories (space_id, id) ON DELETE CASCADE
);
CREATE INDEX directory_relations_target ON directory_relations (space_id, target_directory_id);

CREATE TABLE directory_relation_rows (
  space_id uuid NOT NULL,
  relation_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  source_value_id uuid NOT NULL,
  target_value_id uuid NOT NULL,
  norm double precision NOT NULL CHECK (norm >= 0),
  PRIMARY KEY (space_id, id),
  UNIQUE (space_id, relation_id, source_value_id, target_value_id),
  FOREIGN KEY (space_id, relation_id) REFERENCES directory_relations (space_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, source_value_id) REFERENCES directory_values (space_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, target_value_id) REFERENCES directory_values (space_id, id) ON DELETE CASCADE
);
