// P6 XML resources and resource assignments → the model's resources and assignments, as the XER
// reader takes RSRC, TASKRSRC and RSRCCURVDATA. P6 XML writes <Resource> and <ResourceCurve> under
// <APIBusinessObjects> and <ResourceAssignment> under its <Project> (older exports put them at the
// top level: both places are read).
// - Resource: ObjectId, Name (else Id), CalendarObjectId, ResourceType (Labor, Nonlabor, Material).
// - ResourceAssignment: ActivityObjectId, ResourceObjectId, PlannedUnits (the planned quantity, as
//   XER's target_qty; RemainingUnits + ActualUnits when PlannedUnits is absent), and
//   ResourceCurveObjectId.
// - ResourceCurve: ObjectId and Values with Value0, Value5, …, Value100 — the 21 usage points of
//   XER's pct_usage_0 … pct_usage_20 (curve-import.ts reads them the same way).
import type { Assignment, Resource } from '../../schedule/model';
import type { AssignmentCurve } from '../../resources/curve-import';
import { curveField, curveFromP6Points } from '../../resources/curve-import';
import { child, children, text } from '../mspdi/xml';
import type { XmlNode } from '../mspdi/xml';

export const PMXML_RESOURCE_ARRAYS = ['Resource', 'ResourceAssignment', 'ResourceCurve'];

function num(node: XmlNode, field: string): number | null {
  const v = text(node, field).trim();
  if (v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** The curves of the file by ObjectId (a curve whose points are not 21 numbers ≥ 0 is left out). */
function readCurves(root: XmlNode | undefined): Map<string, AssignmentCurve> {
  const curves = new Map<string, AssignmentCurve>();
  for (const c of children(root, 'ResourceCurve')) {
    const values = child(c, 'Values');
    const points = Array.from({ length: 21 }, (_, i) => num(values ?? {}, `Value${i * 5}`) ?? Number.NaN);
    const curve = curveFromP6Points(points);
    if (curve) curves.set(text(c, 'ObjectId'), curve);
  }
  return curves;
}

export function readPmxmlResources(
  root: XmlNode | undefined,
  projects: readonly XmlNode[],
  calIds: ReadonlySet<string>,
  activityIds: ReadonlySet<string>,
): { resources: Resource[]; assignments: Assignment[] } {
  const resources: Resource[] = [root, ...projects]
    .flatMap((n) => children(n, 'Resource'))
    .map((r) => {
      const cal = text(r, 'CalendarObjectId');
      const kind = text(r, 'ResourceType');
      return {
        id: text(r, 'ObjectId'),
        name: text(r, 'Name') || text(r, 'Id'),
        calendarId: calIds.has(cal) ? cal : null,
        ...(kind ? { kind } : {}),
      };
    })
    .filter((r) => r.id !== '');
  const known = new Set(resources.map((r) => r.id));
  const curves = readCurves(root);
  const assignments: Assignment[] = [root, ...projects]
    .flatMap((n) => children(n, 'ResourceAssignment'))
    .filter((a) => activityIds.has(text(a, 'ActivityObjectId')) && known.has(text(a, 'ResourceObjectId')))
    .map((a, i) => {
      const planned = num(a, 'PlannedUnits');
      const units = planned ?? (num(a, 'RemainingUnits') ?? 0) + (num(a, 'ActualUnits') ?? 0);
      return {
        id: text(a, 'ObjectId') || `asg${i + 1}`,
        activityId: text(a, 'ActivityObjectId'),
        resourceId: text(a, 'ResourceObjectId'),
        units,
        ...curveField(curves.get(text(a, 'ResourceCurveObjectId'))),
      };
    });
  return { resources, assignments };
}

/**
 * Resource calendars of resource-dependent activities (Activity.resourceCalendarIds), as the XER
 * reader sets them: the calendars of the resources assigned to each.
 */
export function resourceCalendarsByActivity(
  resources: readonly Resource[],
  assignments: readonly Assignment[],
): Map<string, string[]> {
  const calOf = new Map(resources.map((r) => [r.id, r.calendarId]));
  const byActivity = new Map<string, string[]>();
  for (const a of assignments) {
    const cal = calOf.get(a.resourceId);
    if (!cal) continue;
    const list = byActivity.get(a.activityId) ?? [];
    list.push(cal);
    byActivity.set(a.activityId, list);
  }
  return byActivity;
}
