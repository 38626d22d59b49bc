// Cost estimating (issue 28): estimates as trees of sections and positions, measures, cost
// coefficients, the computed list (pdc), compliance rules, import and export. Pure; money is exact
// decimal (bigint) arithmetic.
export * from './coefficients';
export * from './compliance';
export * from './compute';
export * from './decimal';
export * from './fields';
export * from './measures';
export * from './minor';
export * from './transfer';
export * from './tree';
export * from './types';
export * from './settings-form';
