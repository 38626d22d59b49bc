// Appearance profiles by attribute: elements grouped by the value of a key (storey, class,
// material, type, name or an IFC property; trimmed, compared case-insensitively as link rules
// compare), each value with the profile's colour for it or one of a fixed palette.
import { elementKey, norm } from './rules';
import type { Rule, RuleElement } from './rules';

export type AttributeKey = Rule['element'];

export interface ValueGroup {
  /** The value as first spelt in the model (trimmed). */
  value: string;
  element_ids: number[];
}

/** Distinct colours for values the profile gives none (in the groups' order). */
export const PALETTE = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#86bcb6',
  '#d37295',
  '#a0cbe8',
];

/** Elements with a value for the key, grouped by it, groups sorted by value (natural order). */
export function groupByKey(elements: readonly RuleElement[], key: AttributeKey): ValueGroup[] {
  const groups = new Map<string, ValueGroup>();
  for (const e of elements) {
    const k = elementKey(e, key);
    if (k === null) continue;
    let g = groups.get(k);
    if (!g) {
      const raw =
        key.kind === 'property'
          ? e.props[key.pset ?? '']?.[key.property ?? '']
          : {
              storey: e.storey,
              class: e.ifc_class,
              material: e.material,
              type: e.type_name,
              name: e.name,
            }[key.kind];
      g = { value: String(raw).trim(), element_ids: [] };
      groups.set(k, g);
    }
    g.element_ids.push(e.id);
  }
  return [...groups.values()].sort((a, b) =>
    a.value.localeCompare(b.value, undefined, { numeric: true, sensitivity: 'base' }),
  );
}

/** The colour of each group: the profile's for its value (by the compared form), else the palette's. */
export function groupColors(
  groups: readonly ValueGroup[],
  valueColors: Readonly<Record<string, string>>,
): string[] {
  const given = new Map<string, string>();
  for (const [v, c] of Object.entries(valueColors)) {
    const k = norm(v);
    if (k !== null) given.set(k, c);
  }
  let next = 0;
  return groups.map((g) => given.get(norm(g.value) ?? '') ?? PALETTE[next++ % PALETTE.length]!);
}

/** Element id → colour for every element of the groups. */
export function attributeColors(
  groups: readonly ValueGroup[],
  valueColors: Readonly<Record<string, string>>,
): Map<number, string> {
  const colors = groupColors(groups, valueColors);
  const out = new Map<number, string>();
  groups.forEach((g, i) => {
    for (const id of g.element_ids) out.set(id, colors[i]!);
  });
  return out;
}
