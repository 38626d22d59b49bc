// The browser benchmarks' server: started on a fresh data directory (BENCH_PORT) unless BENCH_URL
// points at a running one; signed in as the demo user; a generated schedule model uploaded as a
// calculated version of the demo schedule. Shared by the benchmarks that open the real screens.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Version } from '../src/api/versions';
import type { ScheduleModel } from '../src/domain/schedule';
import { writeSchedule } from '../src/domain/io/write-schedule';
import { multipart } from '../tests/server/transfer-helpers';

export interface BenchServer {
  base: string;
  stop(): void;
}

/** Starts the server (needs a built client: npx vite build) or uses BENCH_URL. */
/** `env`: what the server needs beyond the defaults (e.g. a licence for a module). */
export async function startBenchServer(
  defaultPort: number,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const port = Number(process.env.BENCH_PORT ?? defaultPort);
  const base = process.env.BENCH_URL ?? `http://127.0.0.1:${port}`;
  const healthy = () =>
    fetch(`${base}/api/v1/health-check`).then(
      (r) => r.ok,
      () => false,
    );
  if (process.env.BENCH_URL) return { base, stop: () => {} };
  if (await healthy()) throw new Error(`${base} already answers: set BENCH_PORT to a free port`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      E2E_FRESH: '1',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A loaded machine takes its time to start the server.
  for (let i = 0; i < 720; i++) {
    await new Promise((r) => setTimeout(r, 500));
    if (child.exitCode !== null) break;
    if (await healthy()) return { base, stop };
  }
  stop();
  throw new Error('server did not start');
}

export interface BenchSession {
  token: string;
  spaceId: string;
  scheduleId: string;
  /** Authorization and space headers for API calls. */
  headers: Record<string, string>;
  json<T>(url: string, init?: RequestInit): Promise<T>;
}

/** Signs in as the demo user; the demo space and its first schedule. */
export async function demoSession(base: string): Promise<BenchSession> {
  const json = async <T>(url: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${base}/api/v1${url}`, init);
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const { token } = await json<{ token: string }>('/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'demo', password: 'demo-password-1' }),
  });
  const auth = { authorization: `Bearer ${token}` };
  const [space] = await json<{ id: string }[]>('/users/spaces', { headers: auth });
  const eps = await json<unknown>(`/space/${space!.id}/eps`, { headers: auth });
  let scheduleId = '';
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(walk);
    const node = n as { kind?: string; id?: string; children?: unknown[]; nodes?: unknown[] };
    if (node.kind === 'schedule' && !scheduleId) scheduleId = node.id!;
    (node.children ?? node.nodes ?? []).forEach(walk);
  };
  walk(eps);
  const headers = { ...auth, 'space-id': space!.id };
  return { token, spaceId: space!.id, scheduleId, headers, json };
}

/** Uploads `model` as a new version of the session's schedule (stored and calculated by the server). */
export async function uploadModel(s: BenchSession, model: ScheduleModel, label: string): Promise<Version> {
  const file = await writeSchedule(model, 'json');
  const body = multipart({ name: 'generated.json', data: new Uint8Array(file) }, { label });
  return s.json<Version>(`/schedules/${s.scheduleId}/versions/upload/synchronous`, {
    method: 'POST',
    headers: { ...s.headers, ...body.headers },
    body: body.payload,
  });
}
