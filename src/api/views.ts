// The views of issue 19: the cyclogram (line of balance), schedule quality indicators, the network
// diagram's reads, each user's scoreboard and each project's pipeline.
import { z } from 'zod';
import { unpackClashes, unpackLines } from '../domain/cyclogram/wire';
import type { ColoredLine } from '../domain/cyclogram/wire';
import type { CycloClash } from '../domain/cyclogram/types';
import { Id, IdParams, Ok } from './common';
import { route } from './route';

/** An attribute key, `wbs:N` (the WBS level N ancestor's name) or `name`. */
const GroupKey = z.string().min(1).max(200);
const Color = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/**
 * A line's works column by column: index i across the arrays is one work, in the line's time
 * order (src/domain/cyclogram/wire.ts; the client expands them into objects once).
 */
const Works = z.strictObject({
  id: z.array(z.string()),
  code: z.array(z.string()),
  name: z.array(z.string()),
  loc: z.array(z.number().int()),
  start: z.array(z.number()),
  finish: z.array(z.number()),
  percent: z.array(z.number()),
});
const Line = z.strictObject({
  kind: z.string(),
  color: z.string(),
  works: Works,
  start: z.number(),
  finish: z.number(),
  /** Locations per week. */
  rate: z.number(),
});
/** Two works of different kinds at one location at one time; `a` and `b` are the works' places
 * in the answer (the first line's works from 0 in order, then the next line's…). */
const Clashes = z.strictObject({
  loc: z.array(z.number().int()),
  a: z.array(z.number().int()),
  b: z.array(z.number().int()),
  start: z.array(z.number()),
  finish: z.array(z.number()),
});

export const CyclogramResponse = z.strictObject({
  location_by: z.string(),
  kind_by: z.string(),
  locations: z.array(z.string()),
  lines: z.array(Line),
  clashes: Clashes,
  start: z.number().nullable(),
  finish: z.number().nullable(),
  data_date: z.number().nullable(),
  /** The same works in the schedule's target version (null: it has none). */
  target: z.strictObject({ version_id: Id, label: z.string(), lines: z.array(Line) }).nullable(),
});
export type CyclogramResponse = z.infer<typeof CyclogramResponse>;

/** The answer as the client draws it: works and clashes as objects (expandCyclogram). */
export interface CyclogramChart extends Omit<CyclogramResponse, 'lines' | 'clashes' | 'target'> {
  lines: ColoredLine[];
  clashes: CycloClash[];
  target: { version_id: string; label: string; lines: ColoredLine[] } | null;
}
export type CyclogramLine = ColoredLine;

/** The wire's answer expanded (once, after the fetch). */
export function expandCyclogram(r: CyclogramResponse): CyclogramChart {
  const lines = unpackLines(r.lines);
  return {
    ...r,
    lines,
    clashes: unpackClashes(r.clashes, lines),
    target: r.target && { ...r.target, lines: unpackLines(r.target.lines) },
  };
}

export const IndicatorKey = z.enum([
  'logic',
  'leads',
  'lags',
  'relationship_types',
  'hard_constraints',
  'high_float',
  'negative_float',
  'high_duration',
  'invalid_dates',
  'resources',
  'missed_tasks',
  'critical_path_test',
  'cpli',
  'bei',
  'started_late',
  'finished_late',
  'slipped_finish',
]);
export const IndicatorResult = z.object({
  key: IndicatorKey,
  group: z.enum(['dcma', 'target']),
  ids: z.array(z.string()),
  population: z.number(),
  value: z.number(),
  threshold: z.number(),
  comparison: z.enum(['max', 'min']),
  pass: z.boolean().nullable(),
});
export type IndicatorResult = z.infer<typeof IndicatorResult>;
export const IndicatorsResponse = z.object({
  version_id: Id,
  target_version_id: Id.nullable(),
  activities: z.number().int(),
  indicators: z.array(IndicatorResult),
});
export type IndicatorsResponse = z.infer<typeof IndicatorsResponse>;

export const NetworkTask = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  node_type: z.string(),
  es: z.number().nullable(),
  ef: z.number().nullable(),
  tf: z.number().nullable(),
  critical: z.boolean(),
  percent: z.number(),
});
export type NetworkTask = z.infer<typeof NetworkTask>;
export const NetworkRelation = z.object({
  id: z.string(),
  pred_id: z.string(),
  succ_id: z.string(),
  type: z.enum(['fs', 'ss', 'ff', 'sf']),
  lag: z.number(),
});
export type NetworkRelation = z.infer<typeof NetworkRelation>;

export const ScoreMeasure = z.enum(['activities', 'percent', 'critical', 'slip_days', 'dcma_passed']);
export type ScoreMeasure = z.infer<typeof ScoreMeasure>;
export const ScoreTile = z.object({
  id: Id,
  node_id: Id,
  node_name: z.string(),
  node_kind: z.enum(['facility', 'project', 'schedule_group', 'schedule']),
  measure: ScoreMeasure,
  sort_order: z.number().int(),
  /** The measure over the working versions of the node's schedules; null: nothing to measure. */
  value: z.number().nullable(),
  /** For dcma_passed: the checks that apply; for the others the schedules measured. */
  of: z.number().int(),
});
export type ScoreTile = z.infer<typeof ScoreTile>;
const TileBody = z.object({ node_id: Id, measure: ScoreMeasure });

export const PipeStage = z.object({
  id: z.string(),
  name: z.string(),
  start: z.number().nullable(),
  finish: z.number().nullable(),
  percent: z.number(),
  target_start: z.number().nullable(),
  target_finish: z.number().nullable(),
});
export type PipeStage = z.infer<typeof PipeStage>;
export const Pipe = z.object({
  schedule_id: Id,
  name: z.string(),
  version_id: Id.nullable(),
  version_label: z.string().nullable(),
  data_date: z.number().nullable(),
  stages: z.array(PipeStage),
});
export type Pipe = z.infer<typeof Pipe>;
export const PipeSettings = z.object({
  stage_level: z.number().int().min(1).max(10),
  hidden_schedules: z.array(Id).max(1000),
});
export type PipeSettings = z.infer<typeof PipeSettings>;

export const viewRoutes = {
  cyclogram: route({
    method: 'GET',
    path: '/versions/:id/cyclogram/:attributeId',
    scope: 'space',
    summary:
      'The cyclogram of a version: locations from the attribute (or wbs:N), lines per kind of work (query kind_by), clashes, the target',
    params: z.object({ id: Id, attributeId: GroupKey }),
    query: z.object({ kind_by: GroupKey.default('name') }),
    response: CyclogramResponse,
  }),
  cyclogramColor: route({
    method: 'POST',
    path: '/versions/:id/cyclogram/color',
    scope: 'space',
    ability: 'edit',
    summary: "Saves the colours of a cyclogram's kinds of work (grouped by kind_by); null removes one",
    params: IdParams,
    body: z.object({
      kind_by: GroupKey,
      colors: z.record(z.string().max(500), Color.nullable()),
    }),
    response: z.object({ colors: z.record(z.string(), z.string()) }),
  }),
  indicators: route({
    method: 'PATCH',
    path: '/versions/:id/calculate/indicators/all',
    scope: 'space',
    summary: "Calculates the version's quality indicators (DCMA 14 points, progress against the target)",
    params: IdParams,
    response: IndicatorsResponse,
  }),
  networkTasks: route({
    method: 'GET',
    path: '/versions/:id/wbs/network-diagram/tasks',
    scope: 'space',
    summary:
      "The network diagram's boxes: the version's activities (no summaries) with dates, float, critical",
    params: IdParams,
    response: z.object({ items: z.array(NetworkTask) }),
  }),
  networkRelations: route({
    method: 'GET',
    path: '/versions/:id/wbs/network-diagram/relations',
    scope: 'space',
    summary: "The network diagram's arrows: the version's relations",
    params: IdParams,
    response: z.object({ items: z.array(NetworkRelation) }),
  }),
  scoreboard: route({
    method: 'GET',
    path: '/scoreboard',
    scope: 'space',
    summary: "The caller's scoreboard tiles in order, each with its measured value",
    response: z.object({ items: z.array(ScoreTile) }),
  }),
  scoreboardCreate: route({
    method: 'POST',
    path: '/scoreboard',
    scope: 'space',
    summary: 'Adds a tile at the end of the caller’s scoreboard',
    body: TileBody,
    response: ScoreTile,
    status: 201,
  }),
  scoreboardUpdate: route({
    method: 'PUT',
    path: '/scoreboard/:id',
    scope: 'space',
    summary: 'Changes a tile’s node or measure',
    params: IdParams,
    body: TileBody,
    response: ScoreTile,
  }),
  scoreboardDelete: route({
    method: 'DELETE',
    path: '/scoreboard/:id',
    scope: 'space',
    summary: 'Removes a tile',
    params: IdParams,
    response: Ok,
  }),
  scoreboardUp: route({
    method: 'PATCH',
    path: '/scoreboard/:id/up',
    scope: 'space',
    summary: 'Moves a tile one place up',
    params: IdParams,
    response: Ok,
  }),
  scoreboardDown: route({
    method: 'PATCH',
    path: '/scoreboard/:id/down',
    scope: 'space',
    summary: 'Moves a tile one place down',
    params: IdParams,
    response: Ok,
  }),
  scoreboardOrder: route({
    method: 'PUT',
    path: '/scoreboard/order',
    scope: 'space',
    summary: 'Puts the caller’s tiles in the given order (a drag and drop)',
    body: z.object({ ids: z.array(Id).max(500) }),
    response: Ok,
  }),
  pipes: route({
    method: 'GET',
    path: '/projects/:id/pipes',
    scope: 'space',
    summary: "The project's pipeline: per schedule its working version's stages against the target",
    params: IdParams,
    response: z.object({ settings: PipeSettings, pipes: z.array(Pipe) }),
  }),
  pipeSettings: route({
    method: 'GET',
    path: '/projects/:id/pipes/settings',
    scope: 'space',
    summary: "The project's pipeline settings",
    params: IdParams,
    response: PipeSettings,
  }),
  savePipeSettings: route({
    method: 'PUT',
    path: '/projects/:id/pipes/settings',
    scope: 'space',
    ability: 'edit',
    summary: "Saves the project's pipeline settings (stage level, schedules left out)",
    params: IdParams,
    body: PipeSettings,
    response: PipeSettings,
  }),
};
