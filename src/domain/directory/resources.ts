// Resource directories: a version's resources built from a directory or a list as its WBS is.
// Each value of the scope stands for one space resource linked to it — the resource already
// linked, else an unlinked resource with the value's code (linked then), else a new one under
// the resource of the parent value — and the resources of the scope's leaf values (values with
// nothing of the scope under them) are the version's. Groups stay space-only: assignments go to
// leaves. Pure: the caller reads the tables and writes the plan.
import { childrenOf, type DirectoryValueNode } from './tree';

export interface ResourceNode {
  id: string;
  parent_id: string | null;
  code: string;
  name: string;
  sort_order: number;
}

export interface ResourcePlan {
  /** New space resources, parents before children, each linked to `value_id`. */
  create: (ResourceNode & { value_id: string })[];
  /** Existing resources with the value's code, linked to it now. */
  link: { resource_id: string; value_id: string }[];
  /** The resources of the scope's leaf values (new or existing), in the directory's order. */
  leaves: string[];
}

/**
 * What makes every value of the scope (all values when null; a set closed under parents) a linked
 * resource. `links` are the directory's resource links; `newId` names a new resource.
 */
export function planResources(
  values: readonly DirectoryValueNode[],
  resources: readonly ResourceNode[],
  links: readonly { resource_id: string; value_id: string }[],
  scope: ReadonlySet<string> | null,
  newId: () => string,
): ResourcePlan {
  const inScope = (id: string) => !scope || scope.has(id);
  const resourceOfValue = new Map(links.map((l) => [l.value_id, l.resource_id]));
  const linked = new Set(links.map((l) => l.resource_id));
  const byCode = new Map<string, string>();
  for (const r of resources) if (r.code && !linked.has(r.id) && !byCode.has(r.code)) byCode.set(r.code, r.id);
  // New resources go after their siblings.
  const lastOrder = new Map<string | null, number>();
  for (const r of resources)
    lastOrder.set(r.parent_id, Math.max(lastOrder.get(r.parent_id) ?? 0, Number(r.sort_order)));
  const children = childrenOf(values);
  const plan: ResourcePlan = { create: [], link: [], leaves: [] };
  const walk = (parentValue: string | null, parentResource: string | null) => {
    for (const v of children.get(parentValue) ?? []) {
      if (!inScope(v.id)) continue;
      let id = resourceOfValue.get(v.id);
      if (!id && byCode.has(v.code)) {
        id = byCode.get(v.code)!;
        byCode.delete(v.code);
        plan.link.push({ resource_id: id, value_id: v.id });
      }
      if (!id) {
        id = newId();
        const order = (lastOrder.get(parentResource) ?? 0) + 1;
        lastOrder.set(parentResource, order);
        plan.create.push({
          id,
          parent_id: parentResource,
          code: v.code,
          name: v.name,
          sort_order: order,
          value_id: v.id,
        });
      }
      const kids = (children.get(v.id) ?? []).filter((k) => inScope(k.id));
      if (kids.length === 0) plan.leaves.push(id);
      walk(v.id, id);
    }
  };
  walk(null, null);
  return plan;
}
