// The home page of a member: versions of the space by their latest content change, marked when
// changed after the member's previous visit. Visits within an hour count as one (reloading the
// page does not hide what changed since the morning).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { HomeSchedule, HomeTask } from '../../api/admin';
import { formatLocal } from '../../domain/calendar/time';
import type { DB } from '../db/schema';
import { iso } from './mappers';

/** Tasks of the space's actual versions assigned to the user and starting or finishing in the week. */
async function weekTasks(
  db: Kysely<DB>,
  spaceId: string,
  userId: string,
  week: { from: number; to: number },
): Promise<HomeTask[]> {
  const start = sql<number | null>`coalesce(w.actual_start, w.es)`;
  const finish = sql<number | null>`coalesce(w.actual_finish, w.ef)`;
  const rows = await db
    .selectFrom('wbs_items as w')
    .innerJoin('versions as v', (j) =>
      j.onRef('v.space_id', '=', 'w.space_id').onRef('v.id', '=', 'w.version_id'),
    )
    .innerJoin('eps_nodes as s', (j) =>
      j.onRef('s.space_id', '=', 'v.space_id').onRef('s.id', '=', 'v.schedule_id'),
    )
    .select([
      's.id as schedule_id',
      's.name as schedule_name',
      'w.version_id',
      'w.id as wbs_id',
      'w.code',
      'w.name',
      start.as('start'),
      finish.as('finish'),
    ])
    .where('w.space_id', '=', spaceId)
    .where('v.kind', '=', 'actual')
    .where('w.node_type', 'in', ['task', 'work', 'milestone_start', 'milestone_finish'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('version_assignments as a')
          .innerJoin('version_resources as vr', (j) =>
            j
              .onRef('vr.space_id', '=', 'a.space_id')
              .onRef('vr.version_id', '=', 'a.version_id')
              .onRef('vr.id', '=', 'a.resource_id'),
          )
          .innerJoin('resources as r', (j) =>
            j.onRef('r.space_id', '=', 'vr.space_id').onRef('r.id', '=', 'vr.resource_id'),
          )
          .select(sql`1`.as('one'))
          .whereRef('a.space_id', '=', 'w.space_id')
          .whereRef('a.version_id', '=', 'w.version_id')
          .whereRef('a.wbs_id', '=', 'w.id')
          .where('r.user_id', '=', userId),
      ),
    )
    .where((eb) =>
      eb.or([
        eb.and([eb(start, '>=', week.from), eb(start, '<', week.to)]),
        eb.and([eb(finish, '>=', week.from), eb(finish, '<', week.to)]),
      ]),
    )
    .orderBy(start)
    .orderBy('w.id')
    .limit(50)
    .execute();
  const within = (t: number | null) => t !== null && t >= week.from && t < week.to;
  return rows.map((r) => ({
    schedule_id: r.schedule_id,
    schedule_name: r.schedule_name,
    version_id: r.version_id,
    wbs_id: r.wbs_id,
    code: r.code,
    name: r.name,
    start: r.start === null ? null : formatLocal(r.start),
    finish: r.finish === null ? null : formatLocal(r.finish),
    starts_this_week: within(r.start),
    finishes_this_week: within(r.finish),
  }));
}

export async function homeOf(
  db: Kysely<DB>,
  spaceId: string,
  userId: string,
  week: { from: number; to: number },
) {
  const visit = await db
    .updateTable('space_members')
    .set({
      home_previous_at: sql`CASE WHEN home_seen_at IS NULL OR home_seen_at < now() - interval '1 hour'
        THEN home_seen_at ELSE home_previous_at END`,
      home_seen_at: sql`CASE WHEN home_seen_at IS NULL OR home_seen_at < now() - interval '1 hour'
        THEN now() ELSE home_seen_at END`,
    })
    .where('space_id', '=', spaceId)
    .where('user_id', '=', userId)
    .returning(['home_previous_at'])
    .executeTakeFirstOrThrow();
  const previous = visit.home_previous_at;
  const rows = await db
    .selectFrom('versions as v')
    .innerJoin('eps_nodes as s', (j) =>
      j.onRef('s.space_id', '=', 'v.space_id').onRef('s.id', '=', 'v.schedule_id'),
    )
    .innerJoin('eps_nodes as p1', (j) =>
      j.onRef('p1.space_id', '=', 's.space_id').onRef('p1.id', '=', 's.parent_id'),
    )
    .leftJoin('eps_nodes as p2', (j) =>
      j.onRef('p2.space_id', '=', 'p1.space_id').onRef('p2.id', '=', 'p1.parent_id'),
    )
    .select([
      's.id as schedule_id',
      's.name as schedule_name',
      sql<string>`CASE WHEN p1.kind = 'schedule_group' THEN p2.name ELSE p1.name END`.as('project_name'),
      'v.id as version_id',
      'v.label as version_label',
      'v.kind as version_kind',
      'v.content_changed_at',
    ])
    .where('v.space_id', '=', spaceId)
    .orderBy('v.content_changed_at', 'desc')
    .orderBy('v.id')
    .limit(12)
    .execute();
  const recent: HomeSchedule[] = rows.map((r) => ({
    schedule_id: r.schedule_id,
    schedule_name: r.schedule_name,
    project_name: r.project_name ?? '',
    version_id: r.version_id,
    version_label: r.version_label,
    version_kind: r.version_kind,
    changed_at: iso(r.content_changed_at),
    changed_since_visit: previous !== null && r.content_changed_at > previous,
  }));
  const tasks = await weekTasks(db, spaceId, userId, week);
  return { recent, tasks, previous_visit_at: previous ? iso(previous) : null };
}
