// Tenancy samples of the administration routes (src/api/admin.ts).
import type { Sample } from './samples';
import type { Tree } from './fixtures';

export const adminSamples: Record<string, (t: Tree & { space: string; userId: string }) => Sample> = {
  'GET /space/:space_id/licences': (t) => ({ params: { space_id: t.space } }),
  'POST /space/:space_id/licences': (t) => ({ params: { space_id: t.space }, body: { token: 'a.b' } }),
  'DELETE /space/:space_id/licences/:id': (t) => ({ params: { space_id: t.space, id: 'licence-1' } }),
  'PUT /space/:space_id/users/entitlements': (t) => ({
    params: { space_id: t.space },
    body: { user_id: t.userId, estimates: true, bim: false },
  }),
  'GET /space/:space_id/home': (t) => ({ params: { space_id: t.space } }),
};
