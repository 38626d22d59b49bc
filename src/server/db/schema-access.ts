// Kysely table types of migrations/047_access_grants.sql: abilities granted to one member beyond
// the member's role, on the space or on an EPS node.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AccessGrantsTable {
  space_id: string;
  id: Generated<string>;
  user_id: string;
  /** null: the whole space. */
  eps_id: string | null;
  module: string;
  ability: string;
  granted_by: string | null;
  granted_at: Timestamp;
}

export interface AccessTables {
  access_grants: AccessGrantsTable;
}
