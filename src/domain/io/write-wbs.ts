// The P6 WBS of a model, for the XER and P6 XML writers. P6 files hold a project node (the WBS
// root, proj_node_flag Y) and hang every activity on a WBS node; other projects' activities
// (Activity.external) belong to a second project. A model read from P6 already has its project
// node as the single top-level summary: it is reused, so that write → read keeps the tree.

import type { Activity, ScheduleModel } from '../schedule/model';
import { integerIds, type TreeEntry } from './write-model';

export const MAIN_PROJECT = 1;
export const EXTERNAL_PROJECT = 2;

export interface WbsNode {
  id: number;
  /** The model summary it comes from; null for a node the writer adds. */
  activity: Activity | null;
  parent: number | null;
  project: number;
  projectNode: boolean;
  code: string;
  name: string;
  order: number;
}

export interface WbsPlan {
  nodes: WbsNode[];
  /** WBS node id of an activity. */
  wbsOf(a: Activity): number;
  projectOf(a: Activity): number;
  hasExternal: boolean;
}

export function planWbs(model: ScheduleModel, tree: readonly TreeEntry[], shortName: string): WbsPlan {
  const sums = tree.filter((t) => t.activity.kind === 'sum').map((t) => t.activity);
  const byId = new Map(model.activities.map((a) => [a.id, a]));
  // Which summaries hold activities of this project, and which only other projects' ones.
  const own = new Set<string>();
  const ext = new Set<string>();
  for (const a of model.activities) {
    if (a.kind === 'sum') continue;
    const mark = a.external ? ext : own;
    const seen = new Set<string>();
    for (let p = a.parentId; p !== null && !seen.has(p); p = byId.get(p)?.parentId ?? null) {
      seen.add(p);
      mark.add(p);
    }
  }
  const externalSum = (s: Activity): boolean => ext.has(s.id) && !own.has(s.id);
  const top = tree.filter((t) => t.level === 1).map((t) => t.activity);
  const topOwn = top.filter((a) => !(a.kind === 'sum' ? externalSum(a) : a.external));
  const reuseRoot = topOwn.length === 1 && topOwn[0]!.kind === 'sum' ? topOwn[0]! : null;

  const ids = integerIds(
    sums.map((s) => s.id),
    1,
  );
  let next = Math.max(0, ...ids.values()) + 1;
  const nodes: WbsNode[] = [];
  const rootId = reuseRoot ? ids.get(reuseRoot.id)! : next++;
  if (!reuseRoot) {
    nodes.push({
      id: rootId,
      activity: null,
      parent: null,
      project: MAIN_PROJECT,
      projectNode: true,
      code: shortName,
      name: model.projectName,
      order: 0,
    });
  }
  const hasExternal = model.activities.some((a) => a.external);
  const needExtRoot = model.activities.some(
    (a) => a.external && !(a.parentId !== null && ids.has(a.parentId)),
  );
  const extRootId = needExtRoot ? next : null;
  if (extRootId !== null) {
    nodes.push({
      id: extRootId,
      activity: null,
      parent: null,
      project: EXTERNAL_PROJECT,
      projectNode: true,
      code: `${shortName}-EXT`.slice(0, 40),
      name: `${model.projectName} (external)`,
      order: 0,
    });
  }
  for (const s of sums) {
    const isExt = externalSum(s);
    const parent = s.parentId !== null && ids.has(s.parentId) ? ids.get(s.parentId)! : null;
    const isRoot = s === reuseRoot;
    nodes.push({
      id: ids.get(s.id)!,
      activity: s,
      parent: isRoot ? null : (parent ?? (isExt ? null : rootId)),
      project: isExt ? EXTERNAL_PROJECT : MAIN_PROJECT,
      projectNode: isRoot || (isExt && parent === null),
      code: (s.code || s.name).slice(0, 40),
      name: s.name,
      order: s.order,
    });
  }
  return {
    nodes,
    hasExternal,
    wbsOf: (a) => {
      if (a.parentId !== null && ids.has(a.parentId)) return ids.get(a.parentId)!;
      return a.external && extRootId !== null ? extRootId : rootId;
    },
    projectOf: (a) => (a.external ? EXTERNAL_PROJECT : MAIN_PROJECT),
  };
}
