// What a dashboard's print draws, read on the server: the sheet format (a built-in one or the
// caller's print preset, by name), the dashboard's view (the caller's preset of the node: the one
// asked for, else the active one, else the default view) and the same analytics figures the
// dashboard's calls answer (services/analytics-figures.ts), with the titles' dynamic values.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type {
  AnalyticsLevel,
  BarsResponse,
  CountResponse,
  CurveResponse,
  DashboardConfig,
} from '../../api/analytics';
import type { IndicatorResponse, StatsResponse, DashboardEntry } from '../../api/analytics';
import { DashboardConfig as DashboardConfigSchema } from '../../api/analytics';
import type { DashboardPrintBody, SheetFormat } from '../../api/print';
import { defaultConfig } from '../../domain/analytics/dashboard';
import { defaultDashboardTitles } from '../../domain/print/dashboard-layout';
import { formatDate } from '../../domain/format';
import { BUILTIN_FORMATS, sameName } from '../../domain/print/settings';
import type { TitleSet } from '../../domain/print/settings';
import type { TitleValues } from '../../domain/print/titles';
import type { DB } from '../db/schema';
import { HttpError, notFound } from '../errors';
import type { ServerLang } from '../i18n/messages';
import type { AnalyticsScope } from '../services/analytics-scope';
import {
  counts,
  dashboard,
  executorBars,
  indicator,
  keyedCurve,
  measureCurve,
  stats,
} from '../services/analytics-figures';
import { getNode } from '../services/eps';

export interface DashboardFigures {
  money: CurveResponse;
  labour: CurveResponse;
  volume: CurveResponse | null;
  stats: StatsResponse;
  count: CountResponse | null;
  indicator: IndicatorResponse | null;
  children: DashboardEntry[] | null;
  schedules: CurveResponse | null;
  executors: BarsResponse['bars'] | null;
}

export interface DashboardSource {
  scope: AnalyticsLevel;
  format: SheetFormat;
  header: TitleSet;
  footer: TitleSet;
  config: DashboardConfig;
  figures: DashboardFigures;
  /** The node's name (the space's name for the space), and the version's label. */
  name: string;
  values: TitleValues;
  scheduleId: string | null;
  versionId: string | null;
}

const bad = (code: string, field: string, params: Record<string, string> = {}) =>
  new HttpError(400, 'BadRequest', [{ code, params: { field, ...params } }]);

export async function sheetFormat(
  db: Kysely<DB>,
  spaceId: string,
  userId: string,
  name: string,
): Promise<SheetFormat> {
  const builtin = BUILTIN_FORMATS.find((f) => sameName(f.name, name));
  if (builtin) return structuredClone(builtin);
  const own = await db
    .selectFrom('print_presets')
    .select(['name', 'width_mm', 'height_mm', 'margins_mm'])
    .where('space_id', '=', spaceId)
    .where('user_id', '=', userId)
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .executeTakeFirst();
  if (!own) throw bad('print.unknown_format', 'body.format', { format: name });
  return own as SheetFormat;
}

export async function dashboardSource(
  db: Kysely<DB>,
  spaceId: string,
  userId: string,
  body: DashboardPrintBody,
  lang: ServerLang,
): Promise<DashboardSource> {
  const { scope, id } = body;
  let a: AnalyticsScope;
  let name: string;
  let versionLabel = '';
  let dataDate: number | null = null;
  let scheduleId: string | null = null;
  let versionId: string | null = null;
  switch (scope) {
    case 'space': {
      if (id !== spaceId) throw bad('print.unknown_node', 'body.id');
      const s = await db.selectFrom('spaces').select('name').where('id', '=', spaceId).executeTakeFirst();
      a = { kind: 'space', spaceId };
      name = s?.name ?? '';
      break;
    }
    case 'facility':
    case 'project':
    case 'schedule': {
      const n = await getNode(db, spaceId, id, scope);
      a = { kind: 'node', spaceId, nodeId: id };
      name = n.name;
      if (scope === 'schedule') scheduleId = id;
      break;
    }
    case 'version': {
      const v = await db
        .selectFrom('versions')
        .select(['id', 'schedule_id', 'label', 'data_date'])
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!v) throw notFound('version');
      const n = await getNode(db, spaceId, v.schedule_id, 'schedule');
      a = { kind: 'version', spaceId, versionId: v.id, scheduleId: v.schedule_id };
      name = n.name;
      versionLabel = v.label;
      dataDate = v.data_date;
      scheduleId = v.schedule_id;
      versionId = v.id;
      break;
    }
  }

  // The dashboard reads the presets of its node: a version's are its schedule's, the space's have none.
  const presetNode = scope === 'space' ? null : scope === 'version' ? scheduleId : id;
  let q = db
    .selectFrom('analytics_settings')
    .select(['config', 'active'])
    .where('space_id', '=', spaceId)
    .where('user_id', '=', userId)
    .where('kind', '=', 'preset');
  let config: DashboardConfig;
  if (body.preset_id) {
    const row = await q.where('id', '=', body.preset_id).executeTakeFirst();
    if (!row) throw bad('print.unknown_preset', 'body.preset_id');
    config = DashboardConfigSchema.parse(row.config);
  } else {
    q = presetNode === null ? q.where('eps_id', 'is', null) : q.where('eps_id', '=', presetNode);
    const row = await q.where('active', '=', true).executeTakeFirst();
    const parsed = row ? DashboardConfigSchema.safeParse(row.config) : null;
    config = parsed?.success ? parsed.data : defaultConfig(scope);
  }

  const format = await sheetFormat(db, spaceId, userId, body.format);
  const titles = defaultDashboardTitles(lang === 'ru' ? 'ru' : 'en');
  const range = { unit: config.unit, from: undefined, to: undefined };
  const one = scope === 'schedule' || scope === 'version';
  const many = scope === 'space' || scope === 'facility';
  const [money, labour, volume, st, count, ind, children, schedules, executors, user] = await Promise.all([
    measureCurve(db, a, 'money', range),
    measureCurve(db, a, 'labour', range),
    one ? measureCurve(db, a, 'volume', range) : null,
    stats(db, a),
    many ? null : counts(db, a),
    many ? null : indicator(db, a),
    many ? dashboard(db, spaceId, scope === 'space' ? null : id) : null,
    scope === 'project' ? keyedCurve(db, a, 'money', 'sched', range) : null,
    // The dashboard's executor bars: a project's, a schedule's working version, a version's own.
    many ? null : executorBars(db, a, 'cost'),
    db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'login'])
      .where('id', '=', userId)
      .executeTakeFirst(),
  ]);
  const userName = user ? `${user.first_name} ${user.last_name}`.trim() || user.login : '';
  return {
    scope,
    format,
    header: body.header ?? titles.header,
    footer: body.footer ?? titles.footer,
    config,
    figures: {
      money,
      labour,
      volume,
      stats: st,
      count,
      indicator: ind,
      children,
      schedules,
      executors,
    },
    name,
    scheduleId,
    versionId,
    values: {
      page: '',
      pages: '',
      date: new Date().toISOString().slice(0, 10),
      schedule: name,
      version: versionLabel,
      data_date: dataDate === null ? '' : formatDate(dataDate, 'YYYY-MM-DD', lang === 'ru' ? 'ru' : 'en'),
      user: userName,
    },
  };
}
