// Links between model elements and WBS rows by rule: an element's storey, class, material, type,
// name or an IFC property equals a row's name, code or attribute (trimmed, case-insensitive).
// Pure: the server feeds it rows and elements; tests check it against a brute-force join.

export interface RuleElement {
  id: number;
  ifc_class: string;
  name: string | null;
  type_name: string | null;
  material: string | null;
  storey: string | null;
  /** Property sets and quantity sets: set → property → value. */
  props: Record<string, Record<string, unknown>>;
}

export interface RuleRow {
  id: string;
  code: string;
  name: string;
  attributes: Record<string, unknown>;
}

export interface Rule {
  element: {
    kind: 'storey' | 'class' | 'material' | 'type' | 'name' | 'property';
    pset?: string | undefined;
    property?: string | undefined;
  };
  row?: { kind: 'name' | 'code' | 'attribute'; key?: string | undefined } | undefined;
  /** A fixed value instead of a row key: matching elements link to every given row. */
  value?: string | undefined;
  /** Only rows whose row key equals it (a saved rule names its rows so: "code A1234"). */
  row_value?: string | undefined;
  classes?: string[] | undefined;
}

/** The comparable form of a value: trimmed, lower case; empty and null compare to nothing. */
export function norm(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const s = String(v).trim().toLowerCase();
  return s === '' ? null : s;
}

/** IfcWall also covers IfcWallStandardCase and other subclasses spelt with that prefix. */
export function classMatches(ifcClass: string, wanted: readonly string[]): boolean {
  if (wanted.length === 0) return true;
  return wanted.some(
    (w) =>
      ifcClass === w ||
      (ifcClass.startsWith(w) && /^(StandardCase|ElementedCase)$/.test(ifcClass.slice(w.length))),
  );
}

export function elementKey(e: RuleElement, k: Rule['element']): string | null {
  switch (k.kind) {
    case 'storey':
      return norm(e.storey);
    case 'class':
      return norm(e.ifc_class);
    case 'material':
      return norm(e.material);
    case 'type':
      return norm(e.type_name);
    case 'name':
      return norm(e.name);
    case 'property':
      return norm(k.pset && k.property ? e.props[k.pset]?.[k.property] : null);
  }
}

export function rowKey(r: RuleRow, k: NonNullable<Rule['row']>): string | null {
  if (k.kind === 'name') return norm(r.name);
  if (k.kind === 'code') return norm(r.code);
  return norm(k.key ? r.attributes[k.key] : null);
}

/** Every (row id, element id) pair the rule joins, rows in their given order. */
export function matchRule(
  rule: Rule,
  elements: readonly RuleElement[],
  rows: readonly RuleRow[],
): [string, number][] {
  const byKey = new Map<string, number[]>();
  const classes = rule.classes ?? [];
  for (const e of elements) {
    if (!classMatches(e.ifc_class, classes)) continue;
    const k = elementKey(e, rule.element);
    if (k === null) continue;
    const list = byKey.get(k);
    if (list) list.push(e.id);
    else byKey.set(k, [e.id]);
  }
  const out: [string, number][] = [];
  const fixed = rule.value !== undefined ? norm(rule.value) : null;
  const onlyRows = rule.row_value !== undefined ? norm(rule.row_value) : null;
  for (const r of rows) {
    const own = rule.row ? rowKey(r, rule.row) : null;
    if (rule.row_value !== undefined && (onlyRows === null || own !== onlyRows)) continue;
    const k = fixed ?? own;
    if (k === null) continue;
    for (const id of byKey.get(k) ?? []) out.push([r.id, id]);
  }
  return out;
}

/** What one rule of a list matched: its pairs, and the distinct rows and elements in them. */
export interface RuleMatch {
  pairs: number;
  rows: number;
  elements: number;
}

/**
 * Every pair any rule of the list joins, each once, in the rules' order (the first rule to match
 * a pair keeps it), with what each rule matched on its own (pairs another rule also matched count
 * for both).
 */
export function matchRules(
  rules: readonly Rule[],
  elements: readonly RuleElement[],
  rows: readonly RuleRow[],
): { pairs: [string, number][]; perRule: RuleMatch[] } {
  const seen = new Set<string>();
  const pairs: [string, number][] = [];
  const perRule = rules.map((rule) => {
    const own = matchRule(rule, elements, rows);
    for (const p of own) {
      const k = `${p[0]}\u0000${p[1]}`;
      if (seen.has(k)) continue;
      seen.add(k);
      pairs.push(p);
    }
    return {
      pairs: own.length,
      rows: new Set(own.map((p) => p[0])).size,
      elements: new Set(own.map((p) => p[1])).size,
    };
  });
  return { pairs, perRule };
}
