// Kysely table types of migrations/050_resource_undo_layout.sql: each member's undo history of the
// space's resource edits and each member's layout of the Resources screen's grid.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface ResourceUndoTable {
  space_id: string;
  user_id: string;
  seq: number;
  kind: Generated<string>;
  label: string;
  entry: Json<unknown>;
  undone: Generated<boolean>;
  created_at: Generated<Timestamp>;
}

export interface ResourceLayoutsTable {
  space_id: string;
  user_id: string;
  layout: Json<unknown>;
  updated_at: Generated<Timestamp>;
}

/** A space's own resource curve: P6's 21 usage points (migrations/065_resource_curves.sql). */
export interface ResourceCurvesTable {
  space_id: string;
  id: Generated<string>;
  name: string;
  points: Json<number[]>;
  created_at: Generated<Timestamp>;
}

export interface ResourceTables {
  resource_undo: ResourceUndoTable;
  resource_layouts: ResourceLayoutsTable;
  resource_curves: ResourceCurvesTable;
}
