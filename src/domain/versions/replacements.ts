// Replacements: a schedule's substitution rules applied to every file uploaded into it, so that a
// contractor's file lines up with the owner's — its activity codes, calendar names and resource
// names become the owner's before the version is written (docs/versions.md, "Replacements").
import type { ScheduleModel } from '../schedule/model';

export type ReplacementField = 'code' | 'calendar' | 'resource';

export interface ReplacementRule {
  id: string;
  field: ReplacementField;
  /** The value as the uploaded file spells it (compared after trimming, case-sensitive). */
  from: string;
  /** The value it becomes. */
  to: string;
  active: boolean;
}

/** A problem with a rule set or its effect: a message key, the rule it concerns, its params. */
export interface ReplacementProblem {
  code:
    | 'replacements.same_value'
    | 'replacements.duplicate_from'
    | 'replacements.many_to_one'
    | 'replacements.code_collision';
  ruleId: string | null;
  params: Record<string, string>;
}

const key = (s: string) => s.trim();

/**
 * Problems of a rule set, active rules only: a rule that changes nothing, two rules for the same
 * value of a field (which one wins?), two activity codes mapped to one code (the rows would no
 * longer be told apart). Calendars and resources may merge: many to one is what a planner means.
 */
export function validateRules(rules: readonly ReplacementRule[]): ReplacementProblem[] {
  const problems: ReplacementProblem[] = [];
  const from = new Map<string, ReplacementRule>();
  const codeTo = new Map<string, ReplacementRule>();
  for (const r of rules) {
    if (!r.active) continue;
    if (key(r.from) === key(r.to)) {
      problems.push({ code: 'replacements.same_value', ruleId: r.id, params: { value: key(r.from) } });
      continue;
    }
    const k = `${r.field}\u0000${key(r.from)}`;
    const twin = from.get(k);
    if (twin) {
      problems.push({ code: 'replacements.duplicate_from', ruleId: r.id, params: { value: key(r.from) } });
      continue;
    }
    from.set(k, r);
    if (r.field === 'code') {
      const other = codeTo.get(key(r.to));
      if (other) {
        problems.push({
          code: 'replacements.many_to_one',
          ruleId: r.id,
          params: { first: key(other.from), second: key(r.from), to: key(r.to) },
        });
      } else codeTo.set(key(r.to), r);
    }
  }
  return problems;
}

/** The active rules of one field as a lookup from the (trimmed) old value to the new. */
function lookup(rules: readonly ReplacementRule[], field: ReplacementField): Map<string, string> {
  return new Map(rules.filter((r) => r.active && r.field === field).map((r) => [key(r.from), key(r.to)]));
}

/**
 * Codes that a rule set would make collide among these codes: a replaced code equal to another
 * row's (new) code. Empty codes never collide. Returns one problem per new code shared.
 */
export function codeCollisions(
  codes: readonly string[],
  rules: readonly ReplacementRule[],
): ReplacementProblem[] {
  const map = lookup(rules, 'code');
  const owners = new Map<string, string[]>();
  for (const c of codes) {
    const now = key(c);
    if (!now) continue;
    const next = map.get(now) ?? now;
    owners.set(next, [...(owners.get(next) ?? []), now]);
  }
  const problems: ReplacementProblem[] = [];
  for (const [code, olds] of owners) {
    // Only collisions a rule causes: codes already shared in the file are the file's own matter.
    if (olds.length > 1 && olds.some((o) => map.has(o))) {
      problems.push({
        code: 'replacements.code_collision',
        ruleId: null,
        params: { to: code, codes: [...new Set(olds)].join(', ') },
      });
    }
  }
  return problems;
}

export interface AppliedCount {
  field: ReplacementField;
  from: string;
  to: string;
  count: number;
}

/**
 * The model with the rules applied (a new object; the input is not changed) and how many values
 * each rule replaced; or the collisions it would cause, in which case nothing is applied.
 */
export function applyReplacements(
  model: ScheduleModel,
  rules: readonly ReplacementRule[],
): { model: ScheduleModel; applied: AppliedCount[] } | { problems: ReplacementProblem[] } {
  const problems = codeCollisions(
    model.activities.map((a) => a.code),
    rules,
  );
  if (problems.length) return { problems };
  const counts = new Map<string, AppliedCount>();
  const count = (field: ReplacementField, from: string, to: string) => {
    const k = `${field}\u0000${from}`;
    const c = counts.get(k) ?? { field, from, to, count: 0 };
    c.count += 1;
    counts.set(k, c);
  };
  const swap = (field: ReplacementField, map: Map<string, string>, value: string) => {
    const to = map.get(key(value));
    if (to === undefined) return value;
    count(field, key(value), to);
    return to;
  };
  const codes = lookup(rules, 'code');
  const calendars = lookup(rules, 'calendar');
  const resources = lookup(rules, 'resource');
  return {
    model: {
      ...model,
      activities: model.activities.map((a) =>
        codes.has(key(a.code)) ? { ...a, code: swap('code', codes, a.code) } : a,
      ),
      calendars: model.calendars.map((c) =>
        calendars.has(key(c.name)) ? { ...c, name: swap('calendar', calendars, c.name) } : c,
      ),
      resources: model.resources.map((r) =>
        resources.has(key(r.name)) ? { ...r, name: swap('resource', resources, r.name) } : r,
      ),
    },
    applied: [...counts.values()],
  };
}
