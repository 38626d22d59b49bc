// Tenancy samples of the views routes (src/api/views.ts).
import type { Sample } from './samples';
import type { Tree } from './fixtures';

export const viewSamples: Record<string, (t: Tree & { space: string; userId: string }) => Sample> = {
  'GET /versions/:id/cyclogram/:attributeId': (t) => ({
    params: { id: t.version, attributeId: 'Location' },
    query: { kind_by: 'name' },
  }),
  'POST /versions/:id/cyclogram/color': (t) => ({
    params: { id: t.version },
    body: { kind_by: 'name', colors: { Slab: '#112233' } },
  }),
  'PATCH /versions/:id/calculate/indicators/all': (t) => ({ params: { id: t.version } }),
  'GET /versions/:id/wbs/network-diagram/tasks': (t) => ({ params: { id: t.version } }),
  'GET /versions/:id/wbs/network-diagram/relations': (t) => ({ params: { id: t.version } }),
  'GET /scoreboard': () => ({}),
  'POST /scoreboard': (t) => ({ body: { node_id: t.project, measure: 'activities' } }),
  'PUT /scoreboard/:id': (t) => ({
    params: { id: t.project },
    body: { node_id: t.project, measure: 'percent' },
  }),
  'DELETE /scoreboard/:id': (t) => ({ params: { id: t.project } }),
  'PATCH /scoreboard/:id/up': (t) => ({ params: { id: t.project } }),
  'PATCH /scoreboard/:id/down': (t) => ({ params: { id: t.project } }),
  'PUT /scoreboard/order': (t) => ({ body: { ids: [t.project] } }),
  'GET /projects/:id/pipes': (t) => ({ params: { id: t.project } }),
  'GET /projects/:id/pipes/settings': (t) => ({ params: { id: t.project } }),
  'PUT /projects/:id/pipes/settings': (t) => ({
    params: { id: t.project },
    body: { stage_level: 2, hidden_schedules: [] },
  }),
};
