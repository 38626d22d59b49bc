-- 3D/BIM (issue 25; docs/bim.md): the BIM state a user saved for a link (camera, hidden elements,
-- the profile) and primitive models of a project (site logistics volumes: box, sphere, plane,
-- cylinder), placed and sized in the model's metres and linked to rows like elements (their
-- element id is PRIMITIVE_BASE + num, src/domain/bim/primitives.ts).
CREATE TABLE bim_states (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  link_id uuid NOT NULL,
  camera jsonb,
  hidden jsonb NOT NULL DEFAULT '[]',
  isolated jsonb,
  section double precision,
  profile_id uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, user_id, link_id),
  FOREIGN KEY (space_id, link_id) REFERENCES bim_links (space_id, id) ON DELETE CASCADE
);

CREATE TABLE bim_primitives (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL,
  num integer NOT NULL CHECK (num > 0),
  name text NOT NULL,
  shape text NOT NULL CHECK (shape IN ('box', 'sphere', 'plane', 'cylinder')),
  position jsonb NOT NULL,
  size jsonb NOT NULL,
  rotation double precision NOT NULL DEFAULT 0,
  color text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  UNIQUE (space_id, project_id, num),
  FOREIGN KEY (space_id, project_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE
);
