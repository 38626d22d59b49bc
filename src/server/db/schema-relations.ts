// Kysely table types of migrations/042_directory_relations.sql: complex relations between
// directories and their rows.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface DirectoryRelationsTable {
  space_id: string;
  id: Generated<string>;
  source_directory_id: string;
  target_directory_id: string;
  name: Generated<string>;
  /** Its target values are the rows' resource assignments (by resource code). */
  assign: Generated<boolean>;
  created_at: Timestamp;
}

export interface DirectoryRelationRowsTable {
  space_id: string;
  relation_id: string;
  id: Generated<string>;
  source_value_id: string;
  target_value_id: string;
  norm: number;
}

export interface RelationTables {
  directory_relations: DirectoryRelationsTable;
  directory_relation_rows: DirectoryRelationRowsTable;
}
