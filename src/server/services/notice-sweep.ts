// The look-ahead job (issue 26): every NOTICE_SWEEP_MINUTES it finds rows of each schedule's
// active version (the actual one, else the first working version, as the project grid) that
// start or finish within NOTICE_LOOKAHEAD_DAYS, and notifies the members whose resources are
// assigned to them (task_will_start, task_will_finish). Each row and date is notified once (dedup).
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
    assignment_id: string;
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
        OR (w.ef BETWEEN ${at} AND ${until} AND w.actual_finish IS NULL))`.execute(db);
  const drafts: NoticeDraft[] = [];
  for (const r of rows.rows) {
    for (const due of dueNotices([r], at, ctx.config.noticeLookaheadDays))
      drafts.push({
        spaceId: r.space_id,
        userId: r.user_id,
        type: due.type,
        params: { task: r.name, date: dateText(due.at) },
        link: { version_id: r.version_id, wbs_id: r.id, assignment_id: r.assignment_id },
        dedup: `${due.type}:${r.version_id}:${r.id}:${due.at}`,
      });
  }
  await notify(ctx, drafts);
  return drafts.length;
}

export function startNoticeSweep(ctx: AppContext): { stop(): void } {
  const run = () => void sweepNotices(ctx).catch(() => undefined);
  const timer = setInterval(run, ctx.config.noticeSweepMinutes * 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
