-- Directory lists (issue 20; spec §7 directory "list create/get/delete/value/values"): named
-- subsets of one directory's values, e.g. "Works of stage 1". A version's WBS can be built from a
-- list (copy-wbs) and kept in line with it (sync-with-list). Deleting the directory removes its
-- lists; deleting a value takes it out of every list.
CREATE TABLE directory_lists (
  space_id uuid NOT NULL,
  directory_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, directory_id) REFERENCES directories (space_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX directory_lists_name ON directory_lists (space_id, directory_id, name);

CREATE TABLE directory_list_values (
  space_id uuid NOT NULL,
  list_id uuid NOT NULL,
  value_id uuid NOT NULL,
  PRIMARY KEY (space_id, list_id, value_id),
  FOREIGN KEY (space_id, list_id) REFERENCES directory_lists (space_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, value_id) REFERENCES directory_values (space_id, id) ON DELETE CASCADE
);

-- The space's work-type directory (spec §7 "worktypes-directory"): the one directory whose values
-- are the space's work types (at most one; deleting it leaves the space without one).
CREATE TABLE directory_worktypes (
  space_id uuid NOT NULL PRIMARY KEY REFERENCES spaces (id) ON DELETE CASCADE,
  directory_id uuid NOT NULL,
  FOREIGN KEY (space_id, directory_id) REFERENCES directories (space_id, id) ON DELETE CASCADE
);
