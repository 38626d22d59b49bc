-- A calculated version's compared side packed into one text (docs/versions.md, "The packed side";
-- src/domain/versions/compare-packed.ts), written when a calculation or an import has stored its
-- dates. side_key holds what the side was read under (the version's content and analytics stamps,
-- data date, the space's calendars): a compare whose key differs reads the rows instead.
CREATE TABLE version_compare_sides (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  side_key text NOT NULL,
  activities integer NOT NULL,
  body text NOT NULL,
  written_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, version_id),
  FOREIGN KEY (space_id, version_id) REFERENCES versions (space_id, id) ON DELETE CASCADE
);
-- Kept uncompressed out of line: read whole on every use, so pglz's compression costs each read.
ALTER TABLE version_compare_sides ALTER COLUMN body SET STORAGE EXTERNAL;
