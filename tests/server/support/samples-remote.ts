// Tenancy samples of remote spaces (src/api/remote.ts): both calls work on the space of the
// space-id header only for the permission check (administration admin) — the copy becomes a new
// space — so another space's member is refused before any remote address is called.
import type { Sample } from './samples';
import type { Tree } from './fixtures';

type T = Tree & { space: string; userId: string };

const UNUSED = 'http://127.0.0.1:9';
export const remoteSamples: Record<string, (t: T) => Sample> = {
  'GET /space/:space_id/remote-tokens': (t) => ({ params: { space_id: t.space } }),
  'POST /space/:space_id/remote-tokens': (t) => ({
    params: { space_id: t.space },
    body: { label: 'Partner' },
  }),
  'DELETE /space/:space_id/remote-tokens/:id': (t) => ({ params: { space_id: t.space, id: t.version } }),
  'GET /remote-spaces': () => ({ query: { url: UNUSED, token: 'some-token' } }),
  'POST /space/copy-remote': () => ({
    body: { url: UNUSED, token: 'some-token', space_id: '00000000-0000-4000-8000-000000000001' },
  }),
};
