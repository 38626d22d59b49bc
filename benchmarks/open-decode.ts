// The open's main-thread work from a received binary body to the loaded store, in Node: decode,
// the worker's packed columns, the store's document (its tree index and relation ends) and the
// stored schedule. OPEN_DECODE_BASE=<another checkout's root> alternates that checkout's code
// (base) with this one's (new) on the same body; prints JSON (wall and CPU ms, medians).
// Run: node --import tsx benchmarks/open-decode.ts
import { loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchDoc, contentOf } from './bench-schedule';
import { binaryBody } from './million';
import { columnsOfContent } from '../src/api/version-columns';
import type { Version } from '../src/api/versions';

/** The open's steps on one body; each step's wall ms into `split`. */
type Step = (buffer: ArrayBuffer, split: Record<string, number[]>) => unknown;

function timed<T>(split: Record<string, number[]>, name: string, f: () => T): T {
  const t = performance.now();
  const out = f();
  (split[name] ??= []).push(performance.now() - t);
  return out;
}

/** The open's steps from one checkout's modules (its decodeReadColumns if it has one: a826936). */
async function steps(root: string): Promise<Step> {
  const load = (p: string) => import(pathToFileURL(path.join(root, p)).href);
  const bin = await load('src/api/columns-binary.ts');
  const cc = await load('src/state/workbench/columns-content.ts');
  const ss = await load('src/state/workbench/stored-schedule.ts');
  const decode = bin.decodeReadColumns ?? bin.decodeColumns;
  return (buffer, split) => {
    const c = timed(split, 'decode', () => decode(buffer));
    const packed = timed(split, 'pack', () => cc.packColumns(c.items, c.relations));
    const { doc } = timed(split, 'doc', () => cc.docFromColumns(c.items, c.relations));
    doc.rows.get(c.items.id[0]); // builds one shard, as the first frame does
    return [packed, timed(split, 'stored', () => ss.storedSchedule(c, 1))];
  };
}

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const version = { id: 'v', revision: 1, timetable_state: 'calculated' } as unknown as Version;
const body = binaryBody(columnsOfContent(contentOf(benchDoc(rows), version, true)));
const variants: [string, Step][] = [['new', await steps(path.resolve('.'))]];
if (process.env.OPEN_DECODE_BASE) variants.unshift(['base', await steps(process.env.OPEN_DECODE_BASE)]);
const times: Record<string, { wall: number[]; cpu: number[]; split: Record<string, number[]> }> = {};
for (let k = 0; k < Number(process.env.RUNS ?? 8); k++)
  for (const [name, run] of variants) {
    const buffer = body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer;
    const at = (times[name] ??= { wall: [], cpu: [], split: {} });
    const t = performance.now();
    const u = process.cpuUsage();
    run(buffer, at.split);
    const du = process.cpuUsage(u);
    at.wall.push(performance.now() - t);
    times[name].cpu.push((du.user + du.system) / 1000);
  }
const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
const fastest = (xs: number[]) => Math.round(Math.min(...xs));
process.stdout.write(
  JSON.stringify({
    rows,
    body_bytes: body.byteLength,
    ...Object.fromEntries(
      Object.entries(times).map(([k, v]) => [
        k,
        {
          wall_median: median(v.wall),
          wall_fastest: fastest(v.wall),
          cpu_median: median(v.cpu),
          steps_median: Object.fromEntries(Object.entries(v.split).map(([s, xs]) => [s, median(xs)])),
        },
      ]),
    ),
    load_average_1m: Math.round(loadavg()[0]! * 10) / 10,
  }) + '\n',
);
