// Values of an attribute hidden from a role reach that role through no channel: the undo log
// read, the live version_updated event and a version export each leave them out, while a role
// that sees the attribute still gets them (so each check can fail).
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api } from '../../src/api';
import type { AttributeWithRoles, LiveEvent, Role } from '../../src/api';
import type { StoredFile } from '../../src/api/transfer';
import { change } from '../../src/domain/wbs/change';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsDoc } from '../../src/domain/wbs/types';
import type { Tree } from './support/fixtures';
import { makeSpace, makeTree, readVersionDoc, sendChange, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('hidden attribute values on every channel', () => {
  let h: Harness;
  let app: FastifyInstance;
  let owner: { token: string; space: string };
  let reader: { token: string; space: string };
  let tree: Tree;
  let secret: AttributeWithRoles;
  let open: AttributeWithRoles;
  let revision = 0;
  const row = randomUUID();

  const write = async (values: Record<string, number>) => {
    const { doc } = await readVersionDoc(app, owner, tree.version);
    const c = change(doc, (d) => Object.assign(d.rows.get(row)!.attributes, values));
    const res = await sendChange(app, owner, tree.version, revision, c);
    expect(res.statusCode, res.body).toBe(200);
    revision = (res.json() as { revision: number }).revision;
  };

  beforeAll(async () => {
    h = await startHarness({ dataDir: await mkdtemp(path.join(os.tmpdir(), 'hidden-')) });
    app = h.app;
    const u = await signUp(app, 'hider');
    const space = await makeSpace(app, u.token);
    owner = { token: u.token, space };
    tree = await makeTree(app, u.token, space);
    const r = await signUp(app, 'planner');
    reader = { token: r.token, space };
    expect(
      (await call(app, api.space.invite, { ...owner, params: { space_id: space }, body: { login: r.login } }))
        .statusCode,
    ).toBeLessThan(300);
    // A planner (who may export) whose role does not see Secret.
    const roles = (await call(app, api.roles.list, owner)).json() as Role[];
    const planner = roles.find((x) => x.value === 'planning_and_control')!;
    await call(app, api.space.setRole, {
      ...owner,
      params: { space_id: space },
      body: { user_id: r.user.id, role_id: planner.id },
    });
    const make = async (name: string) => {
      const res = await call(app, api.attributes.create, {
        ...owner,
        body: { name, type: 'number', scope: 'space', node_id: null },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as AttributeWithRoles;
    };
    secret = await make('Secret');
    open = await make('Open');
    const hide = await call(app, api.attributes.setAccess, {
      ...owner,
      params: { id: secret.id },
      body: { role_id: planner.id, access: 'hidden' },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    const empty: WbsDoc = { rows: new Map(), relations: new Map() };
    const created = change(empty, (d) => {
      d.rows.set(row, newRow(row, 'task', null, 'a0', { name: 'Walls' }));
    });
    const res = await sendChange(app, owner, tree.version, 0, created);
    expect(res.statusCode, res.body).toBe(200);
    revision = (res.json() as { revision: number }).revision;
    await write({ [secret.key]: 987654, [open.key]: 13579 });
  });
  afterAll(() => h.close());

  it('undo log read: the hidden value is not in the entries the reader gets', async () => {
    const log = (as: typeof owner) =>
      call(app, api.wbsBatch.undoActions, { ...as, params: { id: tree.version } }).then((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return r.body;
      });
    const mine = await log(owner);
    expect(mine).toContain('987654');
    const theirs = await log(reader);
    expect(theirs).not.toContain('987654');
    expect(theirs).not.toContain(secret.key);
    // The visible attribute's change is still there.
    expect(theirs).toContain('13579');
  });

  it('live events: a change of a hidden value travels without its entry', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(
      `${address.replace(/^http/, 'ws')}/api/v1/events?token=${encodeURIComponent(reader.token)}`,
    );
    const events: LiveEvent[] = [];
    ws.on('message', (data) => events.push(JSON.parse(String(data)) as LiveEvent));
    await new Promise((r) => ws.on('open', r));
    const next = async () => {
      const end = Date.now() + 3000;
      while (!events.some((e) => e.event === 'version_updated') && Date.now() < end)
        await new Promise((r) => setTimeout(r, 20));
      const e = events.find((x) => x.event === 'version_updated')!;
      events.length = 0;
      return e;
    };
    // A visible change rides with its event…
    await write({ [open.key]: 24680 });
    const plain = await next();
    expect(JSON.stringify(plain.payload.entry)).toContain('24680');
    // …a hidden one does not: the reader's page reads the version, which leaves it out.
    await write({ [secret.key]: 112233 });
    const hidden = await next();
    expect(hidden.payload.revision).toBe(revision);
    expect(hidden.payload.entry).toBeUndefined();
    expect(JSON.stringify(hidden)).not.toContain('112233');
    ws.close();
  });

  it('export: the reader’s file leaves the hidden column out, the owner’s keeps it', async () => {
    const exported = async (as: typeof owner) => {
      const res = await call(app, api.transfer.exportVersion, {
        ...as,
        params: { id: tree.version, format: 'json' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const file = res.json() as StoredFile;
      const dl = await call(app, api.transfer.storageDownload, { ...as, params: { id: file.id } });
      expect(dl.statusCode).toBe(200);
      return dl.rawPayload.toString('utf8');
    };
    const mine = await exported(owner);
    expect(mine).toContain('112233');
    const theirs = await exported(reader);
    expect(theirs).not.toContain('112233');
    expect(theirs).not.toContain(secret.key);
    expect(theirs).toContain('24680');
  });
});
