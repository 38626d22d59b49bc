// A paste-sized batch: 10,000 rows created, then 10,000 × 5 cells replaced, each in one request;
// runs of patches become a few statements, so both stay well under the request timeout.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import { serializeEntry } from '../../src/domain/history';
import { change } from '../../src/domain/wbs/change';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsDoc } from '../../src/domain/wbs/types';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const N = 10_000;

describe('wbs batch at paste size', () => {
  let h: Harness;
  let as: { token: string; space: string };
  let version: string;

  beforeAll(async () => {
    h = await startHarness();
    const u = await signUp(h.app, 'scale');
    const space = await makeSpace(h.app, u.token);
    as = { token: u.token, space };
    version = (await makeTree(h.app, u.token, space)).version;
  });
  afterAll(() => h.close());

  it('stores 10,000 new rows and then 50,000 cell edits', async () => {
    const empty: WbsDoc = { rows: new Map(), relations: new Map() };
    const created = change(empty, (d) => {
      for (let i = 0; i < N; i++) {
        const id = randomUUID();
        d.rows.set(id, newRow(id, 'task', null, `a${String(i).padStart(6, '0')}`));
      }
    });
    const send = (revision: number, c: { patches: never[]; inversePatches: never[] } | typeof created) =>
      call(h.app, api.wbsBatch.batch, {
        ...as,
        params: { id: version },
        body: {
          revision,
          origin: 'do',
          entry: serializeEntry({ kind: 'undo_wbs', labelKey: 'paste', ...c }),
        },
      });
    let t = performance.now();
    const first = await send(0, created);
    const createMs = performance.now() - t;
    expect(first.statusCode, first.body).toBe(200);
    const edited = change(created.doc, (d) => {
      let i = 0;
      for (const id of created.doc.rows.keys()) {
        const r = d.rows.get(id)!;
        r.name = `Row ${i}`;
        r.duration = 480 + (i % 7) * 60;
        r.percentComplete = i % 100;
        r.volume = i;
        r.price = i * 2;
        i++;
      }
    });
    expect(edited.patches.length).toBeGreaterThan(N * 4.5); // immer skips values that do not change
    t = performance.now();
    const second = await send(1, edited);
    const editMs = performance.now() - t;
    expect(second.statusCode, second.body).toBe(200);
    console.log(
      JSON.stringify({ create_10k_ms: Math.round(createMs), edit_50k_cells_ms: Math.round(editMs) }),
    );
    // Loose bounds (2 shared cores): they catch a per-patch statement or a quadratic step.
    expect(createMs).toBeLessThan(15_000);
    expect(editMs).toBeLessThan(15_000);
    const content = (await call(h.app, api.versions.content, { ...as, params: { id: version } })).json();
    expect(content.items).toHaveLength(N);
    expect(content.items.filter((i: { name: string }) => i.name.startsWith('Row '))).toHaveLength(N);
  });
});
