// Activity codes of new rows. A row without a code shows its outline number (1, 1.2 …); a
// schedule whose activities all carry codes (an import from P6: A1000, A1010 …) gives new
// activities the next codes in the same pattern, as P6 numbers new activities: the prefix, then
// the highest number with that prefix plus 10 (P6's default increment), zero-padded to the same
// width. WBS nodes (sums) are not activities: their codes are not looked at and new ones get none.

import type { RowId, WbsDoc, WbsRow } from './types';

/** P6's default activity id increment. */
const CODE_INCREMENT = 10;

/** A code as [prefix, trailing digits], or null without trailing digits (a loop, not a regex: it runs on every row). */
function splitCode(code: string): [string, string] | null {
  let i = code.length;
  while (i > 0) {
    const c = code.charCodeAt(i - 1);
    if (c < 48 || c > 57) break;
    i--;
  }
  return i === code.length ? null : [code.slice(0, i), code.slice(i)];
}

interface CodeFamily {
  prefix: string;
  max: number;
  width: number;
  count: number;
}

/** What the rows' codes say: counts, and the families by prefix. */
interface CodeState {
  activities: number;
  /** Activities without a code (any: the schedule does not number its activities). */
  uncoded: number;
  readonly families: Map<string, CodeFamily>;
}

/** Per rows map; carried to the next map by carryCodeFamilies, so an edit does not rescan 100k rows. */
const statesOf = new WeakMap<object, CodeState>();

type RowCode = Pick<WbsRow, 'nodeType' | 'code'>;

function addRow(s: CodeState, row: RowCode): void {
  if (row.nodeType === 'sum') return;
  s.activities++;
  if (row.code === null || row.code === '') {
    s.uncoded++;
    return;
  }
  const m = splitCode(row.code);
  if (!m) return;
  const [prefix, digits] = m;
  const value = Number(digits);
  const f = s.families.get(prefix);
  if (!f) s.families.set(prefix, { prefix, max: value, width: digits.length, count: 1 });
  else {
    f.count++;
    if (value > f.max || (value === f.max && digits.length > f.width)) {
      f.max = value;
      f.width = digits.length;
    }
  }
}

/** Takes a row's part out; false when it held its family's highest code (the next is unknown). */
function removeRow(s: CodeState, row: RowCode): boolean {
  if (row.nodeType === 'sum') return true;
  s.activities--;
  if (row.code === null || row.code === '') {
    s.uncoded--;
    return true;
  }
  const m = splitCode(row.code);
  if (!m) return true;
  const f = s.families.get(m[0]);
  if (!f || Number(m[1]) >= f.max) return false;
  if (--f.count === 0) s.families.delete(m[0]);
  return true;
}

function stateOf(rows: WbsDoc['rows']): CodeState {
  let s = statesOf.get(rows);
  if (!s) {
    s = { activities: 0, uncoded: 0, families: new Map() };
    for (const row of rows.values()) addRow(s, row);
    statesOf.set(rows, s);
  }
  return s;
}

/** The code families of the activities; null when some activity has no code. */
function codeFamilies(rows: WbsDoc['rows']): Map<string, CodeFamily> | null {
  const s = stateOf(rows);
  return s.activities === 0 || s.uncoded > 0 || s.families.size === 0 ? null : s.families;
}

/**
 * Brings the code state of `before` (when it has one) to `after`, from the rows a change touched
 * (`touched()`: undefined when it cannot say). Without it, the next Insert or paste after every
 * edit would walk all rows again. A row that held its family's highest code leaves the state to
 * be counted again when next asked.
 */
export function carryCodeFamilies(
  before: WbsDoc['rows'],
  after: WbsDoc['rows'],
  touched: () => Iterable<RowId> | undefined,
): void {
  const s = statesOf.get(before);
  if (!s || before === after || statesOf.has(after)) return;
  const ids = touched();
  if (!ids) return;
  const next: CodeState = {
    activities: s.activities,
    uncoded: s.uncoded,
    families: new Map([...s.families].map(([k, f]) => [k, { ...f }])),
  };
  for (const id of ids) {
    const a = before.get(id);
    const b = after.get(id);
    if (a === b) continue;
    if (a && !removeRow(next, a)) return;
    if (b) addRow(next, b);
  }
  statesOf.set(after, next);
}

/**
 * Codes for `count` new activities, or null when the schedule does not number its activities (a
 * task without a code, no task at all, or codes without a trailing number). The family is the
 * one of the row the new rows go next to (`near`), else the most used prefix.
 */
export function nextActivityCodes(doc: WbsDoc, count: number, near?: RowId | null): string[] | null {
  if (count <= 0) return [];
  const families = codeFamilies(doc.rows);
  if (!families) return null;
  const nearCode = near ? doc.rows.get(near)?.code : null;
  const nearPrefix = nearCode ? splitCode(nearCode)?.[0] : undefined;
  let family = nearPrefix !== undefined ? families.get(nearPrefix) : undefined;
  // The most used; between as used, the first prefix in code order (not the order rows come in).
  if (!family)
    for (const f of families.values())
      if (!family || f.count > family.count || (f.count === family.count && f.prefix < family.prefix))
        family = f;
  const { prefix, max, width } = family!;
  const out: string[] = [];
  for (let k = 1; k <= count; k++) out.push(prefix + String(max + k * CODE_INCREMENT).padStart(width, '0'));
  return out;
}
