// Directories: hierarchical reference tables (work types, cost codes, locations …) whose values
// WBS rows link to. tree.ts orders and moves values; table.ts reads and writes the upload format.
export * from './tree';
export * from './table';
