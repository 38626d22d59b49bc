// Access grants (spec §6 access calls: grant, revoke, free abilities): abilities an administrator
// gives one member beyond the member's role, on the whole space or on an EPS node (and everything
// under it). Grants only add: what a member may do on a place is the role's matrix united with the
// grants on the space and on the place's node and its ancestors.
import type { PermissionAbility, PermissionMatrix, PermissionModule } from './permissions';
import { ABILITIES, PERMISSION_MODULES } from './permissions';

/** A part of a matrix: the modules named, each with the abilities named. */
export type PartialMatrix = Partial<Record<PermissionModule, readonly PermissionAbility[]>>;

export interface Grant {
  module: PermissionModule;
  ability: PermissionAbility;
}

/** The empty matrix. */
export const emptyMatrix = (): PermissionMatrix =>
  Object.fromEntries(PERMISSION_MODULES.map((m) => [m, []])) as unknown as PermissionMatrix;

/** Grants as a matrix (canonical order, no repeats). */
export function matrixOf(grants: readonly Grant[]): PermissionMatrix {
  const out = emptyMatrix();
  for (const m of PERMISSION_MODULES)
    out[m] = ABILITIES.filter((a) => grants.some((g) => g.module === m && g.ability === a));
  return out;
}

/** A partial matrix as a list of grants (canonical order, no repeats). */
export function grantsOf(part: PartialMatrix): Grant[] {
  const full = matrixOf(
    PERMISSION_MODULES.flatMap((m) => (part[m] ?? []).map((ability) => ({ module: m, ability }))),
  );
  return PERMISSION_MODULES.flatMap((m) => full[m].map((ability) => ({ module: m, ability })));
}

/** The union of matrices, in canonical order. */
export function unite(...matrices: readonly PartialMatrix[]): PermissionMatrix {
  const out = emptyMatrix();
  for (const m of PERMISSION_MODULES)
    out[m] = ABILITIES.filter((a) => matrices.some((x) => x[m]?.includes(a)));
  return out;
}

/** `a` less `b`. */
export function subtract(a: PartialMatrix, b: PartialMatrix): PermissionMatrix {
  const out = emptyMatrix();
  for (const m of PERMISSION_MODULES)
    out[m] = ABILITIES.filter((x) => a[m]?.includes(x) && !b[m]?.includes(x));
  return out;
}

export const isEmpty = (m: PartialMatrix) => PERMISSION_MODULES.every((k) => !m[k]?.length);

/** Modules that may be granted on a node: the administration of the space is not split by node. */
export const nodeModules = (onNode: boolean): readonly PermissionModule[] =>
  onNode ? PERMISSION_MODULES.filter((m) => m !== 'administration') : PERMISSION_MODULES;

/**
 * The free abilities of a member on a place: those that could be granted there, i.e. that the
 * member does not hold there (by role or by a grant here or above); none of administration on a node.
 */
export function freeAbilities(held: PermissionMatrix, onNode: boolean): PermissionMatrix {
  const out = emptyMatrix();
  for (const m of nodeModules(onNode)) out[m] = ABILITIES.filter((a) => !held[m].includes(a));
  return out;
}

/**
 * Why a change of a member's grants on a place is refused, or null:
 * - `access.empty`: nothing named;
 * - `access.administration_on_node`: administration named for a node;
 * - `access.needs_read`: afterwards the member would hold an ability of a module there without its
 *   read (as a role matrix may not, permissions.ts matrixProblem).
 * `held` is what the member holds there afterwards (role ∪ grants here and above).
 */
export function grantProblem(named: PartialMatrix, onNode: boolean, held: PermissionMatrix): string | null {
  if (isEmpty(named)) return 'access.empty';
  if (onNode && named.administration?.length) return 'access.administration_on_node';
  for (const m of PERMISSION_MODULES)
    if (held[m].length > 0 && !held[m].includes('read')) return 'access.needs_read';
  return null;
}
