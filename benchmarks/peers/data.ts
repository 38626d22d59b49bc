// The one generated schedule every Gantt in the peer benchmark is handed: the seeded WBS of the
// workbench bench (generateWbs), in the API contract's shape (contentOf, what GET versions/{id}/wbs
// returns) and as plain peer rows whose dates come from OUR engine on the standard calendar, so
// dhtmlx-gantt and SVAR show the real schedule rather than dates of their own. Runs in Node only.
//
// Caveat of this data: its random forward links chain the sections, so the longest path runs
// through almost every task and most dates hit the engine's 2050 clamp (at 50k, ~48k tasks start at
// 2051-01-01 00:00 with an early finish of 2050-12-30 17:00). A peer is never handed an end before
// its start: such a row ends where it starts (a zero-length bar at the end of the range).
import type { WbsItem, WbsRelation as ApiRelation } from '../../src/api/versions';
import { standardCalendarDef } from '../../src/domain/calendar';
import { formatLocal, toMinutes } from '../../src/domain/calendar';
import { scheduleModel } from '../../src/domain/schedule';
import type { NodeType, RelationType } from '../../src/domain/schedule';
import { toScheduleModel, type WbsDoc } from '../../src/domain/wbs';
import { generateWbs } from '../../tests/domain/wbs/generate';

/** One row for a peer library. Dates are local "YYYY-MM-DD HH:mm" (engine minutes, no zone). */
export interface PeerTask {
  id: string;
  /** null = top level. */
  parent: string | null;
  name: string;
  type: 'project' | 'milestone' | 'task';
  start: string;
  end: string;
  /** Working days on the standard calendar (8 h a day), as the engine counts them. */
  durationDays: number;
  /** 0–100. */
  progress: number;
}

/** A relation; each harness maps `type` to its library's own link codes. */
export interface PeerLink {
  id: string;
  source: string;
  target: string;
  type: RelationType;
  /** Working days, negative = lead. */
  lagDays: number;
}

export interface PeerSet {
  content: { items: WbsItem[]; relations: ApiRelation[] };
  /** Tree order (preorder), as the engine's model lists them. */
  tasks: PeerTask[];
  links: PeerLink[];
}

const MINUTES_PER_WORKDAY = 480;
/** A fixed data date (a Monday) so every run schedules the same dates. */
const DATA_DATE = toMinutes(2026, 1, 5);

const PEER_TYPE: Record<NodeType, PeerTask['type']> = {
  sum: 'project',
  milestone_start: 'milestone',
  milestone_finish: 'milestone',
  task: 'task',
  work: 'task',
  draft: 'task',
};

/** The document in the contract's shape (what GET versions/{id}/wbs returns), not yet scheduled. */
export function contentOf(doc: WbsDoc): PeerSet['content'] {
  const items: WbsItem[] = [];
  for (const r of doc.rows.values()) {
    items.push({
      id: r.id,
      parent_id: r.parentId,
      order_key: r.orderKey,
      node_type: r.nodeType,
      code: r.code ?? '',
      name: r.name,
      calendar_id: null,
      duration: r.duration,
      remaining: r.duration,
      actual_start: null,
      actual_finish: null,
      percent: r.percentComplete,
      start_limit_type: null,
      start_limit_date: null,
      finish_limit_type: null,
      finish_limit_date: null,
      volume: r.volume,
      price: r.price,
      attributes: {},
      es: null,
      ef: null,
      ls: null,
      lf: null,
      tf: null,
      ff: null,
      critical: null,
    });
  }
  const relations: ApiRelation[] = [...doc.relations.values()].map((r) => ({
    id: r.id,
    pred_id: r.predId,
    succ_id: r.succId,
    type: r.type,
    lag: r.lag,
  }));
  return { items, relations };
}

const peerDate = (t: number) => formatLocal(t).replace('T', ' ');

/** n rows of the workbench bench's schedule, scheduled by our engine, for the peers. */
export function peerSet(n: number, seed = 7): PeerSet {
  const doc = generateWbs(n, { seed, fanout: [10, 20], relationsPerTask: 1.5 });
  const model = toScheduleModel(doc.rows, doc.relations, [standardCalendarDef('standard')], {
    dataDate: DATA_DATE,
    projectStart: DATA_DATE,
    mustFinishBy: null,
    defaultCalendarId: 'standard',
    progressMode: 'retained_logic',
    lagCalendar: 'predecessor',
    floatType: 'finish',
    criticalBy: 'total_float',
    criticalFloat: 0,
    semantics: 'p6',
  });
  const res = scheduleModel(model);
  if (res.errors.length > 0) throw new Error(`peer data: ${res.errors[0]!.message}`);
  const tasks = model.activities.map((a, i): PeerTask => ({
    id: a.id,
    parent: a.parentId,
    name: a.name,
    type: PEER_TYPE[a.nodeType],
    start: peerDate(res.es[i]!),
    end: peerDate(Math.max(res.es[i]!, res.ef[i]!)),
    durationDays: a.duration / MINUTES_PER_WORKDAY,
    progress: res.percentComplete[i]!,
  }));
  const links = model.relations.map((r): PeerLink => ({
    id: r.id,
    source: r.predId,
    target: r.succId,
    type: r.type,
    lagDays: r.lag / MINUTES_PER_WORKDAY,
  }));
  return { content: contentOf(doc), tasks, links };
}
