-- A space's own resource curves (issue 24, P6's "Resource Curves" dialog): a name and P6's 21
-- usage points (percent of the peak at 0 %, 5 %, …, 100 % of the duration, linear between them,
-- summing to 100). Assigning one copies its shape into the assignment (curve 'custom'), so a
-- curve edited or deleted later leaves the assignments as they were.
CREATE TABLE resource_curves (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  points jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  UNIQUE (space_id, name)
);
