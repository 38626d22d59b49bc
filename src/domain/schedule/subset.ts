// A version written as the grid shows it under a filter: the kept activities with the summaries
// above them (the tree stays whole), the relations between kept activities only, and the kept
// activities' assignments. Calendars, resources and options stay (a file needs them whole).
import type { ScheduleModel } from './model';

export function subsetModel(model: ScheduleModel, keep: ReadonlySet<string>): ScheduleModel {
  const parentOf = new Map(model.activities.map((a) => [a.id, a.parentId]));
  const kept = new Set<string>();
  for (const id of keep) {
    for (
      let at: string | null | undefined = id;
      at && parentOf.has(at) && !kept.has(at);
      at = parentOf.get(at)
    )
      kept.add(at);
  }
  return {
    ...model,
    activities: model.activities.filter((a) => kept.has(a.id)),
    relations: model.relations.filter((r) => kept.has(r.predId) && kept.has(r.succId)),
    assignments: model.assignments.filter((a) => kept.has(a.activityId)),
  };
}
