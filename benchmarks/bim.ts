// npm run --silent bench -- bim (issue 25's performance figures; prints one JSON object):
//  - upload: the largest shared IFC fixture (root_houten_kozijnen.ifc, 9.3 MB, 126k instances)
//    through the server (multipart upload → bim_upload job → web-ifc in a worker thread →
//    elements in PGlite, geometry stored), at 1×, at a file of 4 copies of it (≥ 30 MB, the
//    "30 MB IFC browsable in ≤ 15 s" budget) and at 10 copies. A file of N copies is the IFC's
//    DATA section N times, entity numbers shifted and GlobalIds made unique per copy (every copy
//    where the original stands: parse and storage work as for one real file of that size).
//  - viewer: in headless Chromium (software renderer), the product's viewer opens the stored
//    geometry (read, unpack, load, first frame drawn), then orbits it (a frame per step, p95),
//    at 1× and 10× the largest fixture and at ≥ 100k elements (the steel model
//    bernts_staalconstructie.ifc, 1,000 elements with geometry, side by side until 100k).
//  - stream: the product's viewer reads a STORED model through the real route (the server
//    listening on BENCH_BIM_PORT, default 8640; GET projects/{id}/3d/{model} as a stream) and
//    draws its first frame as the front section is in: the 1× model, and a ~100k-element model of
//    its own (the steel model's elements ×104 side by side, packed in version 2 and stored as the
//    bim_upload job stores a model: a stored file and a ready bim_models row). first_frame_ms is
//    from the fetch's start.
// BENCH_BIM_STREAM_ONLY=1 leaves out the in-page copies (view_*). BENCH_BIM_COPIES (default "4,10") lists the copy counts uploaded besides 1×. BENCH_BIM_SHOTS=dir
// writes the first frame and the full-detail frame of each view as PNG files there.
import { build } from 'esbuild';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packModel, unpackGeometry } from '../src/domain/bim/geometry-format';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { saveFile } from '../src/server/storage/files';
import { storageFor } from '../src/server/storage/storage';
import { multipart } from '../tests/server/transfer-helpers';
import { replicate } from './bim-replicate';
import { launchChromium } from './chromium';

const DIR = path.resolve(process.cwd(), '../shared/fixtures/ifc/schependomlaan/ifc');
const LARGEST = path.join(DIR, 'root_houten_kozijnen.ifc');
const STEEL = path.join(DIR, 'bernts_staalconstructie.ifc');
const COPIES = (process.env.BENCH_BIM_COPIES ?? '4,10').split(',').filter(Boolean).map(Number);
const FRAMES = 60;
const MB = 2 ** 20;
const load = () => os.loadavg().map((x) => +x.toFixed(1));

const B64 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';
/** An IFC of `n` copies of `text`'s DATA section (entity numbers shifted, GlobalIds unique). */
function ifcCopies(text: string, n: number): string {
  const start = text.indexOf('DATA;') + 'DATA;'.length;
  const end = text.lastIndexOf('ENDSEC;');
  const body = text.slice(start, end);
  let max = 0;
  for (const m of body.matchAll(/#(\d+)/g)) max = Math.max(max, Number(m[1]));
  const parts = [text.slice(0, start)];
  for (let c = 0; c < n; c++) {
    if (c === 0) {
      parts.push(body);
      continue;
    }
    const shift = c * max;
    const tag = B64[Math.floor(c / 64)]! + B64[c % 64]!;
    parts.push(
      body
        .replace(/#(\d+)/g, (_, d: string) => `#${Number(d) + shift}`)
        .replace(/(=\s*IFC[A-Z0-9]+\(\s*')([0-9A-Za-z_$]{22})'/g, (_, head: string, g: string) => {
          return `${head}${g.slice(0, 20)}${tag}'`;
        }),
    );
  }
  parts.push(text.slice(end));
  return parts.join('');
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-bim-'));
const database = await openDatabase({ kind: 'pglite' });
const app = await buildApp({ database, config: testConfig({ dataDir, bimUserCap: 10 }) });
await app.ready();
const apiPort = Number(process.env.BENCH_BIM_PORT ?? 8640);
await app.listen({ port: apiPort, host: '127.0.0.1' });
const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'POST', url: `/api/v1${url}`, payload: body as object, headers });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body) as { id: string; token: string };
};
const get = async (url: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

interface Info {
  state: string;
  error?: string | null;
  elements: number;
  triangles: number;
  classes: Record<string, number>;
}

const out: Record<string, unknown> = { load_at_start: load() };
/** A figure, kept for the JSON and told on stderr at once (the whole run takes minutes). */
const put = (key: string, value: unknown) => {
  out[key] = value;
  process.stderr.write(`${key}: ${JSON.stringify(value)}\n`);
};
const browser = await launchChromium(['--enable-unsafe-swiftshader']);
try {
  const password = 'correct-horse-1';
  const session = await post('/users/register-and-login', {
    login: 'bench',
    email: 'bench@example.com',
    first_name: 'Bench',
    last_name: 'Mark',
    password,
    password_confirmation: password,
    secret_question: 'Q?',
    answer: 'A',
  });
  const auth = { authorization: `Bearer ${session.token}` };
  const space = (await post('/space/create', { name: 'Bench' }, auth)).id;
  const h = { ...auth, 'space-id': space };
  const facility = (await post('/facilities/create', { name: 'F' }, h)).id;
  const project = (await post(`/facilities/${facility}/projects/create`, { name: 'P' }, h)).id;

  /** Upload → the model ready (or failed); its geometry as stored. */
  const upload = async (name: string, data: Buffer) => {
    const form = multipart({ name, data });
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/projects/${project}/3d/upload`,
      headers: { ...h, ...form.headers },
      payload: form.payload,
    });
    const uploadMs = performance.now() - t0;
    if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
    const modelId = (JSON.parse(res.body) as { model: { id: string } }).model.id;
    let info: Info;
    for (;;) {
      info = JSON.parse((await get(`/projects/${project}/3d/${modelId}/info`, h)).body) as Info;
      if (info.state !== 'processing') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const readyMs = performance.now() - t0;
    const g = await get(`/projects/${project}/3d/${modelId}`, h);
    return {
      modelId,
      geometry: g.rawPayload,
      figures: {
        file: name,
        mb: +(data.length / MB).toFixed(1),
        state: info.state,
        ...(info.error ? { error: info.error } : {}),
        elements: info.elements,
        products_with_geometry: Object.values(info.classes ?? {}).reduce((a, b) => a + b, 0),
        triangles: info.triangles,
        geometry_mb: +(g.rawPayload.length / MB).toFixed(2),
        upload_request_ms: Math.round(uploadMs),
        upload_to_ready_ms: Math.round(readyMs),
        load_after: load(),
      },
    };
  };

  // The viewer's page (bundled with esbuild), geometry served from a route.
  const page0 = (
    await build({
      entryPoints: [fileURLToPath(new URL('./bim-page.ts', import.meta.url))],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2022',
      logLevel: 'silent',
    })
  ).outputFiles[0]!.text;
  // Served over HTTP on a local port as the product's server streams it (a Playwright route
  // passed the bytes through the browser's debugging protocol: ~1 s for 3 MB under load).
  const served = new Map<string, Buffer>();
  const http = createServer((req, res) => {
    // The product's API on the same origin (passed through to the server as it streams).
    if (req.url?.startsWith('/api/')) {
      const up = httpRequest(
        { host: '127.0.0.1', port: apiPort, path: req.url, method: req.method, headers: req.headers },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      req.pipe(up);
      return;
    }
    const body = served.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (body) res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
    else
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<!doctype html><body style="margin:0"><div id="host" style="width:800px;height:600px"></div></body>',
        );
  });
  await new Promise<void>((ok) => http.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await page.goto(`${origin}/`);
  await page.addScriptTag({ content: page0 });
  const view = async (key: string, geometry: Buffer, copies: number) => {
    served.set(`/${key}`, geometry);
    const shots = process.env.BENCH_BIM_SHOTS;
    const r = (await page.evaluate(
      ([url, n, f, s]) =>
        (
          window as unknown as {
            __bim: { run: (u: string, c: number, f: number, s: boolean) => Promise<unknown> };
          }
        ).__bim.run(url, n, f, s),
      [`${origin}/${key}`, copies, FRAMES, Boolean(shots)] as const,
    )) as { first_png?: string; detail_png?: string };
    for (const k of ['first_png', 'detail_png'] as const) {
      const url = r[k];
      delete r[k];
      if (shots && url)
        writeFileSync(
          path.join(shots, `bim-${copies}x-${k.replace('_png', '')}.png`),
          Buffer.from(url.split(',')[1]!, 'base64'),
        );
    }
    return { copies, ...r, load_after: load() };
  };

  const largest = readFileSync(LARGEST);
  const one = await upload(path.basename(LARGEST), largest);
  put('upload_1x', one.figures);
  // BENCH_BIM_STREAM_ONLY=1: only the stored models read as a stream (no in-page copies).
  const inPage = !process.env.BENCH_BIM_STREAM_ONLY;
  if (inPage) put('view_1x', await view('1x', one.geometry, 1));
  if (inPage) put('view_10x', await view('1x', one.geometry, 10));

  const steel = await upload(path.basename(STEEL), readFileSync(STEEL));
  put('upload_steel', steel.figures);
  const per = Math.max(1, steel.figures.products_with_geometry);
  if (inPage) put('view_100k', await view('steel', steel.geometry, Math.ceil(100_000 / per)));

  // A stored model read through the real route as a stream.
  const stream = async (modelId: string) => {
    const shots = process.env.BENCH_BIM_SHOTS;
    const r = (await page.evaluate(
      ([url, headers, s]) =>
        (
          window as unknown as {
            __bim: { runStream: (u: string, h: Record<string, string>, s: boolean) => Promise<unknown> };
          }
        ).__bim.runStream(url, headers, s),
      [`${origin}/api/v1/projects/${project}/3d/${modelId}`, h, Boolean(shots)] as const,
    )) as Record<string, unknown> & { first_png?: string; detail_png?: string };
    for (const k of ['first_png', 'detail_png'] as const) {
      const url = r[k];
      delete r[k];
      if (shots && url)
        writeFileSync(
          path.join(shots, `bim-stream-${modelId.slice(0, 8)}-${k.replace('_png', '')}.png`),
          Buffer.from(url.split(',')[1]!, 'base64'),
        );
    }
    return { ...r, load_before: loadBefore, load_after: load() };
  };
  let loadBefore = load();
  put('stream_1x', await stream(one.modelId));
  // The steel model's elements ×104 (≥ 100k) as a model of its own, stored as the job stores one.
  const t100 = performance.now();
  const big = packModel(replicate(unpackGeometry(steel.geometry), Math.ceil(100_000 / per)));
  const packMs = performance.now() - t100;
  const file = await saveFile(database.db, storageFor(dataDir), {
    spaceId: space,
    kind: 'documents',
    name: 'steel-x104.bimg',
    mime: 'application/octet-stream',
    data: big,
    userId: null,
  });
  const stored = await database.db
    .insertInto('bim_models')
    .values({
      space_id: space,
      project_id: project,
      name: 'steel ×104',
      state: 'ready',
      geometry_file_id: file.id,
      elements: new DataView(big.buffer, big.byteOffset).getUint32(8, true),
      triangles: new DataView(big.buffer, big.byteOffset).getUint32(16, true) / 3,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  put('stored_100k', { mb: +(big.length / MB).toFixed(1), pack_ms: Math.round(packMs) });
  loadBefore = load();
  put('stream_100k', await stream(stored.id));
  loadBefore = load();
  put('stream_100k_again', await stream(stored.id));

  const text = largest.toString('latin1');
  for (const n of COPIES) {
    const big = Buffer.from(ifcCopies(text, n), 'latin1');
    const u = await upload(`root_houten_kozijnen_x${n}.ifc`, big);
    const v = await view(`x${n}`, u.geometry, 1);
    put(`upload_${n}x_file`, u.figures);
    put(`view_${n}x_file`, v);
    const firstFrame = (v as { first_frame_ms?: number }).first_frame_ms ?? 0;
    put(`browsable_${n}x_file_ms`, u.figures.upload_to_ready_ms + Math.round(firstFrame));
  }
  out.load_at_end = load();
  out.file_bytes_largest = statSync(LARGEST).size;
  console.log(JSON.stringify(out, null, 1));
  http.close();
} finally {
  await browser.close();
  await app.close();
}
process.exit(0);
