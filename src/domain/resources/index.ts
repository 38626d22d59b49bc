// Resources and assignments: curves, durations from rates, usage against availability.
export * from './curves';
export * from './remaining';
export * from './columns';
export * from './usage';
