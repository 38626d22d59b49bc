import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deserializeEntry, redactEntry, serializeEntry } from '../../../src/domain/history';
import type { HistoryEntry } from '../../../src/domain/history';
import { change } from '../../../src/domain/wbs/change';
import type { WbsChange } from '../../../src/domain/wbs/change';
import { newRow } from '../../../src/domain/wbs/types';
import type { WbsDoc } from '../../../src/domain/wbs/types';

const HIDDEN = new Set(['h']);

const entryOf = (c: WbsChange<unknown>): HistoryEntry => ({
  kind: 'undo_wbs',
  labelKey: 'cmd.edit',
  patches: c.patches,
  inversePatches: c.inversePatches,
});

function docWith(n: number): WbsDoc {
  const empty: WbsDoc = { rows: new Map(), relations: new Map() };
  return change(empty, (d) => {
    for (let i = 0; i < n; i++)
      d.rows.set(`r${i}`, {
        ...newRow(`r${i}`, 'task', null, `a${i}`, { name: `Row ${i}` }),
        attributes: { h: `SECRET-${i}`, v: `open-${i}` },
      });
  }).doc;
}

describe('redactEntry', () => {
  it('drops patches about a hidden key and strips it from rows, keeping the rest', () => {
    const doc = docWith(2);
    const set = change(doc, (d) => {
      d.rows.get('r0')!.attributes.h = 'SECRET-new';
      d.rows.get('r0')!.attributes.v = 'open-new';
    });
    const out = redactEntry(serializeEntry(entryOf(set)), HIDDEN);
    expect(JSON.stringify(out)).not.toContain('SECRET');
    expect(JSON.stringify(out)).toContain('open-new');
    // Still an entry the client can read.
    expect(deserializeEntry(out).patches.length).toBeGreaterThan(0);
    // Nothing hidden: the very same object.
    const plain = serializeEntry(entryOf(change(doc, (d) => void (d.rows.get('r1')!.name = 'X'))));
    expect(redactEntry(plain, HIDDEN)).toBe(plain);
    expect(redactEntry(plain, new Set())).toBe(plain);
  });

  it('never lets a hidden value through, whatever the command (property)', () => {
    const op = fc.oneof(
      fc.record({ k: fc.constant('set' as const), row: fc.nat(4), key: fc.constantFrom('h', 'v') }),
      fc.record({ k: fc.constant('add' as const), row: fc.nat(4), key: fc.constant('h') }),
      fc.record({ k: fc.constant('delete' as const), row: fc.nat(4), key: fc.constant('h') }),
      fc.record({ k: fc.constant('attrs' as const), row: fc.nat(4), key: fc.constant('h') }),
    );
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 6 }), (ops) => {
        const doc = docWith(5);
        const c = change(doc, (d) => {
          ops.forEach((o, i) => {
            const row = d.rows.get(`r${o.row}`);
            if (o.k === 'set' && row) row.attributes[o.key] = o.key === 'h' ? `SECRET-s${i}` : `open-s${i}`;
            if (o.k === 'attrs' && row) row.attributes = { h: `SECRET-a${i}`, v: 'open' };
            if (o.k === 'delete') d.rows.delete(`r${o.row}`);
            if (o.k === 'add')
              d.rows.set(`n${i}`, {
                ...newRow(`n${i}`, 'task', null, `b${i}`, { name: 'New' }),
                attributes: { h: `SECRET-n${i}` },
              });
          });
        });
        const out = redactEntry(serializeEntry(entryOf(c)), HIDDEN);
        expect(JSON.stringify(out)).not.toContain('SECRET');
        // Every patch that did not touch the hidden key is still there.
        const visible = (ps: readonly { path: (string | number)[] }[]) =>
          ps.filter((p) => !(p.path[2] === 'attributes' && p.path[3] === 'h')).length;
        expect(out.patches.length).toBe(visible(c.patches));
        expect(out.inversePatches.length).toBe(visible(c.inversePatches));
      }),
      { numRuns: 200 },
    );
  });
});
