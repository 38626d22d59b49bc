-- The version's attribute keys (GET versions/{id}/attributes) are read from the rows that hold
-- any: a partial index holds only those rows, so a 100k-row version without attributes answers
-- without a scan (it is read beside the content when the workbench opens the version).
CREATE INDEX wbs_items_attributes_idx ON wbs_items (space_id, version_id) WHERE attributes <> '{}'::jsonb;
