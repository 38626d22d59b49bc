// 3D/BIM: the packed geometry format, link rules, and statuses for the 4D player (docs/bim.md).
export * from './geometry-format';
export * from './rules';
export * from './status';
