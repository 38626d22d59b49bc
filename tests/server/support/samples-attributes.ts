// Tenancy samples of the attribute, saved filter and layout template routes.
import type { Sample } from './samples';
import type { Tree } from './fixtures';

type T = Tree & { space: string; userId: string };

/** An id nothing has: the routes answer 404 before any effect. */
const NONE = '00000000-0000-4000-8000-000000000000';
const attribute = (t: T) => ({ name: 'Zone', type: 'text', scope: 'project', node_id: t.project });
const settings = {
  columns: [{ id: 'name', width: 200, visible: true }],
  frozen: 1,
  sort: [],
  group_by: null,
  color_by: null,
  row_height: 28,
};

export const attributeSamples: Record<string, (t: T) => Sample> = {
  'GET /eps/attributes': () => ({}),
  'POST /eps/attributes': (t) => ({ body: attribute(t) }),
  'PUT /eps/attributes/:id': (t) => ({ params: { id: NONE }, body: attribute(t) }),
  'DELETE /eps/attributes/:id': () => ({ params: { id: NONE } }),
  'PUT /eps/attributes/:id/access': (t) => ({
    params: { id: NONE },
    body: { role_id: t.role, access: 'hidden' },
  }),
  'DELETE /eps/attributes/:id/access/:roleId': (t) => ({ params: { id: NONE, roleId: t.role } }),
  'GET /eps/attributes/:id/values': () => ({ params: { id: NONE } }),
  'GET /eps/attributes/search': () => ({ query: { q: 'zo' } }),
  'POST /eps/attribute-calculate': () => ({ body: { formula: 'volume * price', key: null } }),
  'GET /schedules/:id/attributes': (t) => ({ params: { id: t.schedule } }),
  'GET /schedules/:id/attributes/all': (t) => ({ params: { id: t.schedule } }),
  'GET /schedules/:id/attributes/all/role/:roleId': (t) => ({ params: { id: t.schedule, roleId: t.role } }),
  'POST /schedules/:id/attributes/access': (t) => ({
    params: { id: t.schedule },
    body: { attribute_id: NONE, role_id: t.role, access: 'read' },
  }),
  'DELETE /schedules/:id/attributes/:attributeId/delete': (t) => ({
    params: { id: t.schedule, attributeId: NONE },
  }),
  'GET /filtering': () => ({}),
  'POST /filtering': () => ({ body: { name: 'Late', filter: { field: 'name', op: 'like', value: 'a' } } }),
  'DELETE /filtering/:id': () => ({ params: { id: NONE } }),
  'GET /layout-templates': () => ({}),
  'POST /layout-templates': () => ({ body: { name: 'Compact', settings } }),
  'PUT /layout-templates/:id': () => ({ params: { id: NONE }, body: { name: 'Compact', settings } }),
  'DELETE /layout-templates/:id': () => ({ params: { id: NONE } }),
  'PUT /layout-templates/:id/default': () => ({ params: { id: NONE }, body: { is_default: true } }),
  'GET /schedules/:id/layout-default': (t) => ({ params: { id: t.schedule } }),
  'PUT /schedules/:id/layout-default': (t) => ({
    params: { id: t.schedule },
    body: { name: 'Compact', settings },
  }),
  'DELETE /schedules/:id/layout-default': (t) => ({ params: { id: t.schedule } }),
};
