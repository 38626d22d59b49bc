// The pure parts of a remote copy: fresh ids replace old ones everywhere (values, jsonb keys, at
// any depth) and consistently; trees are ordered parents first; remote addresses are checked.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freshIds, isUuid, parentsFirst, remapIds, remoteBase } from '../../../src/domain/admin/remote-copy';

const uuid = fc.uuid().map((u) => u.toLowerCase());

describe('remapIds', () => {
  it('replaces ids in values and keys at any depth, and nothing else', () => {
    const ids = new Map([
      ['a', 'A'],
      ['b', 'B'],
    ]);
    expect(
      remapIds({ id: 'a', n: 1, list: ['b', 'c', null], extras: { a: { parent: 'b' } }, x: true }, ids),
    ).toEqual({
      id: 'A',
      n: 1,
      list: ['B', 'c', null],
      extras: { A: { parent: 'B' } },
      x: true,
    });
  });

  it('maps the same old id to the same new one, and leaves no old id behind', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: uuid, parent_id: fc.option(uuid) }), { maxLength: 30 }),
        (rows) => {
          let n = 0;
          const ids = freshIds(rows, () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`);
          const out = remapIds(rows, ids);
          const old = new Set(rows.map((r) => r.id));
          for (const [i, r] of out.entries()) {
            expect(old.has(r.id)).toBe(false);
            expect(r.id).toBe(ids.get(rows[i]!.id));
            if (rows[i]!.parent_id && old.has(rows[i]!.parent_id!))
              expect(r.parent_id).toBe(ids.get(rows[i]!.parent_id!));
          }
          expect(new Set(out.map((r) => r.id)).size).toBe(old.size);
        },
      ),
    );
  });

  it('knows a uuid', () => {
    expect(isUuid('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(isUuid('R1')).toBe(false);
  });
});

describe('parentsFirst', () => {
  it('puts every parent before its children, per version, and keeps every row', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(20), { maxLength: 40 }), fc.boolean(), (parents, twoVersions) => {
        // Row i's parent is a row with a smaller index (a forest), given in reverse order.
        const rows = parents
          .map((p, i) => ({
            id: `r${i}`,
            version_id: twoVersions ? `v${i % 2}` : 'v',
            parent_id: i === 0 || p % 3 === 0 ? null : `r${p % i}`,
          }))
          .reverse();
        const out = parentsFirst(rows);
        expect(out.length).toBe(rows.length);
        expect(new Set(out)).toEqual(new Set(rows));
        const at = new Map(out.map((r, i) => [`${r.version_id}/${r.id}`, i]));
        for (const r of out) {
          const p = r.parent_id ? at.get(`${r.version_id}/${r.parent_id}`) : undefined;
          if (p !== undefined) expect(p).toBeLessThan(at.get(`${r.version_id}/${r.id}`)!);
        }
      }),
    );
  });

  it('keeps rows of a cycle at the end', () => {
    const rows = [
      { id: 'a', parent_id: 'b' },
      { id: 'b', parent_id: 'a' },
      { id: 'c', parent_id: null },
    ];
    expect(parentsFirst(rows).map((r) => r.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('remoteBase', () => {
  it('takes http and https addresses, drops a trailing slash and a pasted /api/v1', () => {
    expect(remoteBase('https://plan.example.com/')).toEqual({ base: 'https://plan.example.com' });
    expect(remoteBase(' http://10.0.0.5:8080/pw/api/v1/ ')).toEqual({ base: 'http://10.0.0.5:8080/pw' });
  });
  it('refuses other schemes, credentials and non-addresses', () => {
    expect(remoteBase('ftp://x.example')).toEqual({ problem: 'scheme' });
    expect(remoteBase('file:///etc/passwd')).toEqual({ problem: 'scheme' });
    expect(remoteBase('http://u:p@x.example')).toEqual({ problem: 'credentials' });
    expect(remoteBase('not a url')).toEqual({ problem: 'invalid' });
  });
});
