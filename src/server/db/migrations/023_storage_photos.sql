-- Storage by content hash, per-space limits, and the comments and photos of EPS nodes (issue 26).
--
-- stored_files rows stay the index of what a space holds; the bytes live once per space and
-- content (storage_key cas/<space>/<hh>/<sha256>), so rows with the same content share them and
-- the bytes go when the last row goes. Older rows keep their <kind>/<space>/<id> keys.
ALTER TABLE stored_files
  ADD COLUMN content_hash text,
  -- The thumbnail of an image (a JPEG of at most 320 px), kept by content hash too.
  ADD COLUMN thumb_key text,
  -- 'photo': the file of an EPS node's photo (kept out of the schedule's document list and zip).
  ADD COLUMN purpose text NOT NULL DEFAULT 'file' CHECK (purpose IN ('file', 'photo'));
CREATE INDEX stored_files_key_idx ON stored_files (space_id, storage_key);
CREATE INDEX stored_files_thumb_idx ON stored_files (space_id, thumb_key) WHERE thumb_key IS NOT NULL;

-- Per-space limits (NULL = the deployment's STORAGE_MAX_FILE_MB / no quota).
ALTER TABLE spaces
  ADD COLUMN storage_max_file_bytes integer CHECK (storage_max_file_bytes > 0),
  ADD COLUMN storage_quota_bytes bigint CHECK (storage_quota_bytes > 0);

-- Photos of an EPS node (a schedule, project or facility), optionally of one WBS row: row ids
-- stay the same in every version of a schedule (versions are copied with their ids), so the row
-- is kept by id with its code and name as they were, not by a key into one version's rows.
CREATE TABLE eps_photos (
  space_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  node_id uuid NOT NULL,
  file_id uuid NOT NULL,
  version_id uuid,
  wbs_item_id uuid,
  wbs_code text,
  wbs_name text,
  -- From the photo's EXIF (DateTimeOriginal), NULL when it has none.
  taken_at timestamptz,
  width integer,
  height integer,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, node_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, file_id) REFERENCES stored_files (space_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, version_id) REFERENCES versions (space_id, id) ON DELETE SET NULL (version_id)
);
CREATE INDEX eps_photos_node_idx ON eps_photos (space_id, node_id, wbs_item_id);
CREATE INDEX eps_photos_file_idx ON eps_photos (space_id, file_id);

-- Comments on an EPS node, optionally on one WBS row (as photos).
CREATE TABLE eps_comments (
  space_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  node_id uuid NOT NULL,
  wbs_item_id uuid,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  text text NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, node_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);
CREATE INDEX eps_comments_node_idx ON eps_comments (space_id, node_id, created_at);
