// Live events over the WebSocket: members of the space hear about changes, others do not, and a
// bad token is refused.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api } from '../../src/api';
import type { LiveEvent } from '../../src/api';
import { makeSpace, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

function connect(base: string, token: string): Promise<{ ws: WebSocket; events: LiveEvent[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/api/v1/events?token=${encodeURIComponent(token)}`);
    const events: LiveEvent[] = [];
    ws.on('message', (data) => events.push(JSON.parse(String(data))));
    ws.on('open', () => resolve({ ws, events }));
    ws.on('error', reject);
  });
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

describe('live events', () => {
  let h: Harness;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace(/^http/, 'ws');
  });
  afterAll(() => h.close());

  it('sends eps_updated to members of the space only', async () => {
    const owner = await signUp(app, 'ev');
    const outsider = await signUp(app, 'out');
    const space = await makeSpace(app, owner.token);
    const mine = await connect(base, owner.token);
    const theirs = await connect(base, outsider.token);
    const res = await call(app, api.facilities.create, {
      token: owner.token,
      space,
      body: { name: 'Wharf' },
    });
    await until(() => mine.events.length > 0);
    expect(mine.events).toEqual([
      { event: 'eps_updated', space_id: space, ids: [res.json().id], payload: {} },
    ]);
    await new Promise((r) => setTimeout(r, 100));
    expect(theirs.events).toEqual([]);
    mine.ws.close();
    theirs.ws.close();
  });

  it('closes the socket with 4401 for a bad token', async () => {
    const code = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${base}/api/v1/events?token=nope`);
      ws.on('close', (c) => resolve(c));
    });
    expect(code).toBe(4401);
  });
});
