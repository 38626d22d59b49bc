import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CoefficientCycleError,
  DEFAULT_SETTINGS,
  coefMinor,
  coefMinorBig,
  computeEstimate,
  dec,
  emptyNode,
  extendMinor,
  extendMinorBig,
  formatDecimal,
  minorText,
  orderCoefficients,
  positionSteps,
  updatePosition,
  zeroTotals,
} from '../../../src/domain/costr';
import type { Coefficient, CostNode, Totals } from '../../../src/domain/costr';

const coef = (id: string, over: Partial<Coefficient> = {}): Coefficient => ({
  id,
  name: id,
  kind: 'other',
  value: '1.1',
  scope: 'estimate',
  nodeIds: [],
  target: 'total',
  hours: false,
  after: [],
  ...over,
});

const pos = (id: string, parentId: string | null, over: Partial<CostNode> = {}): CostNode => ({
  ...emptyNode(id, parentId, id, 'position'),
  quantity: '2',
  labourPrice: '10',
  machinesPrice: '5',
  materialsPrice: '20.5',
  labourHours: '1.5',
  ...over,
});
const sec = (id: string, parentId: string | null = null): CostNode => emptyNode(id, parentId, id, 'section');
const S = DEFAULT_SETTINGS;
const money = (v: number) => minorText(v, 2);

describe('coefficient order', () => {
  it('follows the kind order, then the list, and explicit after links first', () => {
    const cs = [coef('vat', { kind: 'vat' }), coef('reg', { kind: 'regional' }), coef('a'), coef('b')];
    expect(orderCoefficients(cs, S.coefficientOrder).map((c) => c.id)).toEqual(['reg', 'vat', 'a', 'b']);
    const linked = [
      coef('vat', { kind: 'vat', after: ['b'] }),
      coef('reg', { kind: 'regional' }),
      coef('a'),
      coef('b'),
    ];
    expect(orderCoefficients(linked, S.coefficientOrder).map((c) => c.id)).toEqual(['reg', 'a', 'b', 'vat']);
  });

  it('refuses a cycle and names it', () => {
    const cs = [coef('a', { after: ['c'] }), coef('b', { after: ['a'] }), coef('c', { after: ['b'] })];
    expect(() => orderCoefficients(cs, S.coefficientOrder)).toThrow(CoefficientCycleError);
    try {
      orderCoefficients(cs, S.coefficientOrder);
    } catch (e) {
      expect((e as CoefficientCycleError).ids).toHaveLength(4);
    }
    expect(() => orderCoefficients([coef('x', { after: ['x'] })], S.coefficientOrder)).toThrow(
      CoefficientCycleError,
    );
  });

  it('any order it answers respects every after link', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.nat(9), { maxLength: 3 }), { minLength: 1, maxLength: 10 }),
        (deps) => {
          // Links only to lower indices: never a cycle.
          const cs = deps.map((d, i) => coef(`c${i}`, { after: d.filter((j) => j < i).map((j) => `c${j}`) }));
          const order = orderCoefficients(cs, S.coefficientOrder).map((c) => c.id);
          expect(order).toHaveLength(cs.length);
          for (const c of cs)
            for (const a of c.after) expect(order.indexOf(a)).toBeLessThan(order.indexOf(c.id));
        },
      ),
    );
  });
});

describe('computed list (pdc)', () => {
  it('applies each coefficient in order to its scope and target, rounding every step', () => {
    const nodes = [sec('s1'), pos('p1', 's1'), sec('s2'), pos('p2', 's2', { quantity: '3' })];
    const cs = [
      coef('vat', { kind: 'vat', value: '1.2', target: 'total' }),
      coef('winter', {
        kind: 'winter',
        value: '1.05',
        scope: 'section',
        nodeIds: ['s1'],
        target: 'labour',
        hours: true,
      }),
      coef('cramped', {
        kind: 'cramped',
        value: '1.15',
        scope: 'position',
        nodeIds: ['p2'],
        target: 'machines',
      }),
    ];
    const p = computeEstimate(nodes, cs, S);
    const p1 = p.positions.get('p1')!;
    const s1 = positionSteps(p, 'p1');
    expect(s1.map((s) => s.coefficientId)).toEqual([null, 'winter', 'vat']);
    // base: labour 20, machines 10, materials 41 → winter labour 21 → vat: 25.2, 12, 49.2
    expect(money(s1[1]!.labour)).toBe('21.00');
    expect(money(p1.labour)).toBe('25.20');
    expect(money(p1.total)).toBe('86.40');
    expect(minorText(p1.hours, 2)).toBe('3.15');
    const p2 = p.positions.get('p2')!;
    expect(positionSteps(p, 'p2').map((s) => s.coefficientId)).toEqual([null, 'cramped', 'vat']);
    // machines 15 → 17.25 → 20.70
    expect(money(p2.machines)).toBe('20.70');
    expect(p.sections.get('s1')!.total).toBe(p1.total);
    expect(p.total.total).toBe(p1.total + p2.total);
  });

  it('answers a cycle as an error', () => {
    expect(() =>
      computeEstimate([pos('p', null)], [coef('a', { after: ['b'] }), coef('b', { after: ['a'] })], S),
    ).toThrow(CoefficientCycleError);
  });

  const decimalText = (max: number, scale: number) =>
    fc.tuple(fc.nat(max), fc.nat(10 ** scale - 1)).map(([i, f]) => `${i}.${String(f).padStart(scale, '0')}`);
  const arbPos = fc.record({
    quantity: decimalText(10_000, 3),
    labourPrice: decimalText(100_000, 2),
    machinesPrice: decimalText(100_000, 2),
    materialsPrice: decimalText(100_000, 2),
    section: fc.nat(3),
  });
  const arbCoef = fc.record({
    value: fc.integer({ min: 500_000, max: 2_000_000 }).map((v) => formatDecimal(BigInt(v), 6)),
    target: fc.constantFrom('labour', 'machines', 'materials', 'total' as const),
    scope: fc.constantFrom('estimate', 'section', 'position' as const),
    at: fc.nat(5),
  });
  const build = (
    ps: {
      quantity: string;
      labourPrice: string;
      machinesPrice: string;
      materialsPrice: string;
      section: number;
    }[],
    cs: { value: string; target: Coefficient['target']; scope: Coefficient['scope']; at: number }[],
  ) => {
    const nodes: CostNode[] = [sec('s0'), sec('s1'), sec('s2', 's1'), sec('s3')];
    ps.forEach((x, i) => nodes.push(pos(`p${i}`, `s${x.section}`, x)));
    const coefs = cs.map((c, i) =>
      coef(`k${i}`, {
        value: c.value,
        target: c.target,
        scope: c.scope,
        nodeIds:
          c.scope === 'section'
            ? [`s${c.at % 4}`]
            : c.scope === 'position'
              ? [`p${c.at % Math.max(1, ps.length)}`]
              : [],
      }),
    );
    return { nodes, coefs };
  };

  it('totals equal the sums of the positions, per section and for the estimate', () => {
    fc.assert(
      fc.property(fc.array(arbPos, { maxLength: 30 }), fc.array(arbCoef, { maxLength: 6 }), (ps, cs) => {
        const { nodes, coefs } = build(ps, cs);
        const p = computeEstimate(nodes, coefs, S);
        const sum = zeroTotals();
        for (const x of p.positions.values()) {
          sum.total += x.total;
          expect(x.total).toBe(x.labour + x.machines + x.materials);
        }
        expect(p.total.total).toBe(sum.total);
        const under = (s: string) =>
          nodes.filter(
            (n) => n.kind === 'position' && (n.parentId === s || (s === 's1' && n.parentId === 's2')),
          );
        for (const s of ['s0', 's1', 's2', 's3'])
          expect(p.sections.get(s)!.total).toBe(
            under(s).reduce((a, n) => a + p.positions.get(n.id)!.total, 0),
          );
      }),
    );
  });

  it('each step is the previous one times the coefficient, in the coefficients’ order', () => {
    fc.assert(
      fc.property(
        fc.array(arbPos, { minLength: 1, maxLength: 10 }),
        fc.array(arbCoef, { maxLength: 6 }),
        (ps, cs) => {
          const { nodes, coefs } = build(ps, cs);
          const p = computeEstimate(nodes, coefs, S);
          const order = orderCoefficients(coefs, S.coefficientOrder).map((c) => c.id);
          for (const id of p.positions.keys()) {
            const x = { id, steps: positionSteps(p, id) };
            const ids = x.steps.slice(1).map((s) => s.coefficientId!);
            expect(ids).toEqual(order.filter((id) => ids.includes(id)));
            const n = nodes.find((m) => m.id === x.id)!;
            const base = x.steps[0]!;
            expect(BigInt(base.labour)).toBe(
              extendMinorBig(dec(n.quantity, 6), dec(n.labourPrice, 4), S.rounding),
            );
            for (let i = 1; i < x.steps.length; i++) {
              const c = coefs.find((k) => k.id === x.steps[i]!.coefficientId)!;
              const prev = x.steps[i - 1]!;
              const want = (f: 'labour' | 'machines' | 'materials') =>
                c.target === f || c.target === 'total'
                  ? Number(coefMinorBig(BigInt(prev[f]), dec(c.value, 6), 'half_up'))
                  : prev[f];
              expect(x.steps[i]!.labour).toBe(want('labour'));
              expect(x.steps[i]!.machines).toBe(want('machines'));
              expect(x.steps[i]!.materials).toBe(want('materials'));
            }
          }
        },
      ),
    );
  });

  it('a one-position recompute gives the full recompute’s totals', () => {
    fc.assert(
      fc.property(
        fc.array(arbPos, { minLength: 1, maxLength: 20 }),
        fc.array(arbCoef, { maxLength: 5 }),
        fc.nat(),
        arbPos,
        (ps, cs, which, edit) => {
          const { nodes, coefs } = build(ps, cs);
          const p = computeEstimate(nodes, coefs, S);
          const i = which % ps.length;
          const before = nodes.find((n) => n.id === `p${i}`)!;
          const changed = { ...before, quantity: edit.quantity, labourPrice: edit.labourPrice };
          updatePosition(p, changed);
          const full = computeEstimate(
            nodes.map((n) => (n.id === changed.id ? changed : n)),
            coefs,
            S,
          );
          const eq = (a: Totals, b: Totals) => expect(a).toEqual(b);
          eq(p.total, full.total);
          for (const [id, t] of full.sections) eq(p.sections.get(id)!, t);
        },
      ),
    );
  });
});

describe('the fast exact path', () => {
  const modes = fc.constantFrom('half_up', 'half_even', 'down', 'up' as const);
  it('extends exactly like the bigint reference', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 15), max: 10 ** 15 }),
        fc.integer({ min: -(10 ** 13), max: 10 ** 13 }),
        fc.integer({ min: 0, max: 4 }),
        modes,
        (q, price, digits, mode) => {
          const fast = extendMinor(q, price, { digits, mode });
          const ref = extendMinorBig(BigInt(q), BigInt(price), { digits, mode });
          if (fast !== null) expect(BigInt(fast)).toBe(ref);
          // The fast path declines only where an intermediate would leave the safe range.
          else expect(Math.abs(price) >= 9e9 || (Math.abs(q) / 1e6) * Math.abs(price) >= 9e15).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
  it('applies coefficients exactly like the bigint reference', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 15), max: 10 ** 15 }),
        fc.integer({ min: 1, max: 999_999_999 }),
        modes,
        (v, k, mode) => {
          const fast = coefMinor(v, k, mode);
          const ref = coefMinorBig(BigInt(v), BigInt(k), mode);
          if (fast !== null) expect(BigInt(fast)).toBe(ref);
        },
      ),
      { numRuns: 2000 },
    );
    expect(coefMinor(2_500, 1_500_000, 'half_even')).toBe(3_750);
    expect(coefMinor(5, 500_000, 'half_even')).toBe(2);
    expect(coefMinor(-5, 500_000, 'half_up')).toBe(-3);
  });
});
