// The schedule workbench screen (route /{space_id}/schedule/{id}).
export { SchedulePage } from './SchedulePage';
