-- Resources screen (issue 17): each member's server-kept undo history of the space's resource
-- edits (create, edit, delete, paste/import batches), and each member's column layout of the
-- screen's grid. Resources are space-level and shared; the undo history is per member and space:
-- Ctrl+Z takes back the caller's own last edit, never another member's (docs/resources.md).

-- One row per undo step; `undone` steps form the redo stack (cleared by the member's next edit).
-- entry: {resources: [{id, before, after}], copies: [...], assignments: [...]} (resource-undo.ts).
CREATE TABLE resource_undo (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  kind text NOT NULL DEFAULT 'undo_resource' CHECK (kind = 'undo_resource'),
  label text NOT NULL CHECK (label IN ('create', 'edit', 'delete', 'batch')),
  entry jsonb NOT NULL,
  undone boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, user_id, seq)
);

-- Spec "resource layout settings": columns in order, widths, visibility, frozen count.
CREATE TABLE resource_layouts (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  layout jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, user_id)
);
