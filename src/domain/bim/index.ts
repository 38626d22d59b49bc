// 3D/BIM: the packed geometry format, link rules, statuses for the 4D player, and the row ↔
// element selection of the 3D pane, appearance profiles by attribute (docs/bim.md).
export * from './geometry-format';
export * from './rules';
export * from './status';
export * from './selection';
export * from './profile';
export * from './deviation';
export * from './primitives';
export * from './undo';
