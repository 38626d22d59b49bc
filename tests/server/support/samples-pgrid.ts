// Tenancy samples of the project grid and version routes (src/api/project-grid.ts,
// src/api/version-compare.ts).
import type { Sample } from './samples';
import type { Tree } from './fixtures';

export const pgridSamples: Record<string, (t: Tree & { space: string; userId: string }) => Sample> = {
  'GET /projects/:id/grid': (t) => ({ params: { id: t.project } }),
  'GET /projects/:id/grid/layout': (t) => ({ params: { id: t.project } }),
  'PUT /projects/:id/grid/layout': (t) => ({
    params: { id: t.project },
    body: { columns: [{ id: 'name', width: 200, visible: true }], frozen: 0 },
  }),
  'POST /schedules/:id/versions/compare': (t) => ({
    params: { id: t.schedule },
    body: { base_version_id: t.version, version_id: '00000000-0000-4000-8000-000000000001' },
  }),
  'POST /versions/:id/copy-to/:scheduleId': (t) => ({
    params: { id: t.version, scheduleId: t.schedule },
    body: {},
  }),
  'PATCH /versions/:id/update/target-dates': (t) => ({ params: { id: t.version }, body: {} }),
};
