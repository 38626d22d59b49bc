-- Deleting a space cascades to its calendars and (through the tree) to WBS items in one
-- statement; checking the item → calendar key at commit lets the cascade finish first.
ALTER TABLE wbs_items ALTER CONSTRAINT wbs_items_space_id_calendar_id_fkey DEFERRABLE INITIALLY DEFERRED;
