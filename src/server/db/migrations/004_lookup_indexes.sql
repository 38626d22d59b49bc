-- Secondary indexes lead with the looked-up id, not with (space_id, version_id): on tables without
-- statistics (a fresh or PGlite database has no autovacuum) the planner otherwise took the
-- parent index for primary-key look-ups, scanning a whole version per foreign-key check
-- (quadratic: 8,000 relations took 16 s on PostgreSQL).
DROP INDEX wbs_items_parent_idx;
CREATE INDEX wbs_items_parent_idx ON wbs_items (parent_id, space_id, version_id, order_key);
DROP INDEX wbs_relations_succ_idx;
CREATE INDEX wbs_relations_succ_idx ON wbs_relations (succ_id, space_id, version_id);
DROP INDEX wbs_relations_pair;
CREATE UNIQUE INDEX wbs_relations_pair ON wbs_relations (pred_id, succ_id, type, space_id, version_id);
