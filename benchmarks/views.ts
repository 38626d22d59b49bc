// The views' pure cores at the issue's sizes: a cyclogram of 10,000 activities over 200 locations
// (build: locations, lines, rates, clashes) and a network layout of 2,000 activities. Medians of
// repeated runs, each checking its result. Prints JSON.
import { buildCyclogram } from '../src/domain/cyclogram';
import type { CycloActivity } from '../src/domain/cyclogram';
import { layoutNetwork } from '../src/domain/network';

const DAY = 1440;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = (runs: number, f: () => void) =>
  median(
    Array.from({ length: runs }, () => {
      const t = performance.now();
      f();
      return performance.now() - t;
    }),
  );

// 50 kinds of work moving through 200 locations, one location every 3 days each, staggered.
const acts: CycloActivity[] = [];
for (let loc = 0; loc < 200; loc++)
  for (let k = 0; k < 50; k++)
    acts.push({
      id: `a${loc}-${k}`,
      code: `A${loc * 50 + k}`,
      name: `Kind ${k}`,
      location: `Location ${loc}`,
      kind: `Kind ${k}`,
      start: (loc * 3 + k * 2) * DAY,
      finish: (loc * 3 + k * 2 + 4) * DAY,
      percent: 0,
    });
const c = buildCyclogram(acts);
if (c.locations.length !== 200 || c.lines.length !== 50) throw new Error('cyclogram: wrong shape');
const cyclogramMs = time(15, () => buildCyclogram(acts));

// 2,000 activities in chains of 20 with cross links.
const nodes = Array.from({ length: 2000 }, (_, i) => ({ id: `n${i}`, es: i, critical: i % 20 === 0 }));
const rels: { pred: string; succ: string }[] = [];
for (let i = 0; i < 2000; i++) {
  if (i % 20 !== 19) rels.push({ pred: `n${i}`, succ: `n${i + 1}` });
  if (i + 40 < 2000) rels.push({ pred: `n${i}`, succ: `n${i + 40}` });
}
const l = layoutNetwork(nodes, rels);
if (l.boxes.length !== 2000 || l.cyclic.length !== 0) throw new Error('network: wrong layout');
const networkMs = time(15, () => layoutNetwork(nodes, rels));

console.log(
  JSON.stringify({
    cyclogram_10k_activities_200_locations_ms: Math.round(cyclogramMs * 10) / 10,
    cyclogram_clashes: c.clashes.length,
    network_layout_2000_activities_ms: Math.round(networkMs * 10) / 10,
    network_relations: rels.length,
  }),
);
