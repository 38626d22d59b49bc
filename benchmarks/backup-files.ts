// npm run --silent bench -- backup-files: a large schedule's backup as a file (issue 21). On a fresh
// PGlite (DATABASE_URL: a fresh schema of that PostgreSQL) the demo space gets the cyclogram
// benchmark's version (10,000 activities) in its schedule; then, through the app (inject): the
// backup job, the file downloaded (streamed from storage), uploaded back (streamed to disk,
// unpacked and checked) and restored — each once, with the file's size and the process's peak
// memory, and the machine's load.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { api } from '../src/api';
import type { Backup, EpsTree, UserSpace } from '../src/api';
import type { Job } from '../src/api/transfer';
import { writeSchedule } from '../src/domain/io/write-schedule';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { DEMO_LOGIN, DEMO_PASSWORD, seedIfEmpty } from '../src/server/seed';
import { formBody } from '../tests/server/support/form';
import { call } from '../tests/server/support/harness';
import { multipart } from '../tests/server/transfer-helpers';
import { cyclogramBenchModel } from './cyclogram-data';

const round = (x: number) => Math.round(x * 10) / 10;
const url = process.env.DATABASE_URL;
const schema = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-backup-'));
const database = url
  ? await openDatabase({ kind: 'postgres', url, schema })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
let peak = 0;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
try {
  await seedIfEmpty(database.db);
  const app = await buildApp({ database, config: testConfig({ dataDir }) });
  await app.ready();
  const token = (
    await call(app, api.auth.login, { body: { login: DEMO_LOGIN, password: DEMO_PASSWORD } })
  ).json().token as string;
  const [space] = (await call(app, api.users.spaces, { token })).json() as UserSpace[];
  const spaceId = space!.id;
  const tree = (await call(app, api.eps.tree, { token, params: { space_id: spaceId } })).json() as EpsTree;
  const scheduleId = tree.nodes.find((n) => n.kind === 'schedule')!.id;
  const file = await writeSchedule(cyclogramBenchModel(), 'json');
  const form = multipart({ name: 'generated.json', data: new Uint8Array(file) }, { label: 'Big' });
  const up = await app.inject({
    method: 'POST',
    url: `/api/v1/schedules/${scheduleId}/versions/upload/synchronous`,
    headers: { authorization: `Bearer ${token}`, 'space-id': spaceId, ...form.headers },
    payload: form.payload,
  });
  if (up.statusCode !== 201) throw new Error(`upload: ${up.statusCode} ${up.body}`);
  const auth = { token, space: spaceId };
  const base = `/api/v1/space/${spaceId}/schedules/${scheduleId}/backups`;

  let t = performance.now();
  let job = (
    await call(app, api.backups.create, { ...auth, params: { space_id: spaceId, id: scheduleId } })
  ).json() as Job;
  while (job.state === 'queued' || job.state === 'running') {
    await new Promise((r) => setTimeout(r, 50));
    [job] = (
      await call(app, api.transfer.batchReport, { ...auth, body: { job_ids: [job.id] } })
    ).json() as Job[];
  }
  if (job.state !== 'done') throw new Error(`backup: ${JSON.stringify(job.errors)}`);
  const backup_ms = performance.now() - t;
  const list = (await call(app, api.backups.list, { ...auth, params: { space_id: spaceId } })).json() as {
    items: Backup[];
  };
  const made = list.items.find((b) => b.id === job.file_id)!;

  t = performance.now();
  const down = await app.inject({
    method: 'GET',
    url: `${base}/${made.id}/file`,
    headers: { authorization: `Bearer ${token}` },
  });
  const download_ms = performance.now() - t;
  if (down.statusCode !== 200) throw new Error(`download: ${down.statusCode}`);
  const bytes = down.rawPayload;

  const body = formBody([{ name: 'file', file: 'big.json.gz', data: bytes }]);
  t = performance.now();
  const back = await app.inject({
    method: 'POST',
    url: `${base}/upload`,
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    payload: body.payload,
  });
  const upload_and_check_ms = performance.now() - t;
  if (back.statusCode !== 201) throw new Error(`upload: ${back.statusCode} ${back.body}`);
  const uploaded = back.json() as Backup;

  t = performance.now();
  const restored = await call(app, api.backups.restore, {
    ...auth,
    params: { space_id: spaceId, id: scheduleId, backup_id: uploaded.id },
  });
  const restore_ms = performance.now() - t;
  if (restored.statusCode !== 200) throw new Error(`restore: ${restored.statusCode} ${restored.body}`);

  process.stdout.write(
    JSON.stringify({
      database: database.kind,
      versions: made.versions,
      rows: made.rows,
      file_bytes: bytes.length,
      backup_job_ms: round(backup_ms),
      download_ms: round(download_ms),
      upload_and_check_ms: round(upload_and_check_ms),
      restore_ms: round(restore_ms),
      peak_rss_mb: round(peak / 1048576),
      load_average_1m: round(loadavg()[0]!),
    }) + '\n',
  );
  await app.close();
} finally {
  clearInterval(sample);
  if (url) await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(database.db);
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
