// A space's own resource curves: created with points scaled to 100, listed by name, renamed and
// reshaped, deleted; a taken name and bad points are 400s naming the field (en and ru).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { ResourceCurve } from '../../src/api';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { makeSpace, signUp } from './support/fixtures';

describe('resource curves of a space', () => {
  let h: Harness;
  let app: FastifyInstance;
  let auth: { token: string; space: string };
  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const user = await signUp(app, 'curver');
    auth = { token: user.token, space: await makeSpace(app, user.token, 'Curves') };
  });
  afterAll(() => h.close());

  const ramp = Array.from({ length: 21 }, (_, i) => i); // sums to 210

  it('creates, lists, updates and deletes', async () => {
    const made = await call(app, api.resources.curveCreate, {
      ...auth,
      body: { name: 'Ramp', points: ramp },
    });
    expect(made.statusCode, made.body).toBe(201);
    const c = made.json() as ResourceCurve;
    expect(c.points.reduce((a, p) => a + p, 0)).toBeCloseTo(100, 4);
    expect(c.points[20]).toBeCloseTo((20 / 210) * 100, 5);
    await call(app, api.resources.curveCreate, {
      ...auth,
      body: { name: 'Arch', points: ramp.map(() => 1) },
    });
    const list = (await call(app, api.resources.curves, auth)).json() as { items: ResourceCurve[] };
    expect(list.items.map((x) => x.name)).toEqual(['Arch', 'Ramp']);
    const up = await call(app, api.resources.curveUpdate, {
      ...auth,
      params: { id: c.id },
      body: { name: 'Rise', points: ramp.map((_, i) => (i === 10 ? 5 : 0)) },
    });
    expect(up.statusCode, up.body).toBe(200);
    expect((up.json() as ResourceCurve).points[10]).toBe(100);
    const del = await call(app, api.resources.curveDelete, { ...auth, params: { id: c.id } });
    expect(del.statusCode).toBe(200);
    const again = await call(app, api.resources.curveDelete, { ...auth, params: { id: c.id } });
    expect(again.statusCode).toBe(404);
  });

  it('names the field of bad input, in en and ru', async () => {
    const dup = await call(app, api.resources.curveCreate, {
      ...auth,
      body: { name: 'Arch', points: ramp },
      headers: { 'accept-language': 'ru' },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.body).toContain('body.name');
    expect(dup.body).toContain('Кривая с таким именем уже есть');
    const short = await call(app, api.resources.curveCreate, {
      ...auth,
      body: { name: 'Short', points: ramp.slice(1) },
    });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('body.points');
    const zero = await call(app, api.resources.curveCreate, {
      ...auth,
      body: { name: 'Zero', points: ramp.map(() => 0) },
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.body).toContain('A curve needs at least one point above zero');
  });
});
