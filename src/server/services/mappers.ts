// Database rows → contract shapes.
import type { Selectable } from 'kysely';
import type { Calendar } from '../../api/calendars';
import type { EpsNode } from '../../api/structure';
import type { User } from '../../api/users';
import { NotificationChannel } from '../../api/users';
import type { Version } from '../../api/versions';
import type { CalendarsTable, EpsNodesTable, UsersTable, VersionsTable } from '../db/schema';

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export type UserRow = Omit<
  Selectable<UsersTable>,
  'avatar' | 'reset_failures' | 'reset_locked_until' | 'language'
> & {
  has_avatar: boolean;
};

export const toUser = (u: UserRow): User => ({
  id: u.id,
  login: u.login,
  email: u.email,
  first_name: u.first_name,
  last_name: u.last_name,
  has_avatar: u.has_avatar,
  avatar_url: u.has_avatar ? `/api/v1/users/${u.id}/avatar` : null,
  has_secret_question: !!u.secret_question,
  notification_channels: NotificationChannel.array().parse(u.notification_channels),
  privacy_policy_accepted_at: u.privacy_policy_accepted_at ? iso(u.privacy_policy_accepted_at) : null,
  created_at: iso(u.created_at),
});

export const toEpsNode = (n: Selectable<EpsNodesTable>): EpsNode => ({
  id: n.id,
  kind: n.kind,
  parent_id: n.parent_id,
  name: n.name,
  order: n.sort_order,
  created_at: iso(n.created_at),
});

export const toVersion = (v: Selectable<VersionsTable>): Version => ({
  id: v.id,
  schedule_id: v.schedule_id,
  kind: v.kind,
  label: v.label,
  locked: v.locked,
  order: v.sort_order,
  revision: v.revision,
  timetable_state: v.timetable_state,
  data_date: v.data_date,
  created_at: iso(v.created_at),
});

export const toCalendar = (c: Selectable<CalendarsTable>): Calendar => ({
  id: c.id,
  name: c.name,
  week: c.week,
  exceptions: c.exceptions,
  hours_per_day: c.hours_per_day,
  hours_per_week: c.hours_per_week,
  hours_per_month: c.hours_per_month,
  is_default: c.is_default,
});

export { iso };
