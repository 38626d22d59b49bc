// The project grid screen (route /{space_id}/grid/{project_id}). Loading the module starts the
// schedule worker, as the workbench's does.
import { prewarmScheduleWorker } from '../../workers/schedule-client';

prewarmScheduleWorker();

export { ProjectGridPage } from './ProjectGridPage';
