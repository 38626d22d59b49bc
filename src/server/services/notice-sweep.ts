// The look-ahead job (issue 26): every NOTICE_SWEEP_MINUTES it finds rows of each schedule's
// active version (the actual one, else the first working version, as the project grid) that
// start or finish within NOTICE_LOOKAHEAD_DAYS, and notifies the members whose resources are
// assigned to them and the row's named executor (task_will_start, task_will_finish); and days of
// the daily work plan with planned work and no fact yet on rows a member is assigned to
// (assignment_date_approaching, the nearest such day of each assignment). Each row (assignment)
// and date is notified once per user (dedup).
import { sql } from 'kysely';
import { dueNotices, engineMinutes } from '../../domain/collab';
import type { AppContext } from '../context';
import { notify } from './notices';
import type { NoticeDraft } from './notices';

const dateText = (minutes: number) =>
  new Date(Date.UTC(2000, 0, 1) + minutes * 60_000).toISOString().slice(0, 10);

export async function sweepNotices(ctx: AppContext, now = new Date()): Promise<number> {
  const { db } = ctx;
  const at = engineMinutes(now);
  const until = at + ctx.config.noticeLookaheadDays * 1440;
  // Only rows with an assigned member matter: join from the assignments.
  const rows = await sql<{
    space_id: string;
    version_id: string;
    id: string;
    name: string;
    es: number | null;
    ef: number | null;
    actual_start: number | null;
    actual_finish: number | null;
    user_id: string;
    assignment_id: string | null;
  }>`
    WITH active AS (
      SELECT DISTINCT ON (space_id, schedule_id) space_id, id FROM versions
      ORDER BY space_id, schedule_id, (kind = 'actual') DESC, (kind = 'version') DESC, sort_order, id
    )
    SELECT w.space_id, w.version_id, w.id, w.name, w.es, w.ef, w.actual_start, w.actual_finish,
      r.user_id, a.id AS assignment_id
    FROM active v
    JOIN wbs_items w ON w.space_id = v.space_id AND w.version_id = v.id
    JOIN version_assignments a ON a.space_id = w.space_id AND a.version_id = w.version_id AND a.wbs_id = w.id
    JOIN version_resources vr ON vr.space_id = a.space_id AND vr.version_id = a.version_id AND vr.id = a.resource_id
    JOIN resources r ON r.space_id = vr.space_id AND r.id = vr.resource_id
    WHERE r.user_id IS NOT NULL
      AND ((w.es BETWEEN ${at} AND ${until} AND w.actual_start IS NULL)
        OR (w.ef BETWEEN ${at} AND ${until} AND w.actual_finish IS NULL))
    UNION ALL
    SELECT w.space_id, w.version_id, w.id, w.name, w.es, w.ef, w.actual_start, w.actual_finish,
      p.executor_id AS user_id, NULL AS assignment_id
    FROM active v
    JOIN wbs_items w ON w.space_id = v.space_id AND w.version_id = v.id
    JOIN wbs_people p ON p.space_id = w.space_id AND p.version_id = w.version_id AND p.wbs_id = w.id
    WHERE p.executor_id IS NOT NULL
      AND ((w.es BETWEEN ${at} AND ${until} AND w.actual_start IS NULL)
        OR (w.ef BETWEEN ${at} AND ${until} AND w.actual_finish IS NULL))`.execute(db);
  const firstDay = Math.floor(at / 1440);
  const lastDay = Math.floor(until / 1440);
  const planned = await sql<{
    space_id: string;
    version_id: string;
    id: string;
    name: string;
    day: number;
    user_id: string;
    assignment_id: string;
  }>`
    WITH active AS (
      SELECT DISTINCT ON (space_id, schedule_id) space_id, id FROM versions
      ORDER BY space_id, schedule_id, (kind = 'actual') DESC, (kind = 'version') DESC, sort_order, id
    )
    SELECT DISTINCT ON (a.space_id, a.id) w.space_id, w.version_id, w.id, w.name, d.day, r.user_id,
      a.id AS assignment_id
    FROM active v
    JOIN wdp_days d ON d.space_id = v.space_id AND d.version_id = v.id
    JOIN wbs_items w ON w.space_id = d.space_id AND w.version_id = d.version_id AND w.id = d.item_id
    JOIN version_assignments a ON a.space_id = w.space_id AND a.version_id = w.version_id AND a.wbs_id = w.id
    JOIN version_resources vr ON vr.space_id = a.space_id AND vr.version_id = a.version_id AND vr.id = a.resource_id
    JOIN resources r ON r.space_id = vr.space_id AND r.id = vr.resource_id
    WHERE r.user_id IS NOT NULL AND d.plan > 0 AND d.fact IS NULL
      AND d.day BETWEEN ${firstDay} AND ${lastDay}
    ORDER BY a.space_id, a.id, d.day`.execute(db);
  const drafts = new Map<string, NoticeDraft>();
  // A member both assigned and named executor hears once (the key is per user anyway).
  const add = (d: NoticeDraft) => drafts.set(`${d.spaceId}:${d.userId}:${d.dedup}`, d);
  for (const r of rows.rows) {
    for (const due of dueNotices([r], at, ctx.config.noticeLookaheadDays))
      add({
        spaceId: r.space_id,
        userId: r.user_id,
        type: due.type,
        params: { task: r.name, date: dateText(due.at) },
        link: {
          version_id: r.version_id,
          wbs_id: r.id,
          ...(r.assignment_id ? { assignment_id: r.assignment_id } : {}),
        },
        dedup: `${due.type}:${r.version_id}:${r.id}:${due.at}`,
      });
  }
  for (const p of planned.rows)
    add({
      spaceId: p.space_id,
      userId: p.user_id,
      type: 'assignment_date_approaching',
      params: { task: p.name, date: dateText(p.day * 1440) },
      link: { version_id: p.version_id, wbs_id: p.id, assignment_id: p.assignment_id },
      dedup: `assignment_date_approaching:${p.assignment_id}:${p.day}`,
    });
  await notify(ctx, [...drafts.values()]);
  return drafts.size;
}

export function startNoticeSweep(ctx: AppContext): { stop(): void } {
  const run = () => void sweepNotices(ctx).catch(() => undefined);
  const timer = setInterval(run, ctx.config.noticeSweepMinutes * 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
