// A WBS node as the readers produce it: a 'sum' activity with nothing of its own to schedule
// (its dates roll up from its children).
import type { Activity, ActivityKind, NodeType } from '../schedule/model';

export function summaryNode(fields: Pick<Activity, 'id' | 'code' | 'name' | 'parentId' | 'order'>): Activity {
  return {
    ...fields,
    nodeType: 'sum',
    kind: 'sum',
    calendarId: '',
    duration: 0,
    remaining: 0,
    actualStart: null,
    actualFinish: null,
    percentComplete: 0,
    constraints: [],
    alap: false,
  };
}

/** The product's node type of a scheduled (non-WBS) activity of a given kind. */
export function taskNodeType(kind: ActivityKind): NodeType {
  if (kind === 'start_milestone') return 'milestone_start';
  if (kind === 'finish_milestone') return 'milestone_finish';
  return 'task';
}
