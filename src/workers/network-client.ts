// The main thread's handle on the network diagram's worker: Comlink.wrap when Worker exists,
// otherwise layoutNetwork in-process (tests, old browsers). Either way the call is async. One
// worker per page, started on first use and kept (a diagram is opened again and again).
import * as Comlink from 'comlink';
import { layoutNetwork } from '../domain/network';
import type { NetActivity, NetLayout, NetRelation } from '../domain/network';
import type { NetworkWorkerApi } from './network.worker';

let remote: Comlink.Remote<NetworkWorkerApi> | null = null;
let failed = false;

function worker(): Comlink.Remote<NetworkWorkerApi> | null {
  if (remote || failed || typeof Worker === 'undefined') return remote;
  try {
    remote = Comlink.wrap<NetworkWorkerApi>(
      new Worker(new URL('./network.worker.ts', import.meta.url), { type: 'module', name: 'network' }),
    );
  } catch {
    failed = true;
  }
  return remote;
}

/** The diagram's layout, computed in the worker when there is one. */
export async function layoutNetworkAsync(
  activities: NetActivity[],
  relations: NetRelation[],
): Promise<NetLayout> {
  const w = worker();
  return w ? w.layout(activities, relations) : layoutNetwork(activities, relations);
}
