-- Cost estimating (issue 28): storing a pasted estimate. The foreign key from costr_nodes to
-- costr_estimates ran its check once per inserted row (a 10,000-row paste: 10,000 lookups, about
-- 40 % of the insert on PGlite); it becomes statement-level triggers that do the same work once
-- per statement over the statement's rows:
--   - costr_nodes_estimate: after an INSERT, every new row's estimate must exist (locked FOR KEY
--     SHARE, as the key locked it, so it cannot be deleted before this transaction ends);
--     otherwise the INSERT fails with foreign_key_violation (23503), as the key failed;
--   - costr_nodes_stay: a node never moves to another estimate (the writes never set these
--     columns; an UPDATE that changes them fails with foreign_key_violation);
--   - costr_estimates_drop_nodes: ON DELETE CASCADE — an estimate's nodes are deleted with it
--     (also when its space is deleted, which deletes the estimates by their own key).
-- The index costr_nodes_code is dropped: no query used it (the dictionary search matches
-- '%text%', which a btree cannot serve; the primary key's (space_id, …) prefix serves the space
-- filter) and every written row paid for its upkeep.
ALTER TABLE costr_nodes DROP CONSTRAINT costr_nodes_space_id_estimate_id_fkey;
DROP INDEX costr_nodes_code;

CREATE FUNCTION costr_nodes_estimate_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing record;
BEGIN
  PERFORM 1 FROM costr_estimates e
    WHERE (e.space_id, e.id) IN (SELECT a.space_id, a.estimate_id FROM added a)
    FOR KEY SHARE OF e;
  SELECT a.space_id, a.estimate_id INTO missing
    FROM (SELECT DISTINCT space_id, estimate_id FROM added) a
    WHERE NOT EXISTS (
      SELECT 1 FROM costr_estimates e WHERE e.space_id = a.space_id AND e.id = a.estimate_id)
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'insert or update on table "costr_nodes" violates foreign key constraint "costr_nodes_estimate"'
      USING ERRCODE = 'foreign_key_violation',
        DETAIL = format('Key (space_id, estimate_id)=(%s, %s) is not present in table "costr_estimates".',
          missing.space_id, missing.estimate_id),
        TABLE = 'costr_nodes',
        CONSTRAINT = 'costr_nodes_estimate';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER costr_nodes_estimate AFTER INSERT ON costr_nodes
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION costr_nodes_estimate_check();

CREATE FUNCTION costr_nodes_stay() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a cost node cannot move to another estimate'
    USING ERRCODE = 'foreign_key_violation', TABLE = 'costr_nodes', CONSTRAINT = 'costr_nodes_estimate';
END $$;
CREATE TRIGGER costr_nodes_stay BEFORE UPDATE OF space_id, estimate_id ON costr_nodes
  FOR EACH ROW
  WHEN (OLD.space_id IS DISTINCT FROM NEW.space_id OR OLD.estimate_id IS DISTINCT FROM NEW.estimate_id)
  EXECUTE FUNCTION costr_nodes_stay();

CREATE FUNCTION costr_estimates_drop_nodes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM costr_nodes n USING gone g WHERE n.space_id = g.space_id AND n.estimate_id = g.id;
  RETURN NULL;
END $$;
CREATE TRIGGER costr_estimates_drop_nodes AFTER DELETE ON costr_estimates
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION costr_estimates_drop_nodes();
