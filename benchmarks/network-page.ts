// The page side of `bench -- network-browser` (bundled by esbuild, run in headless Chromium): the
// network diagram's layout through its worker (Comlink, as the view calls it), timed round trip
// (the copy there, the layout, the copy back), and one full drawing of the laid-out diagram.
import * as Comlink from 'comlink';
import type { NetActivity, NetLayout, NetRelation } from '../src/domain/network';
import { NET_SIZES } from '../src/domain/network';
import { drawNetwork } from '../src/gantt/draw-network';
import type { NetBoxText } from '../src/gantt/draw-network';
import type { NetworkWorkerApi } from '../src/workers/network.worker';

async function run(workerSource: string, acts: NetActivity[], rels: NetRelation[], rounds: number) {
  const url = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
  const started = performance.now();
  const remote = Comlink.wrap<NetworkWorkerApi>(new Worker(url));
  const layouts: number[] = [];
  let layout: NetLayout | null = null;
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    layout = await remote.layout(acts, rels);
    layouts.push(performance.now() - t);
    // The first round includes starting the worker (its script's load and compile).
    if (i === 0) layouts[0] = performance.now() - started;
  }
  const canvas = document.querySelector('canvas')!;
  canvas.width = 1200;
  canvas.height = 800;
  const ctx = canvas.getContext('2d')!;
  const texts = new Map<string, NetBoxText>(
    acts.map((a) => [
      a.id,
      {
        code: a.id,
        name: `Activity ${a.id}`,
        dates: '01.01.26 – 05.01.26',
        float: 'TF 0 d',
        critical: a.critical,
        percent: 0,
      },
    ]),
  );
  const draws: number[] = [];
  const drawsOut: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    drawNetwork(ctx, {
      width: 1200,
      height: 800,
      layout: layout!,
      sizes: NET_SIZES,
      texts,
      scale: i % 2 === 0 ? 1 : 0.2,
      x: i * 40,
      y: 0,
      selectedId: null,
    });
    ctx.getImageData(0, 0, 1, 1);
    (i % 2 === 0 ? draws : drawsOut).push(performance.now() - t);
  }
  return { layouts, draws, drawsOut, boxes: layout!.boxes.length, edges: layout!.edges.length };
}

(window as unknown as { __net: unknown }).__net = { run };
