// Tenancy samples of levelling (src/api/levelling.ts): a valid input for each route.
import type { Tree } from './fixtures';
import type { Sample } from './samples';

export const levellingSamples: Record<string, (t: Tree) => Sample> = {
  'POST /versions/:id/level': (t) => ({ params: { id: t.version }, body: { within_float: false } }),
  'GET /versions/:id/levelling': (t) => ({ params: { id: t.version } }),
  'PUT /versions/:id/levelling': (t) => ({
    params: { id: t.version },
    body: { options: null, stats: null, revision: null, items: [] },
  }),
  'DELETE /versions/:id/levelling': (t) => ({ params: { id: t.version } }),
};
