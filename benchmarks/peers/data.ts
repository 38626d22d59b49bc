// The one generated schedule every Gantt in the peer benchmark is handed: the workbench bench's
// seeded WBS (benchmarks/bench-schedule.ts), as the document our workbench loads and as plain peer
// rows whose dates come from OUR engine on the standard calendar, so dhtmlx-gantt and SVAR show
// the real schedule rather than dates of their own. Runs in Node only.
import { formatLocal } from '../../src/domain/calendar';
import type { NodeType, RelationType } from '../../src/domain/schedule';
import type { WbsDoc } from '../../src/domain/wbs';
import { benchDoc, scheduleDoc } from '../bench-schedule';

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
  /** The document our workbench loads (benchmarks/workbench.ts builds its content from it). */
  doc: WbsDoc;
  /** Tree order (preorder), as the engine's model lists them. */
  tasks: PeerTask[];
  links: PeerLink[];
}

const MINUTES_PER_WORKDAY = 480;

const PEER_TYPE: Record<NodeType, PeerTask['type']> = {
  sum: 'project',
  milestone_start: 'milestone',
  milestone_finish: 'milestone',
  task: 'task',
  work: 'task',
  draft: 'task',
};

const peerDate = (t: number) => formatLocal(t).replace('T', ' ');

/** n rows of the workbench bench's schedule, scheduled by our engine, for the peers. */
export function peerSet(n: number): PeerSet {
  const doc = benchDoc(n);
  const { model, result: res } = scheduleDoc(doc);
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
  return { doc, tasks, links };
}
