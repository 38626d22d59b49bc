-- Directories screen (issue 20): each member's server-kept undo history of one directory's value
-- edits (a typed cell, a paste, a fill, Backspace, an add, a delete, a move or indent). Values are
-- shared by the space's members; the history is per member and directory: Ctrl+Z in a directory's
-- grid takes back the caller's own last edit of that directory, never another member's
-- (docs/directories.md "Undo kept by the server").

-- One row per undo step; `undone` steps form the redo stack (cleared by the member's next edit).
-- entry: {values: [{id, before, after}], links, lists, resources, relations} (directory-undo.ts).
CREATE TABLE directory_undo (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  directory_id uuid NOT NULL,
  seq integer NOT NULL,
  label text NOT NULL CHECK (label IN ('edit', 'paste', 'fill', 'clear', 'add', 'delete', 'move')),
  entry jsonb NOT NULL,
  undone boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, user_id, directory_id, seq),
  FOREIGN KEY (space_id, directory_id) REFERENCES directories (space_id, id) ON DELETE CASCADE
);
