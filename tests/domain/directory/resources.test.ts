// The resource plan of a directory: each scope value one linked resource (linked, matched by code,
// or new under its parent value's resource); the leaves are the version's; planning again after
// applying the plan changes nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planResources, withAncestors, type ResourceNode } from '../../../src/domain/directory';

const v = (id: string, parent_id: string | null, sort_order = 1) => ({
  id,
  parent_id,
  code: id.toUpperCase(),
  name: `N ${id}`,
  sort_order,
});

describe('planResources', () => {
  it("links by code, creates the rest under the parent value's resource, names the leaves", () => {
    const values = [v('a', null), v('a1', 'a', 1), v('a2', 'a', 2), v('b', null, 2)];
    const resources: ResourceNode[] = [{ id: 'r1', parent_id: null, code: 'A2', name: 'x', sort_order: 5 }];
    let n = 0;
    const plan = planResources(values, resources, [], null, () => `new${++n}`);
    expect(plan.link).toEqual([{ resource_id: 'r1', value_id: 'a2' }]);
    expect(plan.create.map((c) => [c.id, c.parent_id, c.code, c.sort_order])).toEqual([
      ['new1', null, 'A', 6],
      ['new2', 'new1', 'A1', 1],
      ['new3', null, 'B', 7],
    ]);
    expect(plan.leaves).toEqual(['new2', 'r1', 'new3']);
  });

  it('keeps to the scope: a list value and those above it', () => {
    const values = [v('a', null), v('a1', 'a', 1), v('a2', 'a', 2)];
    let n = 0;
    const plan = planResources(values, [], [], withAncestors(values, ['a2']), () => `r${++n}`);
    expect(plan.create.map((c) => c.code)).toEqual(['A', 'A2']);
    expect(plan.leaves).toEqual(['r2']);
  });

  it('property: every scope value gets one resource, and planning again adds nothing', () => {
    const arb = fc
      .array(fc.nat(20), { maxLength: 25 })
      .map((ps) => ps.map((p, i) => v(`v${i}`, i === 0 || p >= i ? null : `v${p}`, (p % 3) + 1)));
    fc.assert(
      fc.property(arb, fc.array(fc.nat(30), { maxLength: 5 }), (values, pick) => {
        const scope = pick.length
          ? withAncestors(
              values,
              pick.map((i) => `v${i}`),
            )
          : null;
        let n = 0;
        const plan = planResources(values, [], [], scope, () => `r${++n}`);
        const expected = scope ? scope.size : values.length;
        expect(plan.create.length).toBe(expected);
        const ids = new Set(plan.create.map((c) => c.id));
        for (const c of plan.create) if (c.parent_id) expect(ids.has(c.parent_id)).toBe(true);
        const again = planResources(
          values,
          plan.create,
          plan.create.map((c) => ({ resource_id: c.id, value_id: c.value_id })),
          scope,
          () => 'never',
        );
        expect(again.create).toEqual([]);
        expect(again.link).toEqual([]);
        expect(again.leaves).toEqual(plan.leaves);
      }),
    );
  });
});
