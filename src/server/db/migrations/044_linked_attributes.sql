-- Linked attributes (issue 20; spec §7 "linked attribute create/update/delete",
-- "update-linked-values"): a space attribute that mirrors one attribute of a directory on the WBS
-- rows linked to the directory's values. Rows keep the mirrored value under the attribute's key
-- (so the grid, the filter, sort, grouping and exports read it as any attribute); the grid cannot
-- write it, update-linked-values and a change of a row's link do. When the directory or its
-- attribute goes, the attribute becomes an ordinary one and the rows keep their values.
ALTER TABLE attributes ADD COLUMN linked_directory_id uuid;
ALTER TABLE attributes ADD COLUMN linked_key text;
ALTER TABLE attributes ADD CONSTRAINT attributes_linked_pair
  CHECK ((linked_directory_id IS NULL) = (linked_key IS NULL));
CREATE UNIQUE INDEX attributes_linked ON attributes (space_id, linked_directory_id, linked_key)
  WHERE linked_directory_id IS NOT NULL;
