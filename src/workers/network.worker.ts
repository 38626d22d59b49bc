// The network diagram's worker: a thin Comlink shell over layoutNetwork (issue 19: the layout of
// 2,000 activities off the main thread). The layout is plain data, copied back.
import * as Comlink from 'comlink';
import { layoutNetwork } from '../domain/network';
import type { NetActivity, NetLayout, NetRelation } from '../domain/network';

const api = {
  layout(activities: NetActivity[], relations: NetRelation[]): NetLayout {
    return layoutNetwork(activities, relations);
  },
};
export type NetworkWorkerApi = typeof api;

Comlink.expose(api);
