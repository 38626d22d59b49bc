// Tenancy samples of the comments and photos of EPS nodes (src/api/gallery.ts): a valid input for
// each, with the target space's ids (a comment or photo id of another space answers like any
// unknown id). Multipart bodies are left out: the space check comes before the upload is read.
import type { Sample } from './samples';
import type { Tree } from './fixtures';

type T = Tree & { space: string; userId: string };

export const gallerySamples: Record<string, (t: T) => Sample> = {
  'GET /eps/:id/comments': (t) => ({ params: { id: t.schedule }, query: {} }),
  'POST /eps/:id/comments': (t) => ({ params: { id: t.schedule }, body: { text: 'Rebar checked' } }),
  'PUT /eps/:id/comments/:commentId': (t) => ({
    params: { id: t.schedule, commentId: t.version },
    body: { text: 'Rebar checked twice' },
  }),
  'DELETE /eps/:id/comments/:commentId': (t) => ({ params: { id: t.schedule, commentId: t.version } }),
  'GET /eps/:id/photos': (t) => ({ params: { id: t.project }, query: {} }),
  'POST /eps/:id/photos': (t) => ({ params: { id: t.schedule } }),
  'DELETE /eps/:id/photos/:photoId': (t) => ({ params: { id: t.schedule, photoId: t.version } }),
};
