// npm run bench -- bim: uploads the largest shared IFC fixture (root_houten_kozijnen.ifc, 9.3 MB,
// 126k instances) through the server (multipart upload → bim_upload job → web-ifc in a worker
// thread → elements in PGlite, geometry stored) and prints one JSON object with the times.
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseIfc } from '../src/server/bim/ifc-parse';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { multipart } from '../tests/server/transfer-helpers';

const FILE = path.resolve(
  process.cwd(),
  '../shared/fixtures/ifc/schependomlaan/ifc/root_houten_kozijnen.ifc',
);
const data = readFileSync(FILE);

// The reader alone (this thread), for reference.
const p0 = performance.now();
const parsed = await parseIfc(new Uint8Array(data));
const parseMs = performance.now() - p0;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-bim-'));
const database = await openDatabase({ kind: 'pglite' });
const app = await buildApp({ database, config: testConfig({ dataDir, bimUserCap: 10 }) });
await app.ready();
const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'POST', url: `/api/v1${url}`, payload: body as object, headers });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body) as { id: string; token: string };
};
const get = async (url: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
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
  const form = multipart({ name: path.basename(FILE), data });
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
  let info: { state: string; elements: number; triangles: number; classes: Record<string, number> } | null =
    null;
  for (;;) {
    info = JSON.parse((await get(`/projects/${project}/3d/${modelId}/info`, h)).body);
    if (info!.state !== 'processing') break;
    await new Promise((r2) => setTimeout(r2, 50));
  }
  const totalMs = performance.now() - t0;
  const g = await get(`/projects/${project}/3d/${modelId}`, h);
  console.log(
    JSON.stringify(
      {
        file: path.basename(FILE),
        bytes: statSync(FILE).size,
        state: info!.state,
        elements: info!.elements,
        products_with_geometry: Object.values(info!.classes).reduce((a, b) => a + b, 0),
        triangles: info!.triangles,
        geometry_bytes: g.rawPayload.length,
        upload_request_ms: Math.round(uploadMs),
        upload_to_ready_ms: Math.round(totalMs),
        parse_only_ms: Math.round(parseMs),
        parse_only_elements: parsed.elements.length,
      },
      null,
      1,
    ),
  );
} finally {
  await app.close();
}
process.exit(0);
