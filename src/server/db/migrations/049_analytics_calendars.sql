-- Analytics summaries spread amounts over the rows' working time (their calendars, else the
-- version's default calendar): a write of a space's calendars moves the analytics stamp of every
-- version of the space, so each summary is remade with the calendars it now reads.
CREATE FUNCTION bump_analytics_stamp_calendars() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE versions v SET analytics_stamp = v.analytics_stamp + 1
  FROM (SELECT DISTINCT space_id FROM changed) c
  WHERE v.space_id = c.space_id;
  RETURN NULL;
END $$;

CREATE TRIGGER calendars_astamp_ins AFTER INSERT ON calendars
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_analytics_stamp_calendars();
CREATE TRIGGER calendars_astamp_upd AFTER UPDATE ON calendars
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_analytics_stamp_calendars();
CREATE TRIGGER calendars_astamp_del AFTER DELETE ON calendars
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_analytics_stamp_calendars();
