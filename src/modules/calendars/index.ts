// The calendars module: the screen /{space_id}/calendars.
export { CalendarsPage } from './CalendarsPage';
