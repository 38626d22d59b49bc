// Tenancy samples of the 3D/BIM routes (src/api/bim.ts): a valid input for each. Model and link
// ids are the target space's version id (a model of another space answers like any unknown id).
import type { Sample } from './samples';
import type { Tree } from './fixtures';

type T = Tree & { space: string; userId: string };

const model = (t: T) => ({ id: t.project, model_id: t.version });
const link = (t: T) => ({ id: t.version, link_id: t.version });

export const bimSamples: Record<string, (t: T) => Sample> = {
  'GET /projects/:id/3d': (t) => ({ params: { id: t.project } }),
  'POST /projects/:id/3d/upload': (t) => ({ params: { id: t.project } }),
  'DELETE /projects/:id/3d/:model_id/delete': (t) => ({ params: model(t) }),
  'GET /projects/:id/3d/:model_id/info': (t) => ({ params: model(t) }),
  'GET /projects/:id/3d/:model_id': (t) => ({ params: model(t) }),
  'GET /projects/:id/3d/:model_id/attributes/by-text': (t) => ({ params: model(t), query: { q: 'wall' } }),
  'POST /projects/:id/3d/:model_id/attributes/by-ids': (t) => ({ params: model(t), body: { ids: [1] } }),
  'GET /projects/:id/3d/:model_id/attributes': (t) => ({ params: model(t) }),
  'GET /projects/:id/3d/:model_id/get-elements-metadata': (t) => ({ params: model(t) }),
  'GET /projects/:id/3d/:model_id/get-reduced-pbs-list': (t) => ({ params: model(t) }),
  'GET /projects/:id/3d/:model_id/get-element-info/:element_id': (t) => ({
    params: { ...model(t), element_id: '1' },
  }),
  'GET /projects/:id/3d/link': (t) => ({ params: { id: t.project } }),
  'POST /projects/:id/3d/link/save': (t) => ({
    params: { id: t.project },
    body: { model_id: t.version, schedule_id: t.schedule },
  }),
  'PUT /projects/:id/3d/link/:link_id/update': (t) => ({
    params: { id: t.project, link_id: t.version },
    body: { name: 'L' },
  }),
  'DELETE /projects/:id/3d/link/delete/:link_id': (t) => ({ params: { id: t.project, link_id: t.version } }),
  'GET /versions/:id/3d/link/:link_id/wbs': (t) => ({ params: link(t) }),
  'GET /versions/:id/3d/link/:link_id/wbs-node-relations': (t) => ({ params: link(t) }),
  'GET /versions/:id/3d/link/:link_id/player': (t) => ({ params: link(t) }),
  'POST /versions/:id/3d/link/:link_id/create-relations': (t) => ({
    params: link(t),
    body: { wbs_ids: [t.version], element_ids: [1] },
  }),
  'DELETE /versions/:id/3d/link/:link_id/relation': (t) => ({
    params: link(t),
    query: { wbs_id: t.version },
  }),
  'POST /versions/:id/3d/link/:link_id/node-ids': (t) => ({
    params: link(t),
    body: { wbs_ids: [t.version] },
  }),
  'POST /versions/:id/3d/link/:link_id/wbs-ids-by-element-ids': (t) => ({
    params: link(t),
    body: { element_ids: [1] },
  }),
  'GET /versions/:id/3d/link/:link_id/coverage': (t) => ({ params: link(t) }),
  'GET /versions/:id/3d/link/:link_id/indicator-colors/:indicator': (t) => ({
    params: { ...link(t), indicator: 'logic' },
  }),
  'GET /schedules/:id/3d/link': (t) => ({ params: { id: t.schedule } }),
  'GET /projects/:id/3d/:model_id/attributes/values': (t) => ({
    params: model(t),
    query: { kind: 'storey' },
  }),
  'GET /projects/:id/3d/link-sets': (t) => ({ params: { id: t.project } }),
  'POST /projects/:id/3d/link-sets': (t) => ({
    params: { id: t.project },
    body: { name: 'S', rules: [{ element: { kind: 'storey' }, row: { kind: 'name' } }] },
  }),
  'PUT /projects/:id/3d/link-sets/:set_id': (t) => ({
    params: { id: t.project, set_id: t.version },
    body: { name: 'S2' },
  }),
  'DELETE /projects/:id/3d/link-sets/:set_id': (t) => ({ params: { id: t.project, set_id: t.version } }),
  'POST /versions/:id/3d/link/:link_id/apply-link-set/:set_id': (t) => ({
    params: { ...link(t), set_id: t.version },
  }),
  'GET /bim/profiles': () => ({}),
  'PUT /bim/profiles/:profile_id': (t) => ({ params: { profile_id: t.version }, body: { name: 'P2' } }),
  'DELETE /bim/profiles/:profile_id': (t) => ({ params: { profile_id: t.version } }),
  'POST /bim/profiles': () => ({
    body: {
      name: 'P',
      colors: { not_started: '#aaaaaa', in_progress: '#bbbbbb', completed: '#cccccc', late: '#dddddd' },
    },
  }),
  'GET /versions/:id/3d/link/:link_id/dates-for-deviation': (t) => ({ params: link(t) }),
  'GET /versions/:id/3d/link/:link_id/:wbs_id': (t) => ({ params: { ...link(t), wbs_id: t.version } }),
  'POST /versions/:id/3d/link/:link_id/delete-relations': (t) => ({
    params: link(t),
    body: { pairs: [{ wbs_id: t.version, element_id: 1 }] },
  }),
  'GET /schedules/:id/3d/link/all-attributes': (t) => ({ params: { id: t.schedule } }),
  'GET /bim/state/:link_id': (t) => ({ params: { link_id: t.version } }),
  'PUT /bim/state/:link_id': (t) => ({
    params: { link_id: t.version },
    body: { camera: null, hidden: [], isolated: null, section: null, profile_id: null },
  }),
  'GET /primitivesModels/eps/:id': (t) => ({ params: { id: t.project } }),
  'GET /primitivesModels/eps/:id/:primitive_id': (t) => ({
    params: { id: t.project, primitive_id: t.version },
  }),
  'DELETE /primitivesModels/eps/:id/:primitive_id': (t) => ({
    params: { id: t.project, primitive_id: t.version },
  }),
  'POST /primitivesModels': (t) => ({
    body: {
      eps_id: t.project,
      name: 'Crane',
      shape: 'cylinder',
      position: [0, 0, 0],
      size: [2, 40, 2],
      rotation: 0,
      color: '#ffaa00',
    },
  }),
  'PATCH /primitivesModels': (t) => ({ body: { id: t.version, name: 'Crane 2' } }),
};
