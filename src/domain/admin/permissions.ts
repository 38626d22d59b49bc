// The permission matrix of a role: for each module of the product, which of the four abilities the
// role holds. A role without a stored matrix gets the defaults of its role value; the server checks
// every space route against the matrix of the caller's role (the route's module and ability).

export const PERMISSION_MODULES = [
  /** The space: settings, members, roles, licences. */
  'administration',
  /** The EPS tree: facilities, projects, schedule groups, schedules; demo content. */
  'structure',
  /** Versions, WBS rows, relations, timetable, layout, assignments, plans of work (wdp). */
  'schedules',
  /** Fact entry: facts of the daily work plan and timesheets (approve: decide others' timesheets). */
  'facts',
  /** The resources of the space. */
  'resources',
  'calendars',
  'directories',
  /** Typed attributes and their access per role. */
  'attributes',
  /** Cyclogram, indicators, network diagram, scoreboard, pipes, saved filters and layouts. */
  'views',
  /** Import, export, batch processing, storage. */
  'transfer',
] as const;
export type PermissionModule = (typeof PERMISSION_MODULES)[number];

/** read: see; edit: change; approve: accept others' work (decide timesheets); admin: manage. */
export const ABILITIES = ['read', 'edit', 'approve', 'admin'] as const;
export type PermissionAbility = (typeof ABILITIES)[number];

export type RoleValueName = 'moderator' | 'planning_and_control' | 'fact_gathering' | 'student';

export type PermissionMatrix = Record<PermissionModule, PermissionAbility[]>;

const all = (abilities: PermissionAbility[]): PermissionMatrix =>
  Object.fromEntries(PERMISSION_MODULES.map((m) => [m, [...abilities]])) as PermissionMatrix;

/** Defaults per role value: what the role value allowed before matrices could be edited. */
export function defaultMatrix(value: RoleValueName): PermissionMatrix {
  switch (value) {
    case 'moderator':
      return all(['read', 'edit', 'approve', 'admin']);
    case 'planning_and_control':
      return { ...all(['read', 'edit', 'approve']), administration: ['read'] };
    case 'fact_gathering':
      // Enters facts (its own timesheets, the fact cells of the daily work plan); reads the rest.
      return { ...all(['read']), facts: ['read', 'edit'] };
    case 'student':
      return all(['read']);
  }
}

/** A stored (possibly partial or stale) matrix completed with the defaults, in canonical order. */
export function effectiveMatrix(
  value: RoleValueName,
  stored: Partial<Record<string, readonly string[]>> | null,
): PermissionMatrix {
  const base = defaultMatrix(value);
  const out = {} as PermissionMatrix;
  for (const m of PERMISSION_MODULES) {
    const given = stored?.[m];
    out[m] = given ? ABILITIES.filter((a) => given.includes(a)) : base[m];
  }
  return out;
}

export function allows(
  matrix: PermissionMatrix,
  module: PermissionModule,
  ability: PermissionAbility,
): boolean {
  return matrix[module].includes(ability);
}

/**
 * Why a matrix cannot be stored for a role value, or null. A moderator role keeps administering
 * the space (otherwise nobody could undo the change); an ability beyond read needs read.
 */
export function matrixProblem(value: RoleValueName, matrix: PermissionMatrix): string | null {
  if (value === 'moderator' && !matrix.administration.includes('admin')) return 'moderator_keeps_admin';
  for (const m of PERMISSION_MODULES)
    if (matrix[m].length > 0 && !matrix[m].includes('read')) return 'ability_needs_read';
  return null;
}
