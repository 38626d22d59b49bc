-- Cost estimating (issue 28): estimates (a price book `dictionary` or a project `estimate`) as
-- trees of sections and positions, their coefficients, the server-kept undo log of their edits,
-- the space's cost settings, saved column mappings, and what update-costs wrote into WBS rows.
-- Decimals are stored as the decimal text the domain checked (exact; src/domain/costr).

CREATE TABLE costr_settings (
  space_id uuid PRIMARY KEY REFERENCES spaces (id) ON DELETE CASCADE,
  settings jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE costr_estimates (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('dictionary', 'estimate')),
  name text NOT NULL,
  version_id uuid,
  revision integer NOT NULL DEFAULT 0,
  coefficients jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, version_id) REFERENCES versions (space_id, id) ON DELETE SET NULL (version_id)
);

CREATE TABLE costr_nodes (
  space_id uuid NOT NULL,
  estimate_id uuid NOT NULL,
  id uuid NOT NULL,
  parent_id uuid,
  order_key text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('section', 'position')),
  code text NOT NULL DEFAULT '',
  name text NOT NULL DEFAULT '',
  measure text NOT NULL DEFAULT '',
  quantity text NOT NULL DEFAULT '',
  labour_price text NOT NULL DEFAULT '',
  machines_price text NOT NULL DEFAULT '',
  materials_price text NOT NULL DEFAULT '',
  labour_hours text NOT NULL DEFAULT '',
  dictionary_id uuid,
  wbs_item_id uuid,
  notes text NOT NULL DEFAULT '',
  PRIMARY KEY (space_id, estimate_id, id),
  FOREIGN KEY (space_id, estimate_id) REFERENCES costr_estimates (space_id, id) ON DELETE CASCADE
);
CREATE INDEX costr_nodes_code ON costr_nodes (space_id, lower(code));

-- One row per undo step of an estimate; `undone` steps form the redo stack (cleared by a new edit).
CREATE TABLE costr_undo (
  space_id uuid NOT NULL,
  estimate_id uuid NOT NULL,
  seq integer NOT NULL,
  label text NOT NULL,
  entry jsonb NOT NULL,
  undone boolean NOT NULL DEFAULT false,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, estimate_id, seq),
  FOREIGN KEY (space_id, estimate_id) REFERENCES costr_estimates (space_id, id) ON DELETE CASCADE
);

CREATE TABLE costr_mappings (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  mapping jsonb NOT NULL,
  PRIMARY KEY (space_id, id),
  UNIQUE (space_id, name)
);

-- What update-costs wrote into a row (cost also goes to wbs_items.price): compared with the
-- estimate's current amounts to mark stale rows.
CREATE TABLE costr_row_costs (
  space_id uuid NOT NULL,
  version_id uuid NOT NULL,
  item_id uuid NOT NULL,
  estimate_id uuid NOT NULL,
  cost text NOT NULL,
  labour text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, version_id, item_id),
  FOREIGN KEY (space_id, version_id, item_id) REFERENCES wbs_items (space_id, version_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, estimate_id) REFERENCES costr_estimates (space_id, id) ON DELETE CASCADE
);

-- Users who used the estimates entitlement in a space (its user cap counts them).
CREATE TABLE costr_users (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  first_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, user_id)
);
