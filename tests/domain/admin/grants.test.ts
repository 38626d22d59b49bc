// Access grants (src/domain/admin/grants.ts): free abilities are exactly those not held (none of
// administration on a node), grants and matrices convert both ways, and the refusals.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyMatrix,
  freeAbilities,
  grantProblem,
  grantsOf,
  matrixOf,
  subtract,
  unite,
} from '../../../src/domain/admin/grants';
import { ABILITIES, PERMISSION_MODULES, defaultMatrix } from '../../../src/domain/admin/permissions';
import type { PermissionMatrix } from '../../../src/domain/admin/permissions';

const matrix = fc
  .tuple(...PERMISSION_MODULES.map(() => fc.subarray([...ABILITIES])))
  .map((parts) => Object.fromEntries(PERMISSION_MODULES.map((m, i) => [m, parts[i]])) as PermissionMatrix);

describe('access grants', () => {
  it('free abilities and held ones split the abilities (on a node without administration)', () => {
    fc.assert(
      fc.property(matrix, fc.boolean(), (held, onNode) => {
        const free = freeAbilities(held, onNode);
        for (const m of PERMISSION_MODULES) {
          for (const a of free[m]) expect(held[m]).not.toContain(a);
          if (onNode && m === 'administration') expect(free[m]).toEqual([]);
          else expect(unite(held, free)[m]).toEqual([...ABILITIES]);
        }
      }),
    );
  });

  it('grantsOf and matrixOf convert both ways; subtract undoes unite for disjoint parts', () => {
    fc.assert(
      fc.property(matrix, matrix, (a, b) => {
        expect(matrixOf(grantsOf(a))).toEqual(a);
        const onlyB = subtract(b, a);
        expect(subtract(unite(a, onlyB), onlyB)).toEqual(a);
      }),
    );
  });

  it('refuses nothing named, administration on a node, an ability without read', () => {
    const held = defaultMatrix('student');
    expect(grantProblem({}, false, held)).toBe('access.empty');
    expect(grantProblem({ administration: ['edit'] }, true, held)).toBe('access.administration_on_node');
    expect(
      grantProblem({ administration: ['edit'] }, false, unite(held, { administration: ['edit'] })),
    ).toBeNull();
    const noRead = { ...held, schedules: [] };
    expect(grantProblem({ schedules: ['edit'] }, true, unite(noRead, { schedules: ['edit'] }))).toBe(
      'access.needs_read',
    );
    expect(
      grantProblem({ schedules: ['read', 'edit'] }, true, unite(noRead, { schedules: ['read', 'edit'] })),
    ).toBeNull();
    expect(emptyMatrix().facts).toEqual([]);
  });
});
