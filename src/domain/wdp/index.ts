// Daily work plans: plan, fact and approved plan per row and day, distributions, roll-up.
export * from './types';
export * from './split';
export * from './working-days';
export * from './distribute';
export * from './rollup';
export * from './edit-period';
export * from './paste';
export * from './patches';
export * from './day-table';
export * from './allocate';
export * from './transfer';
export * from './measures';
export * from './report';
export * from './follow';
export * from './fill';
export * from './resource-days';
