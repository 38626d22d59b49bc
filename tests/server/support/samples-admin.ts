// Tenancy samples of the administration routes (licences, entitlements, home).
import type { Sample } from './samples';
import type { Tree } from './fixtures';

type T = Tree & { space: string; userId: string };

export const adminSamples: Record<string, (t: T) => Sample> = {
  'GET /space/:space_id/licences': (t) => ({ params: { space_id: t.space } }),
  'POST /space/:space_id/licences': (t) => ({ params: { space_id: t.space }, body: { token: 'a.b' } }),
  'DELETE /space/:space_id/licences/:id': (t) => ({ params: { space_id: t.space, id: 'lic-1' } }),
  'PUT /space/:space_id/users/entitlements': (t) => ({
    params: { space_id: t.space },
    body: { user_id: t.userId, estimates: false, bim: false },
  }),
  'GET /space/:space_id/home': (t) => ({ params: { space_id: t.space } }),
};
