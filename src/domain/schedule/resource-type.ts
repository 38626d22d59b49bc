// The resource type a source file's kind text names. Each format says it its own way: P6's XER
// rsrc_type (RT_Labor, RT_Equip, RT_Mat), P6 XML's ResourceType (Labor, Nonlabor, Material), MS
// Project's Type (read as work, material, cost). The panel shows it, and every writer writes it
// from here, so a resource keeps its type from one format to another.

export type ResourceType = 'labor' | 'nonlabor' | 'material' | 'cost';

const RESOURCE_TYPES: Record<string, ResourceType> = {
  rt_labor: 'labor',
  labor: 'labor',
  labour: 'labor',
  work: 'labor',
  rt_equip: 'nonlabor',
  nonlabor: 'nonlabor',
  equipment: 'nonlabor',
  rt_mat: 'material',
  material: 'material',
  cost: 'cost',
};

/** The resource type a source's kind text names (null when it names none we know). */
export function resourceTypeOf(kind: string | null | undefined): ResourceType | null {
  return kind ? (RESOURCE_TYPES[kind.trim().toLowerCase()] ?? null) : null;
}
