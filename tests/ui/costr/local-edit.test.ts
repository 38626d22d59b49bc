import { describe, expect, it } from 'vitest';
import { coefToApi, nodeToApi } from '../../../src/api/costr';
import type { CostNode } from '../../../src/api/costr';
import { emptyNode } from '../../../src/domain/costr';
import type { CostNode as DomainNode } from '../../../src/domain/costr';
import { applyLocalEdit, localPdc } from '../../../src/modules/costr/local-edit';

const node = (id: string, parentId: string | null, over: Partial<DomainNode> = {}): CostNode =>
  nodeToApi({ ...emptyNode(id, parentId, id, parentId ? 'position' : 'section'), ...over });

const s1 = node('s1', null);
const p1 = node('p1', 's1', { quantity: '2', labourPrice: '10' });
const p2 = node('p2', 's1', { quantity: '1', materialsPrice: '5.5' });
const s2 = node('s2', null);
const p3 = node('p3', 's2', { quantity: '3', machinesPrice: '1' });

describe('an estimate edit shown before the server stores it', () => {
  it('writes changed nodes in place and new ones last', () => {
    const changed = { ...p1, quantity: '4' };
    const added = node('p4', 's2', { quantity: '1' });
    const out = applyLocalEdit([s1, p1, p2], [added, changed], []);
    expect(out.map((n) => n.id)).toEqual(['s1', 'p1', 'p2', 'p4']);
    expect(out[1]!.quantity).toBe('4');
  });

  it('takes a deleted section with everything under it', () => {
    const sub = node('s1a', 's1');
    const deep = node('p5', 's1a', { quantity: '1' });
    const out = applyLocalEdit([s1, p1, sub, deep, s2, p3], [], ['s1']);
    expect(out.map((n) => n.id)).toEqual(['s2', 'p3']);
  });

  it('computes the totals the server answers: sections, positions and the estimate', () => {
    const coef = coefToApi({
      id: 'k',
      name: 'k',
      kind: 'other',
      value: '1.5',
      scope: 'estimate',
      nodeIds: [],
      target: 'total',
      hours: false,
      after: [],
    });
    const p = localPdc([s1, p1, p2, s2, p3], [coef], null)!;
    const total = (id: string) => p.positions.find((x) => x.id === id)!.final.total;
    expect(total('p1')).toBe('30.00'); // 2 × 10 × 1.5
    expect(total('p2')).toBe('8.25'); // 5.5 × 1.5
    expect(p.sections.find((x) => x.id === 's1')!.total).toBe('38.25');
    expect(p.total.total).toBe('42.75'); // + 3 × 1 × 1.5
    expect(p.order).toEqual(['k']);
  });

  it('gives no list when the coefficients cannot be ordered (the server says why)', () => {
    const k = (id: string, after: string[]) =>
      coefToApi({
        id,
        name: id,
        kind: 'other',
        value: '1.1',
        scope: 'estimate',
        nodeIds: [],
        target: 'total',
        hours: false,
        after,
      });
    expect(localPdc([s1, p1], [k('a', ['b']), k('b', ['a'])], null)).toBeNull();
  });
});
