// The analytics module, loaded on first use (it brings highcharts): the dashboard screen.
export { AnalyticsPage } from './AnalyticsPage';
