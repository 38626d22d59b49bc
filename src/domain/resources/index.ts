// Resources and assignments: curves, durations from rates, usage against availability.
export * from './curves';
export * from './curve-import';
export * from './curve-export';
export * from './curve-timephased';
export * from './curve-points';
export * from './remaining';
export * from './columns';
export * from './work-time';
export * from './usage';
export * from './group-usage';
export * from './level-input';
export * from './resource-gantt';
export * from './indicators';
export * from './layout';
export * from './assignment-patches';
export * from './assignment-duration';
