// Activity codes of new rows. A row without a code shows its outline number (1, 1.2 …); a
// schedule whose activities all carry codes (an import from P6: A1000, A1010 …) gives new
// activities the next codes in the same pattern, as P6 numbers new activities: the prefix, then
// the highest number with that prefix plus 10 (P6's default increment), zero-padded to the same
// width. WBS nodes (sums) are not activities: their codes are not looked at and new ones get none.

import type { RowId, WbsDoc } from './types';

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

const familiesOf = new WeakMap<object, Map<string, CodeFamily> | null>();

/** The code families of the activities, once per rows map; null when some activity has no code. */
function codeFamilies(rows: WbsDoc['rows']): Map<string, CodeFamily> | null {
  if (familiesOf.has(rows)) return familiesOf.get(rows)!;
  const families = new Map<string, CodeFamily>();
  let activities = 0;
  let out: Map<string, CodeFamily> | null = families;
  for (const row of rows.values()) {
    if (row.nodeType === 'sum') continue;
    activities++;
    if (row.code === null || row.code === '') {
      out = null;
      break;
    }
    const m = splitCode(row.code);
    if (!m) continue;
    const [prefix, digits] = m;
    const value = Number(digits);
    const f = families.get(prefix);
    if (!f) families.set(prefix, { prefix, max: value, width: digits.length, count: 1 });
    else {
      f.count++;
      if (value > f.max || (value === f.max && digits.length > f.width)) {
        f.max = value;
        f.width = digits.length;
      }
    }
  }
  if (activities === 0 || families.size === 0) out = null;
  familiesOf.set(rows, out);
  return out;
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
  if (!family) for (const f of families.values()) if (!family || f.count > family.count) family = f;
  const { prefix, max, width } = family!;
  const out: string[] = [];
  for (let k = 1; k <= count; k++) out.push(prefix + String(max + k * CODE_INCREMENT).padStart(width, '0'));
  return out;
}
