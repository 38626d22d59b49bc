-- Resource directories (issue 20; spec §7 "versions/{id}/directory/... for WBS and resource
-- directories"): a space resource links to at most one value per directory, as a WBS row does
-- (wbs_directory_links). Resources are the space's, not a version's, so the link is too; a
-- version's resources are built or synced from a directory or a list through these links
-- (copy-resources, sync-resources-with-list). Deleting the resource, the directory or the value
-- removes the link.
CREATE TABLE resource_directory_links (
  space_id uuid NOT NULL,
  resource_id uuid NOT NULL,
  directory_id uuid NOT NULL,
  value_id uuid NOT NULL,
  PRIMARY KEY (space_id, resource_id, directory_id),
  FOREIGN KEY (space_id, resource_id) REFERENCES resources (space_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, directory_id) REFERENCES directories (space_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, value_id) REFERENCES directory_values (space_id, id) ON DELETE CASCADE
);
CREATE INDEX resource_directory_links_value ON resource_directory_links (space_id, value_id);
