// Directories: hierarchical reference tables (work types, cost codes, locations …) whose values
// WBS rows link to. tree.ts orders and moves values; table.ts reads and writes the upload format;
// relations.ts decides what complex relations between directories require of a row; lists.ts
// scopes a version's WBS to a directory list.
export * from './tree';
export * from './table';
export * from './relations';
export * from './lists';
export * from './picker';
export * from './fold';
export * from './resources';
export * from './cells';
export * from './grid-edit';
