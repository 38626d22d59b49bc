// A project's pipeline: per schedule, its working version's stages (the WBS rows at the chosen
// level) with their span and progress beside the target version's span of the same stages.
import type { Kysely } from 'kysely';
import type { Pipe, PipeSettings, PipeStage } from '../../api/views';
import type { DB } from '../db/schema';
import { finishOf, isActivity, loadViewRows, startOf, versionOfKind } from './view-rows';
import type { ViewRow } from './view-rows';

interface Span {
  id: string;
  name: string;
  start: number | null;
  finish: number | null;
  percent: number;
}

/** The rows at `level` (1: the top rows) with the span and progress of the activities under them. */
export function stagesOf(rows: readonly ViewRow[], level: number): Span[] {
  const depth = new Map<string, number>();
  const stageOf = new Map<string, Span & { weight: number; done: number }>();
  const stages: (Span & { weight: number; done: number })[] = [];
  const owner = new Map<string, string>();
  for (const r of rows) {
    const d = r.parent_id !== null && depth.has(r.parent_id) ? depth.get(r.parent_id)! + 1 : 1;
    depth.set(r.id, d);
    const inherited = r.parent_id !== null ? owner.get(r.parent_id) : undefined;
    if (d === level) {
      const s = { id: r.id, name: r.name, start: null, finish: null, percent: 0, weight: 0, done: 0 };
      stages.push(s);
      stageOf.set(r.id, s);
      owner.set(r.id, r.id);
    } else if (inherited) owner.set(r.id, inherited);
    const s = stageOf.get(owner.get(r.id) ?? '');
    if (!s || !isActivity(r)) continue;
    const a = startOf(r);
    const f = finishOf(r);
    if (a !== null) s.start = s.start === null ? a : Math.min(s.start, a);
    if (f !== null) s.finish = s.finish === null ? f : Math.max(s.finish, f);
    const w = Math.max(r.duration, 1);
    s.weight += w;
    s.done += w * r.percent;
  }
  return stages.map(({ weight, done, ...s }) => ({ ...s, percent: weight > 0 ? done / weight : 0 }));
}

export async function projectPipes(
  db: Kysely<DB>,
  spaceId: string,
  projectId: string,
  settings: PipeSettings,
): Promise<Pipe[]> {
  const schedules = await db
    .selectFrom('eps_nodes as s')
    .select(['s.id', 's.name'])
    .where('s.space_id', '=', spaceId)
    .where('s.kind', '=', 'schedule')
    // Directly under the project, or under one of its schedule groups.
    .where((eb) =>
      eb.or([
        eb('s.parent_id', '=', projectId),
        eb(
          's.parent_id',
          'in',
          eb
            .selectFrom('eps_nodes as g')
            .select('g.id')
            .where('g.space_id', '=', spaceId)
            .where('g.parent_id', '=', projectId),
        ),
      ]),
    )
    .orderBy('s.sort_order')
    .execute();
  const hidden = new Set(settings.hidden_schedules);
  const pipes: Pipe[] = [];
  for (const s of schedules) {
    if (hidden.has(s.id)) continue;
    const v = await versionOfKind(db, spaceId, s.id, 'version');
    if (!v) {
      pipes.push({
        schedule_id: s.id,
        name: s.name,
        version_id: null,
        version_label: null,
        data_date: null,
        stages: [],
      });
      continue;
    }
    const t = await versionOfKind(db, spaceId, s.id, 'target');
    const targets = new Map(
      t ? stagesOf(await loadViewRows(db, spaceId, t.id), settings.stage_level).map((x) => [x.id, x]) : [],
    );
    const stages: PipeStage[] = stagesOf(await loadViewRows(db, spaceId, v.id), settings.stage_level).map(
      (x) => ({
        ...x,
        target_start: targets.get(x.id)?.start ?? null,
        target_finish: targets.get(x.id)?.finish ?? null,
      }),
    );
    pipes.push({
      schedule_id: s.id,
      name: s.name,
      version_id: v.id,
      version_label: v.label,
      data_date: v.data_date,
      stages,
    });
  }
  return pipes;
}

export async function pipeSettings(
  db: Kysely<DB>,
  spaceId: string,
  projectId: string,
): Promise<PipeSettings> {
  const row = await db
    .selectFrom('project_pipe_settings')
    .select(['stage_level', 'hidden_schedules'])
    .where('space_id', '=', spaceId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return row
    ? { stage_level: row.stage_level, hidden_schedules: row.hidden_schedules as string[] }
    : { stage_level: 2, hidden_schedules: [] };
}
