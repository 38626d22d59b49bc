// Analytics (spec §7 "Analytics data" and "Analytics settings"): money, cost, labour and volume by
// period at every level of the structure, counts, indicators, statistics, dashboards, series and
// graphs; and each user's dashboard settings, presets and curved settings per EPS node.
// What each figure means is in docs/analytics.md.
import { z } from 'zod';
import { Id, IdParams, Ok, SpaceParams } from './common';
import { route } from './route';
import { PeriodUnit } from './resources';

export const AnalyticsLevel = z.enum(['space', 'facility', 'project', 'schedule', 'version']);
export type AnalyticsLevel = z.infer<typeof AnalyticsLevel>;
/** What a curve adds up: row money (price × volume), resource cost, labour hours, volume. */
export const Measure = z.enum(['money', 'cost', 'labour', 'volume']);
export type Measure = z.infer<typeof Measure>;

/** Engine minutes (since 2000-01-01), as every date of the API. */
const Minute = z.coerce.number().int().min(0).max(26_800_000);
export const CurveQuery = z.object({
  unit: PeriodUnit.default('month'),
  from: Minute.optional(),
  to: Minute.optional(),
  /** Schedules only: the version to measure (default: the working version). */
  version_id: Id.optional(),
});
export type CurveQuery = z.infer<typeof CurveQuery>;

export const Series = z.object({
  /** plan | fact | target | dp, or the id of a schedule or resource (series and graphs). */
  key: z.string(),
  label: z.string(),
  per_period: z.array(z.number()),
  cumulative: z.array(z.number()),
  total: z.number(),
});
export type Series = z.infer<typeof Series>;
export const CurveResponse = z.object({
  unit: PeriodUnit,
  periods: z.array(z.object({ from: z.number(), to: z.number() })),
  series: z.array(Series),
  data_date: z.number().nullable(),
});
export type CurveResponse = z.infer<typeof CurveResponse>;

export const CountResponse = z.object({
  total: z.number().int(),
  sums: z.number().int(),
  by_type: z.record(z.string(), z.number().int()),
  by_status: z.object({
    not_started: z.number().int(),
    in_progress: z.number().int(),
    completed: z.number().int(),
  }),
  critical: z.number().int(),
  relations: z.number().int(),
});
export type CountResponse = z.infer<typeof CountResponse>;

export const IndicatorResponse = z.object({
  data_date: z.number().nullable(),
  /** Money planned to the data date (early dates) and earned (percent complete). */
  planned_to_date: z.number(),
  earned_to_date: z.number(),
  /** earned ÷ planned to date; null when nothing was planned by then. */
  spi: z.number().nullable(),
  /** Money-weighted and duration-weighted percent complete. */
  percent_money: z.number().nullable(),
  percent_duration: z.number().nullable(),
  finish: z.number().nullable(),
  target_finish: z.number().nullable(),
  /** Calendar days the finish is later than the target's (negative: earlier). */
  slip_days: z.number().nullable(),
  /** Activities finishing later than the same activity (by id or code) in the target. */
  delayed: z.number().int(),
});
export type IndicatorResponse = z.infer<typeof IndicatorResponse>;

export const StatsResponse = z.object({
  schedules: z.number().int(),
  activities: z.number().int(),
  start: z.number().nullable(),
  finish: z.number().nullable(),
  money: z.number(),
  cost: z.number(),
  labour: z.number(),
  volume: z.number(),
  percent: z.number().nullable(),
});
export type StatsResponse = z.infer<typeof StatsResponse>;

export const DashboardEntry = z.object({
  node_id: Id,
  name: z.string(),
  kind: z.enum(['facility', 'project', 'schedule_group', 'schedule']),
  schedules: z.number().int(),
  activities: z.number().int(),
  money_plan: z.number(),
  money_earned: z.number(),
  money_target: z.number(),
  labour: z.number(),
  percent: z.number().nullable(),
  start: z.number().nullable(),
  finish: z.number().nullable(),
});
export type DashboardEntry = z.infer<typeof DashboardEntry>;
export const DashboardResponse = z.object({
  /** The node's children (space: facilities; facility: projects; project: groups and schedules). */
  children: z.array(DashboardEntry),
  total: StatsResponse,
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;

export const BarsResponse = z.object({
  bars: z.array(z.object({ key: z.string(), label: z.string(), plan: z.number(), fact: z.number() })),
});
export type BarsResponse = z.infer<typeof BarsResponse>;

export const QualityResponse = z.object({
  activities: z.number().int(),
  items: z.array(z.object({ key: z.string(), value: z.number().int() })),
});

/** A number attribute of the rows (its key in the row attributes). */
export const CustomCostBody = z.object({
  attribute: z.string().min(1).max(200),
  unit: PeriodUnit.default('month'),
  from: Minute.optional(),
  to: Minute.optional(),
});

export const AllCostResponse = z.object({
  items: z.array(
    z.object({ node_id: Id, name: z.string(), money: z.number(), cost: z.number(), labour: z.number() }),
  ),
});

// Settings, presets and curved settings: what a user's dashboard at an EPS node shows.
export const ChartKey = z.enum([
  'money_curve',
  'labour_curve',
  'money_histogram',
  'labour_histogram',
  'volume',
  'executors',
  'tiles',
  'children',
]);
export type ChartKey = z.infer<typeof ChartKey>;
export const DashboardConfig = z.object({
  scope: AnalyticsLevel,
  unit: PeriodUnit,
  charts: z.array(ChartKey).max(20),
  series: z.array(z.enum(['plan', 'fact', 'target'])).max(3),
  cumulative: z.boolean(),
});
export type DashboardConfig = z.infer<typeof DashboardConfig>;
export const SettingKind = z.enum(['setting', 'preset', 'curved']);
export type SettingKind = z.infer<typeof SettingKind>;
const SettingName = z.string().trim().min(1).max(100);
export const AnalyticsSetting = z.object({
  id: Id,
  eps_id: Id.nullable(),
  kind: SettingKind,
  name: z.string(),
  config: DashboardConfig,
  active: z.boolean(),
  sort_order: z.number().int(),
});
export type AnalyticsSetting = z.infer<typeof AnalyticsSetting>;
const CreateBody = z.object({ eps_id: Id.nullable(), name: SettingName, config: DashboardConfig });
const UpdateBody = z.object({ id: Id, name: SettingName.optional(), config: DashboardConfig.optional() });
const List = z.object({ items: z.array(AnalyticsSetting) });

const levelPath = { facility: 'facilities', project: 'projects', schedule: 'schedules', version: 'versions' };
type NodeLevel = keyof typeof levelPath;

const curve = <const L extends NodeLevel, const M extends readonly [Measure, ...Measure[]]>(
  level: L,
  measures: M,
) =>
  route({
    method: 'GET',
    path: `/${levelPath[level]}/:id/analytics/:measure`,
    scope: 'space',
    summary: `A ${level}'s ${measures.join(', ')} by period: plan, fact (earned) and target, per period and cumulative`,
    params: z.object({ id: Id, measure: z.enum(measures) }),
    query: CurveQuery,
    response: CurveResponse,
  });
const plain = <const L extends NodeLevel, const P extends string, R extends z.ZodType>(
  level: L,
  tail: P,
  response: R,
  summary: string,
) =>
  route({
    method: 'GET',
    path: `/${levelPath[level]}/:id/analytics/${tail}`,
    scope: 'space',
    summary,
    params: IdParams,
    query: z.object({ version_id: Id.optional() }),
    response,
  });
const bars = <const L extends NodeLevel, const T extends string>(level: L, tail: T, what: string) =>
  route({
    method: 'GET',
    path: `/${levelPath[level]}/:id/analytics/graph/${tail}`,
    scope: 'space',
    summary: `A ${level}'s executors (assigned resources): ${what}`,
    params: IdParams,
    query: z.object({ version_id: Id.optional() }),
    response: BarsResponse,
  });
const customCost = <const L extends NodeLevel>(level: L) =>
  route({
    method: 'POST',
    path: `/${levelPath[level]}/:id/analytics/graph/custom-cost`,
    scope: 'space',
    summary: `A number attribute of a ${level}'s rows spread over their dates, by period`,
    params: IdParams,
    body: CustomCostBody,
    response: CurveResponse,
  });

const settingRoutes = <const K extends SettingKind, const B extends string, const A extends string>(
  kind: K,
  base: B,
  active: A,
) => ({
  list: route({
    method: 'GET',
    path: `${base}/:id`,
    scope: 'space',
    summary: `The caller's analytics ${kind}s at an EPS node (id = the node; a space's own: the space id)`,
    params: IdParams,
    response: List,
  }),
  create: route({
    method: 'POST',
    path: `${base}/create`,
    scope: 'space',
    summary: `Saves a new analytics ${kind} of the caller at an EPS node (the first one is active)`,
    body: CreateBody,
    response: AnalyticsSetting,
    status: 201,
  }),
  update: route({
    method: 'POST',
    path: `${base}/update`,
    scope: 'space',
    summary: `Renames or changes an analytics ${kind}`,
    body: UpdateBody,
    response: AnalyticsSetting,
  }),
  setActive: route({
    method: 'POST',
    path: `${base}/${active}/:id`,
    scope: 'space',
    summary: `Makes an analytics ${kind} the active one at its node (the others at the node are not)`,
    params: IdParams,
    response: AnalyticsSetting,
  }),
});

export const analyticsRoutes = {
  spaceCurve: route({
    method: 'GET',
    path: '/space/:space_id/analytics/:measure',
    scope: 'space',
    summary: "The space's money, cost or labour by period over all schedules' working versions",
    params: z.object({ space_id: Id, measure: z.enum(['money', 'cost', 'labour']) }),
    query: CurveQuery,
    response: CurveResponse,
  }),
  spaceStats: route({
    method: 'GET',
    path: '/space/:space_id/analytics/stats',
    scope: 'space',
    summary: "The space's totals over its schedules' working versions",
    params: SpaceParams,
    response: StatsResponse,
  }),
  spaceDashboard: route({
    method: 'GET',
    path: '/space/:space_id/analytics/dashboard',
    scope: 'space',
    summary: "The space's facilities side by side: activities, money planned, earned and in the target",
    params: SpaceParams,
    response: DashboardResponse,
  }),
  spaceCustomCost: route({
    method: 'POST',
    path: '/space/:space_id/analytics/graph/custom-cost',
    scope: 'space',
    summary: "A number attribute of the space's rows spread over their dates, by period",
    params: SpaceParams,
    body: CustomCostBody,
    response: CurveResponse,
  }),
  facilityCurve: curve('facility', ['money', 'cost', 'labour']),
  facilityStats: plain('facility', 'stats', StatsResponse, "A facility's totals"),
  facilityDashboard: plain('facility', 'dashboard', DashboardResponse, "A facility's projects side by side"),
  facilityCustomCost: customCost('facility'),
  facilityAllCost: route({
    method: 'POST',
    path: '/facilities/:id/analytics/all-cost',
    scope: 'space',
    summary: "A facility's projects with their money, resource cost and labour",
    params: IdParams,
    response: AllCostResponse,
  }),
  projectCurve: curve('project', ['money', 'cost', 'labour']),
  projectCount: plain('project', 'count', CountResponse, "Counts of a project's activities"),
  projectIndicator: plain('project', 'indicator', IndicatorResponse, "A project's progress indicators"),
  projectStats: plain('project', 'stats', StatsResponse, "A project's totals"),
  projectDashboard: plain('project', 'dashboard', DashboardResponse, "A project's schedules side by side"),
  projectSeries: route({
    method: 'GET',
    path: '/projects/:id/analytics/series/:kind',
    scope: 'space',
    summary: "A project's planned money or labour by period, one series per schedule or per executor",
    params: z.object({
      id: Id,
      kind: z.enum(['schedule', 'schedule-labour', 'executor', 'executor-labour']),
    }),
    query: CurveQuery,
    response: CurveResponse,
  }),
  projectGraphCurve: route({
    method: 'GET',
    path: '/projects/:id/analytics/graph/:kind',
    scope: 'space',
    summary: "A project's cost or labour per period (histogram): plan, fact and target",
    params: z.object({ id: Id, kind: z.enum(['cost', 'labour']) }),
    query: CurveQuery,
    response: CurveResponse,
  }),
  projectGraphExecutor: bars('project', 'executor', 'planned and earned resource cost'),
  projectGraphExecutorLabour: bars('project', 'executor-labour', 'planned and earned labour hours'),
  projectCustomCost: customCost('project'),
  scheduleCurve: curve('schedule', ['money', 'cost', 'labour', 'volume']),
  scheduleCount: plain('schedule', 'count', CountResponse, "Counts of a schedule's activities"),
  scheduleIndicator: plain('schedule', 'indicator', IndicatorResponse, "A schedule's progress indicators"),
  scheduleStats: plain('schedule', 'stats', StatsResponse, "A schedule's totals"),
  scheduleVolumeBy: route({
    method: 'GET',
    path: '/schedules/:id/analytics/volume/:by',
    scope: 'space',
    summary: "A schedule's volume by period against the target (by-target) or the daily plans (by-dp)",
    params: z.object({ id: Id, by: z.enum(['by-target', 'by-dp']) }),
    query: CurveQuery,
    response: CurveResponse,
  }),
  scheduleQuality: plain(
    'schedule',
    'schedule-indicator',
    QualityResponse,
    "Counts of a schedule's quality findings (open ends, leads, lags, constraints, float, long activities)",
  ),
  scheduleGraphExecutor: bars('schedule', 'executor', 'planned and earned resource cost'),
  scheduleGraphExecutorLabour: bars('schedule', 'executor-labour', 'planned and earned labour hours'),
  scheduleCustomCost: customCost('schedule'),
  versionCurve: curve('version', ['money', 'cost', 'labour', 'volume']),
  versionCount: plain('version', 'count', CountResponse, "Counts of a version's activities"),
  versionIndicator: plain('version', 'indicator', IndicatorResponse, "A version's progress indicators"),
  versionStats: plain('version', 'stats', StatsResponse, "A version's totals"),
  versionCustomCost: customCost('version'),
};

const setting = settingRoutes('setting', '/analytics/setting', 'setActive');
const curved = settingRoutes('curved', '/analytics/setting/curved', 'setActive');
const preset = settingRoutes('preset', '/analytics/preset', 'set-active');
export const analyticsSettingRoutes = {
  settingList: setting.list,
  settingCreate: setting.create,
  settingUpdate: setting.update,
  settingActive: setting.setActive,
  settingDelete: route({
    method: 'DELETE',
    path: '/analytics/:eps_id/setting/:id',
    scope: 'space',
    summary: 'Deletes an analytics setting of the caller at an EPS node',
    params: z.object({ eps_id: Id, id: Id }),
    response: Ok,
  }),
  curvedList: curved.list,
  curvedCreate: curved.create,
  curvedUpdate: curved.update,
  curvedActive: curved.setActive,
  curvedDelete: route({
    method: 'DELETE',
    path: '/analytics/setting/curved/:id',
    scope: 'space',
    summary: 'Deletes a curved setting',
    params: IdParams,
    response: Ok,
  }),
  curvedIndex: route({
    method: 'POST',
    path: '/analytics/setting/curved/update-index',
    scope: 'space',
    summary: "Puts a node's curved settings in the given order",
    body: z.object({ ids: z.array(Id).min(1).max(500) }),
    response: Ok,
  }),
  presetList: route({
    method: 'GET',
    path: '/analytics/preset',
    scope: 'space',
    summary: "The caller's analytics presets at an EPS node (eps_id; none: the space's own)",
    query: z.object({ eps_id: Id.optional() }),
    response: List,
  }),
  presetCreate: preset.create,
  presetUpdate: preset.update,
  presetActive: preset.setActive,
  presetDelete: route({
    method: 'DELETE',
    path: '/analytics/preset/:id',
    scope: 'space',
    summary: 'Deletes an analytics preset',
    params: IdParams,
    response: Ok,
  }),
};
