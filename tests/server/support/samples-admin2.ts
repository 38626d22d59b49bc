// Tenancy samples of backups (src/api/backups.ts), executors (src/api/executors.ts),
// localization (src/api/localization.ts) and access grants (src/api/access.ts): a valid
// input for each, with the target space's schedule; a backup or backup job id of another space
// answers like any unknown id.
import type { Sample } from './samples';
import type { Tree } from './fixtures';

type T = Tree & { space: string; userId: string };

export const admin2Samples: Record<string, (t: T) => Sample> = {
  'GET /space/:space_id/schedules/backups/jobs': (t) => ({ params: { space_id: t.space } }),
  'DELETE /space/:space_id/schedules/backups/jobs': (t) => ({ params: { space_id: t.space } }),
  'POST /space/:space_id/schedules/:id/backups/jobs': (t) => ({
    params: { space_id: t.space, id: t.schedule },
    body: { periodicity: 'weekly', keep: 3 },
  }),
  'GET /space/:space_id/schedules/:id/backups/jobs/has': (t) => ({
    params: { space_id: t.space, id: t.schedule },
  }),
  'DELETE /space/:space_id/schedules/backups/jobs/:id': (t) => ({
    params: { space_id: t.space, id: t.schedule },
  }),
  'GET /space/:space_id/schedules/backups': (t) => ({
    params: { space_id: t.space },
    query: { schedule_id: t.schedule },
  }),
  'POST /space/:space_id/schedules/:id/backups/create': (t) => ({
    params: { space_id: t.space, id: t.schedule },
  }),
  'DELETE /space/:space_id/schedules/:id/backups/:backup_id': (t) => ({
    params: { space_id: t.space, id: t.schedule, backup_id: t.version },
  }),
  'GET /space/:space_id/schedules/:id/backups/:backup_id/file': (t) => ({
    params: { space_id: t.space, id: t.schedule, backup_id: t.version },
  }),
  // Multipart: the space is checked before the file is read (backup-files.test sends real files).
  'POST /space/:space_id/schedules/:id/backups/upload': (t) => ({
    params: { space_id: t.space, id: t.schedule },
  }),
  'PATCH /space/:space_id/schedules/:id/backups/:backup_id/restore': (t) => ({
    params: { space_id: t.space, id: t.schedule, backup_id: t.version },
  }),
  'PATCH /users/:id/set-executor': (t) => ({ params: { id: t.userId }, body: { executor: true } }),
  'GET /versions/:id/users': (t) => ({ params: { id: t.version } }),
  // Localization: the space of the space-id header; texts of another space are never read.
  'GET /localization': () => ({}),
  'GET /localization/default': () => ({}),
  'GET /localization/set/:id': () => ({ params: { id: 'ru' } }),
  'GET /localization/:id': () => ({ params: { id: 'fr' } }),
  'PUT /localization/:id': () => ({
    params: { id: 'fr' },
    body: { texts: { admin: { tabs: { members: 'X' } } } },
  }),
  'DELETE /localization/:id': () => ({ params: { id: 'fr' } }),
  'POST /localization': () => ({ body: { id: 'de', name: 'Deutsch', base: 'en' } }),
  'DELETE /localization/:id/language': () => ({ params: { id: 'de' } }),
  // Access grants (src/api/access.ts): the member is the target space's owner, the place its project.
  'GET /space/:space_id/access/resource': (t) => ({
    params: { space_id: t.space },
    query: { user_id: t.userId, eps_id: t.project },
  }),
  'GET /space/:space_id/access/free-abilities': (t) => ({
    params: { space_id: t.space },
    query: { user_id: t.userId, eps_id: t.project },
  }),
  'GET /space/:space_id/access/grants': (t) => ({ params: { space_id: t.space } }),
  'POST /space/:space_id/access/grant': (t) => ({
    params: { space_id: t.space },
    body: { user_id: t.userId, eps_id: t.project, permissions: { schedules: ['read'] } },
  }),
  'POST /space/:space_id/access/revoke': (t) => ({
    params: { space_id: t.space },
    body: { user_id: t.userId, eps_id: t.project },
  }),
};
