// A valid input for every space-scoped route, given a tree of the target space. The tenancy test
// sends these to another user's space; a route without a sample fails that test, so new routes
// must add one here.
import type { RouteDef } from '../../../src/api/route';
import { STANDARD_WEEK } from '../../../src/server/services/spaces';
import { transferSamples } from '../transfer-helpers';
import { viewSamples } from './samples-views';
import { directorySamples } from './samples-directories';
import { wdpSamples } from './samples-wdp';
import { resourceSamples } from './samples-resources';
import { levellingSamples } from './samples-levelling';
import { attributeSamples } from './samples-attributes';
import { adminSamples } from './samples-admin';
import { pgridSamples } from './samples-pgrid';
import { analyticsSamples } from './samples-analytics';
import { printSamples } from './samples-print';
import { costrSamples } from './samples-costr';
import { collabSamples } from './samples-collab';
import { admin2Samples } from './samples-admin2';
import { remoteSamples } from './samples-remote';
import { gallerySamples } from './samples-gallery';
import { bimSamples } from './samples-bim';
import { batchSamples } from './samples-batch';
import type { Tree } from './fixtures';

export interface Sample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

const calendar = {
  name: 'Night shift',
  week: STANDARD_WEEK,
  exceptions: [{ day: 9500, intervals: [] }],
  hours_per_day: 8,
  hours_per_week: 40,
  hours_per_month: 173,
};

export const routeKey = (def: RouteDef) => `${def.method} ${def.path}`;

export const samples: Record<string, (t: Tree & { space: string; userId: string }) => Sample> = {
  'GET /users/space-config': () => ({}),
  'PUT /space/:space_id': (t) => ({ params: { space_id: t.space }, body: { name: 'Renamed' } }),
  'DELETE /space/:space_id': (t) => ({ params: { space_id: t.space } }),
  'POST /space/:space_id/demo': (t) => ({ params: { space_id: t.space } }),
  'GET /space/:space_id/users': (t) => ({ params: { space_id: t.space } }),
  'POST /space/:space_id/users/invite': (t) => ({
    params: { space_id: t.space },
    body: { login: 'nobody-here' },
  }),
  'POST /space/:space_id/users/kickout': (t) => ({
    params: { space_id: t.space },
    body: { user_id: t.userId },
  }),
  'PUT /space/:space_id/users/role': (t) => ({
    params: { space_id: t.space },
    body: { user_id: t.userId, role_id: t.role },
  }),
  'GET /space/:space_id/settings': (t) => ({ params: { space_id: t.space } }),
  'PUT /space/:space_id/settings': (t) => ({
    params: { space_id: t.space },
    body: { ip_allow_list: [], plan_edit_days: null, fact_edit_days: 3 },
  }),
  'GET /space/:space_id/access': (t) => ({ params: { space_id: t.space }, query: { eps_id: t.project } }),
  'DELETE /space/:space_id/delete-free': (t) => ({ params: { space_id: t.space } }),
  'GET /roles': () => ({}),
  'POST /roles': () => ({ body: { name: 'Auditor', value: 'student' } }),
  'PUT /roles/:id': (t) => ({ params: { id: t.role }, body: { name: 'Auditor', value: 'student' } }),
  'DELETE /roles/:id': (t) => ({ params: { id: t.role } }),
  'GET /space/:space_id/eps': (t) => ({ params: { space_id: t.space } }),
  'PATCH /eps/:id/rename': (t) => ({ params: { id: t.project }, body: { name: 'Renamed' } }),
  'PATCH /eps/:id/up': (t) => ({ params: { id: t.project } }),
  'PATCH /eps/:id/down': (t) => ({ params: { id: t.project } }),
  'POST /facilities/create': () => ({ body: { name: 'Facility 2' } }),
  'DELETE /facilities/:id': (t) => ({ params: { id: t.facility } }),
  'POST /facilities/:id/projects/create': (t) => ({
    params: { id: t.facility },
    body: { name: 'Project 2' },
  }),
  'GET /projects/:id': (t) => ({ params: { id: t.project } }),
  'DELETE /projects/:id': (t) => ({ params: { id: t.project } }),
  'POST /projects/:id/schedules/create': (t) => ({ params: { id: t.project }, body: { name: 'Schedule 2' } }),
  'GET /projects/:id/schedules': (t) => ({ params: { id: t.project } }),
  'GET /schedules/:id': (t) => ({ params: { id: t.schedule } }),
  'DELETE /schedules/:id': (t) => ({ params: { id: t.schedule } }),
  'POST /schedule-group/create': (t) => ({ body: { project_id: t.project, name: 'Group 2' } }),
  'GET /schedule-group': (t) => ({ query: { project_id: t.project } }),
  'POST /schedule-group/move-schedule': (t) => ({ body: { schedule_id: t.schedule, group_id: null } }),
  'PATCH /schedule-group/:id': (t) => ({ params: { id: t.group }, body: { name: 'Group 3' } }),
  'PATCH /schedule-group/:id/move': (t) => ({ params: { id: t.group }, body: { project_id: t.project } }),
  'DELETE /schedule-group/:id': (t) => ({ params: { id: t.group } }),
  'POST /schedules/:id/versions/create': (t) => ({
    params: { id: t.schedule },
    body: { label: 'V2', kind: 'target' },
  }),
  'GET /schedules/:id/versions': (t) => ({ params: { id: t.schedule } }),
  'GET /versions/:id': (t) => ({ params: { id: t.version } }),
  'DELETE /versions/:id': (t) => ({ params: { id: t.version } }),
  'DELETE /versions': (t) => ({ body: { ids: [t.version] } }),
  'PATCH /versions/:id/change-label': (t) => ({ params: { id: t.version }, body: { label: 'V3' } }),
  'POST /versions/:id/setActualStatus': (t) => ({ params: { id: t.version }, body: { actual: true } }),
  'POST /versions/:id/setLocked': (t) => ({ params: { id: t.version }, body: { locked: true } }),
  'GET /versions/:id/wbs': (t) => ({ params: { id: t.version } }),
  'GET /versions/:id/wbs/columns': (t) => ({ params: { id: t.version } }),
  'GET /calendars': () => ({ query: { name: 'Stand' } }),
  'POST /calendars': () => ({ body: calendar }),
  'PUT /calendars/:id': (t) => ({ params: { id: t.calendar }, body: calendar }),
  'DELETE /calendars/:id': (t) => ({ params: { id: t.calendar } }),
  'PUT /calendars/:id/default': (t) => ({ params: { id: t.calendar } }),
  // Import, export, jobs and storage (src/api/transfer.ts); multipart bodies are left out: the
  // space check comes before the upload is read.
  ...transferSamples,
  ...batchSamples,
  ...directorySamples,
  ...wdpSamples,
  ...resourceSamples,
  ...levellingSamples,
  ...attributeSamples,
  ...adminSamples,
  ...printSamples,
  ...costrSamples,
  ...collabSamples,
  ...admin2Samples,
  ...remoteSamples,
  ...gallerySamples,
  ...bimSamples,
  // Workbench edits, undo log, timetable and layout (src/api/wbs-batch.ts).
  'POST /versions/:id/wbs/batch': (t) => ({
    params: { id: t.version },
    body: {
      revision: 0,
      origin: 'do',
      entry: {
        v: 1,
        kind: 'undo_wbs',
        labelKey: 'commands.rename',
        patches: [{ op: 'replace', path: ['rows', t.version, 'name'], value: 'Renamed' }],
        inversePatches: [{ op: 'replace', path: ['rows', t.version, 'name'], value: 'Old' }],
      },
    },
  }),
  'GET /versions/:id/undo-actions': (t) => ({
    params: { id: t.version },
    query: { offset: '0', limit: '10' },
  }),
  'POST /versions/:id/undo-actions/:actionId/restore': (t) => ({
    params: { id: t.version, actionId: t.version },
  }),
  'PATCH /versions/:id/timetable/calculate': (t) => ({ params: { id: t.version } }),
  'PATCH /versions/:id/timetable/calculate/synchronous': (t) => ({ params: { id: t.version } }),
  'GET /versions/:id/timetable': (t) => ({ params: { id: t.version } }),
  'GET /versions/:id/version-layout': (t) => ({ params: { id: t.version } }),
  'PUT /versions/:id/version-layout': (t) => ({
    params: { id: t.version },
    body: { columns: [{ id: 'name', width: 240, visible: true }], frozen: 1 },
  }),
  'GET /versions/:id/wbs-group-setting': (t) => ({ params: { id: t.version } }),
  'PUT /versions/:id/wbs-group-setting': (t) => ({
    params: { id: t.version },
    body: { group_by: ['type', 'status'], folded: [['task']] },
  }),
  // A node's assignments and the attribute definitions (src/api/version-resources.ts).
  'GET /versions/:id/assignment/wbs/:wbsId': (t) => ({ params: { id: t.version, wbsId: t.version } }),
  'GET /versions/:id/attributes': (t) => ({ params: { id: t.version } }),
  ...viewSamples,
  ...pgridSamples,
  ...analyticsSamples,
};
