// A layout's grouping: an ordered list of up to three columns (nested headers, first outermost).
// Layouts saved before nesting hold one column as a string; they (and clients still sending one)
// are read as a one-level list, so old version layouts and templates keep their grouping.
import { z } from 'zod';

export const MAX_GROUP_LEVELS = 3;

const GroupColumn = z
  .string()
  .min(1)
  .max(120)
  // An attribute's key is the import's (a CSV header may hold spaces): no control characters.
  .regex(/^[^\p{Cc}]+$/u);

/** The levels as answered: a list (outermost first), or null for the WBS tree. */
export const GroupLevels = z
  .array(GroupColumn)
  .min(1)
  .max(MAX_GROUP_LEVELS)
  .refine((cs) => new Set(cs).size === cs.length, { params: { code: 'group.duplicate_level' } });

export const GroupBy = GroupLevels.nullable();

/** As sent or stored: the list, one column (older rows and clients), an empty list or null. */
export const GroupByCompat = z
  .union([
    z
      .array(z.never())
      .max(0)
      .transform(() => null),
    GroupLevels,
    GroupColumn.transform((c) => [c]),
  ])
  .nullable()
  .transform((v): string[] | null => v);

/** A stored value read as levels (anything unreadable: no grouping). */
export function readGroupBy(v: unknown): string[] | null {
  const r = GroupByCompat.safeParse(v ?? null);
  return r.success ? r.data : null;
}
