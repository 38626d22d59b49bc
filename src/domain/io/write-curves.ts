// The resource curves the P6 writers (XER RSRCCURVDATA, P6 XML ResourceCurve) export: one per
// distinct shape among the assignments, numbered from 1, with P6's 21 usage points
// (domain/resources/curve-export.ts). A uniform assignment names no curve (P6's default spread).
import type { Assignment } from '../schedule/model';
import type { AssignmentCurve } from '../resources/curve-import';
import { p6PointsOfCurve } from '../resources/curve-export';

export interface WrittenCurve {
  id: number;
  name: string;
  /** pct_usage_0 … pct_usage_20 (P6 XML Value0 … Value100). */
  points: number[];
}

const NAMES: Record<Exclude<AssignmentCurve['kind'], 'custom' | 'uniform'>, string> = {
  front: 'Front loaded',
  back: 'Back loaded',
  bell: 'Bell shaped',
};

export function curvesToWrite(assignments: readonly Assignment[]): {
  curves: WrittenCurve[];
  /** The curve id an assignment names, undefined for a uniform one. */
  curveOf: (a: Assignment) => number | undefined;
} {
  const byKey = new Map<string, WrittenCurve>();
  const keyOf = (c: AssignmentCurve | undefined): string | null =>
    !c || c.kind === 'uniform' ? null : c.kind === 'custom' ? `custom:${(c.values ?? []).join(',')}` : c.kind;
  let custom = 0;
  for (const a of assignments) {
    const key = keyOf(a.curve);
    if (key === null || byKey.has(key)) continue;
    const c = a.curve!;
    const name = c.kind === 'custom' ? `Curve ${++custom}` : NAMES[c.kind as keyof typeof NAMES];
    byKey.set(key, { id: byKey.size + 1, name, points: p6PointsOfCurve(c) });
  }
  return {
    curves: [...byKey.values()],
    curveOf: (a) => {
      const key = keyOf(a.curve);
      return key === null ? undefined : byKey.get(key)?.id;
    },
  };
}
