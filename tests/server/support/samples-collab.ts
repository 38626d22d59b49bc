// Tenancy samples of chat, notices and delegation (src/api/collab.ts). Chat, notice and
// delegation ids are the target space's version id (unknown in the caller's space: 404).
import type { Sample } from './samples';
import type { Tree } from './fixtures';

type T = Tree & { space: string; userId: string };

export const collabSamples: Record<string, (t: T) => Sample> = {
  'GET /chat/settings': () => ({}),
  'GET /chat/eps/:id': (t) => ({ params: { id: t.project } }),
  'GET /chat/:id': (t) => ({ params: { id: t.version } }),
  'GET /chat': () => ({}),
  'GET /chat/:id/messages': (t) => ({ params: { id: t.version }, query: { before: '20' } }),
  'GET /chat/:id/message': (t) => ({ params: { id: t.version }, query: { message_id: '1' } }),
  'GET /chat/:id/users': (t) => ({ params: { id: t.version } }),
  'POST /chat/create-message': (t) => ({ body: { chat_id: t.version, text: 'Hello' } }),
  'POST /chat/:id/attachments': (t) => ({ params: { id: t.version } }),
  'PATCH /chat/:id/:messageId/update-reaction': (t) => ({
    params: { id: t.version, messageId: '1' },
    query: { emoji: '👍' },
  }),
  'DELETE /chat/:id/:messageId': (t) => ({ params: { id: t.version, messageId: '1' } }),
  'PATCH /chat/update-message': (t) => ({ body: { chat_id: t.version, message_id: 1, text: 'Edited' } }),
  'PATCH /chat/update-last-read': (t) => ({ body: { chat_id: t.version, message_id: 1 } }),
  'POST /chat/set-chat-settings': (t) => ({ body: { chat_id: t.version, muted: true } }),
  'GET /notices': () => ({}),
  'GET /notices/personal-area': () => ({}),
  'GET /notices/notices-status': () => ({}),
  'GET /notices/personal-area/:id/actual-version-and-set-checked': (t) => ({ params: { id: t.version } }),
  'GET /notices/personal-area/:id/timesheet-notification': (t) => ({ params: { id: t.version } }),
  'DELETE /notices/:id': (t) => ({ params: { id: t.version } }),
  'DELETE /notices/all': () => ({}),
  'DELETE /notices/all/personal-area': () => ({}),
  'DELETE /notices/:id/personal-area': (t) => ({ params: { id: t.version } }),
  'POST /eps/:id/test-notices': (t) => ({ params: { id: t.project }, body: {} }),
  'GET /delegation/given': () => ({}),
  'GET /delegation/received': () => ({}),
  'POST /delegation': (t) => ({
    body: {
      user_id: t.userId,
      eps_id: t.project,
      starts_at: '2026-01-01T00:00:00Z',
      ends_at: '2026-02-01T00:00:00Z',
    },
  }),
  'DELETE /delegation/:id': (t) => ({ params: { id: t.version } }),
  'GET /versions/:id/row-people': (t) => ({ params: { id: t.version } }),
  'PATCH /versions/:id/row-people': (t) => ({
    params: { id: t.version },
    body: { wbs_id: t.version, executor_id: t.userId },
  }),
};
