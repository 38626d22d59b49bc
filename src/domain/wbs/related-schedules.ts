// What the node panel's "Related schedules" tab lists for a row: its links to activities of other
// projects (a multi-project P6 export keeps them as external activities: stored dates, read-only,
// their project named), the external dates P6 keeps when those activities were not exported
// (`external_early_start_date`, `external_late_finish_date`), and, for an external activity
// itself, the project it belongs to.

import type { Minutes } from '../schedule/model';
import { relationsOf } from './relations';
import type { RowId, WbsDoc, WbsRelation, WbsRow } from './types';

export interface RelatedLink {
  /** Which end the other activity is: it precedes this row, or follows it. */
  readonly side: 'predecessor' | 'successor';
  readonly relation: WbsRelation;
  readonly other: WbsRow;
  /** The other activity's project (P6 short name; '' when the file did not name it). */
  readonly project: string;
}

export interface RelatedSchedules {
  /** This row is another project's activity: that project ('' unnamed); null when it is ours. */
  readonly ownProject: string | null;
  /** Links whose other end is an activity of another project, predecessors first, by code. */
  readonly links: readonly RelatedLink[];
  /** P6's bounds from relationships to projects not in the file (null: none). */
  readonly externalEarlyStart: Minutes | null;
  readonly externalLateFinish: Minutes | null;
}

const byCode = (a: RelatedLink, b: RelatedLink) =>
  (a.other.code ?? '').localeCompare(b.other.code ?? '') || a.other.name.localeCompare(b.other.name);

export function relatedSchedules(doc: WbsDoc, rowId: RowId): RelatedSchedules | null {
  const row = doc.rows.get(rowId);
  if (!row) return null;
  const ownProject = row.sched?.external ? (row.sched?.external.project ?? '') : null;
  const { predecessors, successors } = relationsOf(doc, rowId);
  const side = (s: RelatedLink['side'], rels: readonly WbsRelation[]) =>
    rels
      .map((relation) => {
        const other = doc.rows.get(s === 'predecessor' ? relation.predId : relation.succId);
        // Only links across the boundary: ours to another project's, or (for an external row)
        // another project's to ours. Links among other projects' activities are theirs.
        if (!other || !other.sched?.external === !row.sched?.external) return null;
        return { side: s, relation, other, project: other.sched?.external?.project ?? '' };
      })
      .filter((l): l is RelatedLink => l !== null)
      .sort(byCode);
  return {
    ownProject,
    links: [...side('predecessor', predecessors), ...side('successor', successors)],
    externalEarlyStart: row.sched?.externalEarlyStart ?? null,
    externalLateFinish: row.sched?.externalLateFinish ?? null,
  };
}

/** Whether the tab has anything to show for the row. */
export function hasRelatedSchedules(r: RelatedSchedules | null): boolean {
  return (
    !!r &&
    (r.ownProject !== null ||
      r.links.length > 0 ||
      r.externalEarlyStart !== null ||
      r.externalLateFinish !== null)
  );
}
