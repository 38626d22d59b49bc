// The schedule workbench screen (route /{space_id}/schedule/{id}). Loading the module starts the
// schedule worker, so the worker is ready by the time the version's content arrives.
import { prewarmScheduleWorker } from '../../workers/schedule-client';

prewarmScheduleWorker();

export { SchedulePage } from './SchedulePage';
