// Several server processes on one PostgreSQL schema (issue 29): three `src/server/main.ts` child
// processes on ports the system picks; an edit through one reaches a live socket of another within
// 200 ms; one is SIGKILLed mid-import, and the survivors fail its job with a reason (or finish it),
// leave no half-written version and lose no event for their clients. Needs TEST_DATABASE_URL.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api } from '../../src/api';
import type { LiveEvent, Version } from '../../src/api';
import { writeSchedule } from '../../src/domain/io/write-schedule';
import { summaryNode } from '../../src/domain/io/summary-node';
import type { ScheduleModel } from '../../src/domain/schedule';
import { change, wbsState } from '../../src/domain/wbs/change';
import { createRows } from '../../src/domain/wbs/rows';
import { openDatabase } from '../../src/server/db';
import type { Database } from '../../src/server/db';
import { generateNetwork } from '../fixtures/network-generator';
import { makeSpace, makeTree, readVersionDoc, sendChange, signUp } from './support/fixtures';
import { call, onPostgres } from './support/harness';
import { multipart } from './transfer-helpers';

// Ports the system picks free (fixed ones collided with a server a killed run left behind).
const PORTS: number[] = [];
const ACTIVITIES = 20_000;
const WBS_GROUPS = 40;
const root = path.resolve(import.meta.dirname, '../..');

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, E2E_FRESH: '', SEED_DEMO: '0', LOG_LEVEL: 'silent', CLIENT_DIR: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A port free right now: bound to 0, read, released. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves when the child prints its listening line; rejects with its output if it exits. */
function listening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    const read = (d: Buffer) => {
      out += String(d);
      if (out.includes('Listening on')) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (d: Buffer) => (out += String(d)));
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

/** The fixtures call `app.inject`; this sends the same requests over HTTP to a child process. */
function remote(port: number): FastifyInstance {
  const inject = async (o: {
    method: string;
    url: string;
    query?: Record<string, string>;
    headers?: Record<string, string>;
    payload?: unknown;
  }) => {
    const url = new URL(`http://127.0.0.1:${port}${o.url}`);
    for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, v);
    const raw = Buffer.isBuffer(o.payload);
    const res = await fetch(url, {
      method: o.method,
      headers: {
        ...(o.payload !== undefined && !raw ? { 'content-type': 'application/json' } : {}),
        ...o.headers,
      },
      ...(o.payload !== undefined
        ? { body: raw ? new Uint8Array(o.payload as Buffer) : JSON.stringify(o.payload) }
        : {}),
    });
    const body = await res.text();
    return { statusCode: res.status, body, json: () => JSON.parse(body) } as LightMyRequestResponse;
  };
  return { inject } as unknown as FastifyInstance;
}

interface Heard {
  ws: WebSocket;
  events: { at: number; e: LiveEvent }[];
}

function listen(port: number, token: string): Promise<Heard> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/events?token=${encodeURIComponent(token)}`);
    const heard: Heard = { ws, events: [] };
    ws.on('message', (d) =>
      heard.events.push({ at: performance.now(), e: JSON.parse(String(d)) as LiveEvent }),
    );
    ws.on('open', () => resolve(heard));
    ws.on('error', reject);
  });
}

async function until<T>(find: () => T | undefined, ms: number, what: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A generated network under WBS groups, written as XER (big enough to be killed mid-import). */
async function bigXer(): Promise<Uint8Array> {
  const model = generateNetwork({ activities: ACTIVITIES, seed: 11 });
  const per = Math.ceil(ACTIVITIES / WBS_GROUPS);
  const groups = Array.from({ length: WBS_GROUPS }, (_, g) =>
    summaryNode({ id: `W${g}`, code: `W${g + 1}`, name: `Package ${g + 1}`, parentId: null, order: g }),
  );
  const activities = model.activities.map((a, i) => ({
    ...a,
    parentId: `W${Math.floor(i / per)}`,
    order: i % per,
  }));
  return writeSchedule({ ...model, activities: [...groups, ...activities] } as ScheduleModel, 'xer');
}

const revisions = (h: Heard) =>
  h.events
    .filter((x) => x.e.event === 'version_updated')
    .map((x) => (x.e.payload as { revision: number }).revision);

describe.skipIf(!onPostgres)(
  'three server processes on one PostgreSQL schema (skipped: set TEST_DATABASE_URL to run it in integration-pg)',
  () => {
    const schema = `t_scale_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    let database: Database;
    let dataDir: string;
    const children: ChildProcess[] = [];

    beforeAll(async () => {
      database = await openDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL!, schema });
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'scale-'));
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.searchParams.set('options', `-c search_path=${schema}`);
      for (let i = 0; i < 3; i++) PORTS.push(await freePort());
      for (const port of PORTS)
        children.push(
          startServer({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: url.href, DATA_DIR: dataDir }),
        );
      await Promise.all(children.map(listening));
    }, 60_000);

    afterAll(async () => {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
      await Promise.all(
        children.map((c) =>
          c.exitCode !== null || c.signalCode !== null ? undefined : new Promise((r) => c.once('exit', r)),
        ),
      );
      await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(database.db);
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }, 30_000);

    it('fans edits out across processes and survives a SIGKILL mid-import', async () => {
      const [a, b, c] = PORTS.map(remote) as [FastifyInstance, FastifyInstance, FastifyInstance];
      const user = await signUp(a, 'scale');
      const space = await makeSpace(a, user.token);
      const tree = await makeTree(a, user.token, space);
      const as = { token: user.token, space };
      const onB = await listen(PORTS[1]!, user.token);
      const onC = await listen(PORTS[2]!, user.token);

      // A WBS row edited through A, heard on B and C.
      const first = await readVersionDoc(a, as, tree.version);
      let doc = first.doc;
      let revision = first.content.version.revision;
      const created = createRows(
        doc,
        wbsState(doc).index,
        { at: { atEnd: true }, nodeType: 'task', count: 1 },
        {
          newId: () => randomUUID(),
        },
      );
      const edit = async (app: FastifyInstance, c0: Parameters<typeof sendChange>[4]) => {
        const res = await sendChange(app, as, tree.version, revision, c0);
        expect(res.statusCode, res.body).toBe(200);
        revision = (res.json() as { revision: number }).revision;
        return { answered: performance.now(), revision };
      };
      await edit(a, created);
      ({ doc } = await readVersionDoc(a, as, tree.version));
      const row = created.result[0]!;
      const latencies: number[] = [];
      for (let i = 0; i < 5; i++) {
        const sent = performance.now();
        const { answered, revision: r } = await edit(
          a,
          change(doc, (x) => void (x.rows.get(row)!.name = `Excavation ${i}`)),
        );
        const heard = await until(
          () =>
            onB.events.find(
              (x) => x.e.event === 'version_updated' && (x.e.payload as { revision: number }).revision === r,
            ),
          2000,
          `revision ${r} on B`,
        );
        // From the answer to the editor until the other process's client has it.
        latencies.push(Math.max(0, heard.at - answered));
        expect(
          heard.at - answered,
          `edit → event on B (sent ${Math.round(answered - sent)} ms before)`,
        ).toBeLessThan(200);
      }
      console.log(`scale: edit through A → event on B: ${latencies.map((l) => l.toFixed(1)).join(', ')} ms`);

      // A big upload through A; A is killed once B's clients hear the import past its parse (writing).
      const xer = await bigXer();
      const form = multipart({ name: 'big.xer', data: xer });
      const upload = fetch(
        `http://127.0.0.1:${PORTS[0]}/api/v1/schedules/${tree.schedule}/versions/upload/synchronous`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${user.token}`, 'space-id': space, ...form.headers },
          body: new Uint8Array(form.payload),
        },
      ).catch(() => null);
      const writing = await until(
        () =>
          onB.events.find((x) => {
            const p = x.e.payload as { type?: string; state?: string; progress?: number };
            return x.e.event === 'import' && p.type === 'import_version' && (p.progress ?? 0) > 50;
          }) ?? (onB.events.some((x) => x.e.event === 'batch_finish') ? null : undefined),
        40_000,
        'the import to reach its write',
      );
      expect(writing, 'the import finished before it could be killed: make the file bigger').not.toBeNull();
      const job = (writing!.e.payload as { job_id: string }).job_id;
      const killedAt = performance.now();
      children[0]!.kill('SIGKILL');
      await upload;

      // Edits through the survivors while they take the job over.
      for (const app of [b, c, b, c])
        await edit(
          app,
          change(doc, (x) => void (x.rows.get(row)!.name = `After ${revision}`)),
        );

      const finished = await until(
        () =>
          onB.events.find(
            (x) => x.e.event === 'batch_finish' && (x.e.payload as { job_id: string }).job_id === job,
          ),
        20_000,
        'the killed job to be settled by a survivor',
      );
      const settled = finished.e.payload as { state: string; errors: { code: string }[] };
      console.log(
        `scale: SIGKILL → job ${settled.state} on a survivor after ${(finished.at - killedAt).toFixed(0)} ms`,
      );
      expect(['failed', 'done']).toContain(settled.state);
      if (settled.state === 'failed') expect(settled.errors.map((e) => e.code)).toEqual(['job.interrupted']);

      // No half version: the schedule holds the edited version, plus a whole import if one finished.
      const versions = (
        await call(b, api.versions.list, { ...as, params: { id: tree.schedule } })
      ).json() as Version[];
      expect(versions.length).toBe(settled.state === 'done' ? 2 : 1);
      const stored = await database.db
        .selectFrom('versions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('schedule_id', '=', tree.schedule)
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(versions.length);
      for (const v of versions.filter((v) => v.id !== tree.version)) {
        const items = (await readVersionDoc(b, as, v.id)).content.items.length;
        expect(items).toBe(ACTIVITIES + WBS_GROUPS + 1);
      }
      const jobRow = await database.db
        .selectFrom('jobs')
        .select(['state', 'errors'])
        .where('id', '=', job)
        .executeTakeFirstOrThrow();
      expect(jobRow.state).toBe(settled.state);

      // No lost event: both survivors' clients heard every edit, in order, before and after the kill.
      const all = Array.from({ length: revision }, (_, i) => i + 1);
      await until(
        () => (revisions(onB).length >= revision && revisions(onC).length >= revision ? true : undefined),
        2000,
        'every edit',
      );
      expect(revisions(onB)).toEqual(all);
      expect(revisions(onC)).toEqual(all);
      onB.ws.close();
      onC.ws.close();
    }, 60_000);
  },
);

// PGlite is opened by one process: more than one worker is refused before anything starts.
describe.skipIf(onPostgres)('WORKERS on PGlite', () => {
  it('refuses WORKERS>1 without DATABASE_URL, saying why', async () => {
    const child = startServer({ WORKERS: '2', DATABASE_URL: '', PORT: String(await freePort()) });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += String(d)));
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(code).toBe(1);
    expect(err).toContain('WORKERS=2 needs DATABASE_URL');
  }, 20_000);
});
