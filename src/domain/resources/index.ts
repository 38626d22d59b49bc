// Resources and assignments: curves, durations from rates, usage against availability.
export * from './curves';
export * from './remaining';
export * from './columns';
export * from './work-time';
export * from './usage';
export * from './group-usage';
export * from './level-input';
export * from './resource-gantt';
