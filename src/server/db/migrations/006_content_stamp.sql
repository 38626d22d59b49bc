-- A stamp of each version's content: bumped by every statement that writes its WBS items or
-- relations (imports, batches, calculations, copies alike), so that what is derived from the
-- content — the by-columns read the workbench opens with — can be kept until the content moves.
ALTER TABLE versions ADD COLUMN content_stamp bigint NOT NULL DEFAULT 0;

CREATE FUNCTION bump_content_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE versions v SET content_stamp = v.content_stamp + 1
  FROM (SELECT DISTINCT space_id, version_id FROM changed) c
  WHERE v.space_id = c.space_id AND v.id = c.version_id;
  RETURN NULL;
END $$;

CREATE TRIGGER wbs_items_stamp_ins AFTER INSERT ON wbs_items
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_content_stamp();
CREATE TRIGGER wbs_items_stamp_upd AFTER UPDATE ON wbs_items
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_content_stamp();
CREATE TRIGGER wbs_items_stamp_del AFTER DELETE ON wbs_items
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_content_stamp();
CREATE TRIGGER wbs_relations_stamp_ins AFTER INSERT ON wbs_relations
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_content_stamp();
CREATE TRIGGER wbs_relations_stamp_upd AFTER UPDATE ON wbs_relations
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_content_stamp();
CREATE TRIGGER wbs_relations_stamp_del AFTER DELETE ON wbs_relations
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_content_stamp();
