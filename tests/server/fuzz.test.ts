// Fuzz over every route of the contract (enumerated from src/api, as the tenancy test does): each
// input field of a valid sample — path, query and body, top level and one level down — is replaced
// by hostile values (NUL and lone surrogates, integers past Int32, huge and negative numbers,
// wrong types, long strings, ids of nothing), with seeded random picks. No answer may be a 500
// and every request must be answered (a hang is a failure after 10 s).
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allRoutes } from '../../src/api';
import type { RouteDef } from '../../src/api';
import type { Tree } from './support/fixtures';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { CallOptions, Harness } from './support/harness';
import { routeKey, samples } from './support/samples';

const HOSTILE: readonly unknown[] = [
  'a\u0000b',
  'lone \ud800 surrogate',
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1,
  0.5,
  '',
  ' ',
  null,
  true,
  [],
  {},
  [null],
  { $map: [[1, 2]] },
  'x'.repeat(5000),
  '00000000-0000-4000-8000-000000000000',
  '2026-02-30',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
];
/** Values a path segment or a query string can carry (well-formed strings only: a URL cannot hold a lone surrogate). */
const HOSTILE_TEXT = HOSTILE.filter(
  (v): v is string => typeof v === 'string' && !/[\ud800-\udfff]/.test(v),
).concat(['2147483648', '-1', '1e308', 'NaN']);

/** Variants per route and input part (seeded, so a failure repeats). */
const PICKS = 6;
const SEED = 22;

type Parts = Required<Pick<CallOptions, 'params' | 'query'>> & { body: unknown };
type Variant = [string, (t: Tree & { space: string; userId: string }) => Parts];

const shapeKeys = (schema: unknown): string[] =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape as Record<string, unknown>) : [];

function variantsOf(def: RouteDef, index: number): Variant[] {
  const pick = <T>(list: readonly T[], salt: number) =>
    fc.sample(fc.constantFrom(...list), { seed: SEED + index * 101 + salt, numRuns: PICKS });
  const base = (t: Tree & { space: string; userId: string }): Parts => {
    const s = samples[routeKey(def)]?.(t) ?? {};
    return {
      params: { ...(s.params ?? {}) },
      query: { ...(s.query ?? {}) },
      body: s.body ?? (def.body ? {} : undefined),
    };
  };
  const out: Variant[] = [];
  shapeKeys(def.params).forEach((k, i) =>
    pick(HOSTILE_TEXT, i).forEach((v) =>
      out.push([
        `params.${k}=${JSON.stringify(v).slice(0, 20)}`,
        (t) => ({ ...base(t), params: { ...base(t).params, [k]: v } }),
      ]),
    ),
  );
  shapeKeys(def.query).forEach((k, i) =>
    pick(HOSTILE_TEXT, 50 + i).forEach((v) =>
      out.push([
        `query.${k}=${JSON.stringify(v).slice(0, 20)}`,
        (t) => ({ ...base(t), query: { ...base(t).query, [k]: v } }),
      ]),
    ),
  );
  const bodyKeys = shapeKeys(def.body);
  bodyKeys.forEach((k, i) =>
    pick(HOSTILE, 100 + i).forEach((v) =>
      out.push([
        `body.${k}=${JSON.stringify(v)?.slice(0, 20)}`,
        (t) => {
          const b = base(t);
          return { ...b, body: { ...(b.body as object), [k]: v } };
        },
      ]),
    ),
  );
  // One level down: the fields of an object (or of an array's first object) in the sample body.
  if (bodyKeys.length)
    out.push([
      'body nested',
      (t) => {
        const b = base(t);
        const body = structuredClone(b.body ?? {}) as Record<string, unknown>;
        let salt = 0;
        for (const [k, v] of Object.entries(body)) {
          const inner = Array.isArray(v) ? v[0] : v;
          if (inner && typeof inner === 'object')
            for (const f of Object.keys(inner))
              (inner as Record<string, unknown>)[f] = pick(HOSTILE, 200 + salt++)[0];
          else body[k] = pick(HOSTILE, 300 + salt++)[0];
        }
        return { ...b, body };
      },
    ]);
  if (def.body)
    out.push([
      'body of hostile JSON',
      (t) => ({ ...base(t), body: { ...(base(t).body as object), extra: 'a\u0000b' } }),
    ]);
  return out;
}

// Routes that end the caller's session or space run last, so the others run signed in.
const ENDS = (d: RouteDef) => d.path === '/auth/logout' || d.method === 'DELETE';
const routes = [...allRoutes.filter((d) => !ENDS(d)), ...allRoutes.filter(ENDS)];
const cases = routes.flatMap((def, i) =>
  variantsOf(def, i).map(([name, make]) => [`${routeKey(def)} ${name}`, def, make] as const),
);

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, rej) => setTimeout(() => rej(new Error(`no answer within ${ms} ms`)), ms)),
  ]);

describe('fuzz over every route', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let tree: Tree & { space: string; userId: string };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'fuzz');
    token = u.token;
    const space = await makeSpace(app, token);
    tree = { ...(await makeTree(app, token, space)), space, userId: u.user.id };
  });
  afterAll(() => h.close());

  it('covers every route with hostile variants', () => {
    const covered = new Set(cases.map(([, def]) => routeKey(def)));
    const withInput = allRoutes.filter((d) => d.params || d.query || d.body);
    expect(withInput.map(routeKey).filter((k) => !covered.has(k))).toEqual([]);
    expect(cases.length).toBeGreaterThan(500);
  });

  it('never answers 500 and never hangs', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const [name, def, make] of cases) {
      const parts = make(tree);
      const res = await within(
        call(app, def, {
          token,
          space: tree.space,
          params: parts.params,
          query: parts.query,
          ...(parts.body !== undefined ? { body: parts.body } : {}),
        }),
        10_000,
      ).catch((err: Error) => ({ statusCode: -1, body: err.message }));
      if (res.statusCode >= 500 || res.statusCode < 0)
        failures.push(`${name} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });
});
