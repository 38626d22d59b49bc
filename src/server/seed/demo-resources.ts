// The demo's resources: the crews, plant and materials a main contractor plans an office block
// with, and their assignments to the demo schedule's tasks, so that a newcomer's Resources screen,
// usage histogram and Assignments tab show a real load (the frame crews are over their limit in
// the weeks where two floors overlap, as on a real job) instead of an empty list.
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

type ResourceType = 'labor' | 'nonlabor' | 'material';

interface DemoResource {
  code: string;
  name: string;
  type: ResourceType;
  unit: string;
  price: number;
  /** Units available per working day. */
  limit: number;
  specialty?: string;
  /** Tasks whose name matches get this resource at `perDay` units a day. */
  match?: RegExp;
  perDay?: number;
}

interface DemoGroup {
  code: string;
  name: string;
  children: DemoResource[];
}

// Labour is counted in hours (8 h per person-day), plant in machine-hours, materials in their unit.
export const DEMO_RESOURCES: DemoGroup[] = [
  {
    code: 'LAB',
    name: 'Labour',
    children: [
      {
        code: 'LAB.GW',
        name: 'Groundworks gang',
        type: 'labor',
        unit: 'h',
        price: 42,
        limit: 48,
        specialty: 'Groundworker',
        match:
          /excavation|clearance|haul road|piling mat|blinding|drainage|backfill|kerbs|surfacing|landscaping|fencing/i,
        perDay: 32,
      },
      {
        code: 'LAB.FR',
        name: 'Frame crew (formwork and concrete)',
        type: 'labor',
        unit: 'h',
        price: 48,
        limit: 64,
        specialty: 'Formworker',
        match:
          /pile caps|ground beams|ground bearing slab|core walls|columns|slab (formwork|rebar|concrete)|strike formwork/i,
        perDay: 48,
      },
      {
        code: 'LAB.EN',
        name: 'Envelope fixers',
        type: 'labor',
        unit: 'h',
        price: 46,
        limit: 48,
        specialty: 'Curtain wall fixer',
        match: /waterproofing|curtain wall|sealing|roof (insulation|membrane)|parapet|canopy/i,
        perDay: 32,
      },
      {
        code: 'LAB.EL',
        name: 'Electricians',
        type: 'labor',
        unit: 'h',
        price: 52,
        limit: 40,
        specialty: 'Electrician',
        match: /electrical|switchboard|generator|fire alarm|bms|building management/i,
        perDay: 24,
      },
      {
        code: 'LAB.ME',
        name: 'Mechanical fitters',
        type: 'labor',
        unit: 'h',
        price: 50,
        limit: 40,
        specialty: 'Pipefitter',
        match: /hvac|sprinkler|plumbing|chillers|air handling|boilers|lift rails/i,
        perDay: 24,
      },
      {
        code: 'LAB.FI',
        name: 'Finishing trades',
        type: 'labor',
        unit: 'h',
        price: 38,
        limit: 56,
        specialty: 'Dryliner',
        match: /screed|drywall|ceilings|painting|raised floor|doors|fit-out|signage/i,
        perDay: 32,
      },
    ],
  },
  {
    code: 'PL',
    name: 'Plant',
    children: [
      {
        code: 'PL.TC',
        name: 'Tower crane',
        type: 'nonlabor',
        unit: 'h',
        price: 95,
        limit: 8,
        match:
          /core walls|columns|slab (formwork|rebar|concrete)|steelwork|curtain wall panels|rooftop plant|chillers|air handling/i,
        perDay: 6,
      },
      {
        code: 'PL.EX',
        name: 'Excavator 21 t',
        type: 'nonlabor',
        unit: 'h',
        price: 70,
        limit: 16,
        match: /excavation|clearance|piling mat|backfill|sub-base/i,
        perDay: 8,
      },
    ],
  },
  {
    code: 'MAT',
    name: 'Materials',
    children: [
      {
        code: 'MAT.C32',
        name: 'Ready-mix concrete C32/40',
        type: 'material',
        unit: 'm³',
        price: 118,
        limit: 120,
        match: /concrete|ground bearing slab|ground beams|core walls/i,
        perDay: 30,
      },
      {
        code: 'MAT.RB',
        name: 'Reinforcement B500B',
        type: 'material',
        unit: 't',
        price: 820,
        limit: 12,
        match: /rebar|ground beams|core walls/i,
        perDay: 3,
      },
    ],
  },
];

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Creates the demo resource tree in the space, once: a space given the demo twice (the demo call)
 * reuses the resources it has by code. Returns the ids of the assignable resources by code.
 */
export async function addDemoResources(tx: Db, spaceId: string): Promise<Map<string, string>> {
  const existing = await tx
    .selectFrom('resources')
    .select(['id', 'code'])
    .where('space_id', '=', spaceId)
    .where(
      'code',
      'in',
      DEMO_RESOURCES.flatMap((g) => [g.code, ...g.children.map((r) => r.code)]),
    )
    .execute();
  const ids = new Map(existing.map((r) => [r.code, r.id]));
  let order = 0;
  const ensure = async (code: string, values: Omit<Insertable<DB['resources']>, 'space_id' | 'id'>) => {
    let id = ids.get(code);
    if (!id) {
      id = randomUUID();
      ids.set(code, id);
      await tx
        .insertInto('resources')
        .values({ space_id: spaceId, id, code, ...values })
        .execute();
    }
    return id;
  };
  for (const group of DEMO_RESOURCES) {
    const groupId = await ensure(group.code, { name: group.name, limits: '[]', sort_order: order++ });
    for (const r of group.children) {
      await ensure(r.code, {
        parent_id: groupId,
        name: r.name,
        resource_type: r.type,
        unit: r.unit,
        price: r.price,
        default_limit: r.limit,
        limits: '[]',
        specialty: r.specialty ?? '',
        sort_order: order++,
      });
    }
  }
  return ids;
}

/** Assigns the demo resources to the version's tasks by name, at their daily rate over each task. */
export async function assignDemoResources(
  tx: Db,
  spaceId: string,
  versionId: string,
  resourceIds: Map<string, string>,
): Promise<number> {
  const tasks = await tx
    .selectFrom('wbs_items')
    .select(['id', 'name', 'duration'])
    .where('space_id', '=', spaceId)
    .where('version_id', '=', versionId)
    .where('node_type', '=', 'task')
    .execute();
  const assignable = DEMO_RESOURCES.flatMap((g) => g.children).filter((r) => r.match && r.perDay);
  const used = new Set<string>();
  const rows = [];
  for (const task of tasks) {
    const days = task.duration / 480;
    for (const r of assignable) {
      if (!r.match!.test(task.name)) continue;
      const resourceId = resourceIds.get(r.code)!;
      used.add(r.code);
      rows.push({
        space_id: spaceId,
        version_id: versionId,
        id: randomUUID(),
        wbs_id: task.id,
        resource_id: resourceId,
        units: r.perDay! * days,
        units_per_day: r.perDay!,
      });
    }
  }
  // A version's resources are copies of the space's (the shape an import gives them).
  for (const r of assignable.filter((a) => used.has(a.code))) {
    const id = resourceIds.get(r.code)!;
    await tx
      .insertInto('version_resources')
      .values({ space_id: spaceId, version_id: versionId, id, name: r.name, kind: r.type, resource_id: id })
      .execute();
  }
  if (rows.length > 0) await tx.insertInto('version_assignments').values(rows).execute();
  return rows.length;
}
