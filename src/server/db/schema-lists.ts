// Kysely table types of migrations/055_directory_lists.sql: named lists of a directory's values
// and the space's work-type directory; and 084_directory_undo.sql, each member's undo history of
// a directory's value edits.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface DirectoryListsTable {
  space_id: string;
  directory_id: string;
  id: Generated<string>;
  name: string;
  created_at: Timestamp;
}

export interface DirectoryListValuesTable {
  space_id: string;
  list_id: string;
  value_id: string;
}

/** The space's work-type directory (one per space at most). */
export interface DirectoryWorktypesTable {
  space_id: string;
  directory_id: string;
}

/** A member's undo step of a directory's value edits (migrations/084_directory_undo.sql). */
export interface DirectoryUndoTable {
  space_id: string;
  user_id: string;
  directory_id: string;
  seq: number;
  label: string;
  entry: ColumnType<unknown, string, string>;
  undone: Generated<boolean>;
  created_at: Generated<Timestamp>;
}

export interface ListTables {
  directory_undo: DirectoryUndoTable;
  directory_worktypes: DirectoryWorktypesTable;
  directory_lists: DirectoryListsTable;
  directory_list_values: DirectoryListValuesTable;
}
