// The home page of a member: versions of the space by their latest content change, marked when
// changed after the member's previous visit. Visits within an hour count as one (reloading the
// page does not hide what changed since the morning).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { HomeSchedule } from '../../api/admin';
import type { DB } from '../db/schema';
import { iso } from './mappers';

export async function homeOf(db: Kysely<DB>, spaceId: string, userId: string) {
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
  return { recent, previous_visit_at: previous ? iso(previous) : null };
}
