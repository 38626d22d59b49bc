// Filter operators of the spec (lt … exclude_colors) as pure predicates, and their use on the WBS.
export * from './operators';
export * from './wbs';
export * from './parse';
export * from './builder';
export * from './positions';
export * from './row-fields';
export * from './grid-fields';
