// Analytics: spreading amounts over periods (the reference the SQL is tested against) and the
// drill-down filter of a chart point.
export * from './spread';
export * from './drill';
export {
  periodsOf,
  periodStart,
  nextPeriod,
  MAX_PERIODS,
  type Period,
  type PeriodUnit,
} from '../resources/usage';
export * from './work-spread';
export * from './work-pattern';
