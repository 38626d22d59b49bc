// Calendars: engine time and the precomputed working-time index.
export * from './time';
export * from './calendar-index';
export * from './index-cache';
