import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { directoryChoices, filterChoices, type DirectoryValueNode } from '../../../src/domain/directory';

const v = (id: string, parent_id: string | null, sort_order: number, name: string): DirectoryValueNode => ({
  id,
  parent_id,
  code: id,
  name,
  sort_order,
});

const sample = [
  v('B', null, 1, 'Finishing'),
  v('A', null, 0, 'Earthworks'),
  v('A.1', 'A', 0, 'Excavation'),
  v('A.2', 'A', 1, 'Backfill'),
  v('B.1', 'B', 0, 'Plaster'),
];

describe('directory picker choices', () => {
  it('lists the values in tree order with their depth', () => {
    expect(directoryChoices(sample).map((c) => `${c.code}:${c.depth}`)).toEqual([
      'A:0',
      'A.1:1',
      'A.2:1',
      'B:0',
      'B.1:1',
    ]);
  });

  it('finds by code or name, ignoring case, and puts an exact code first', () => {
    const all = directoryChoices(sample);
    expect(filterChoices(all, 'fill').map((c) => c.code)).toEqual(['A.2']);
    expect(filterChoices(all, ' EXCAV ').map((c) => c.code)).toEqual(['A.1']);
    expect(filterChoices(all, 'b').map((c) => c.code)).toEqual(['B', 'A.2', 'B.1']);
    expect(filterChoices(all, '')).toEqual(all);
    expect(filterChoices(all, 'nothing')).toEqual([]);
  });

  it('keeps only matches, each once, and every match (property)', () => {
    const choice = fc.record({
      code: fc.string({ minLength: 1, maxLength: 4 }),
      name: fc.string({ maxLength: 6 }),
      depth: fc.nat(3),
    });
    fc.assert(
      fc.property(fc.array(choice, { maxLength: 30 }), fc.string({ maxLength: 3 }), (choices, text) => {
        const q = text.trim().toLocaleLowerCase();
        const hit = (c: (typeof choices)[number]) =>
          c.code.toLocaleLowerCase().includes(q) || c.name.toLocaleLowerCase().includes(q);
        const out = filterChoices(choices, text);
        expect(out.every(hit)).toBe(true);
        expect(out.length).toBe(choices.filter(hit).length);
        // Apart from exact codes moved first, the order is the choices' own.
        const rest = out.filter((c) => c.code.toLocaleLowerCase() !== q || !q);
        const idx = rest.map((c) => choices.indexOf(c));
        expect(idx).toEqual([...idx].sort((a, b) => a - b));
      }),
    );
  });
});
