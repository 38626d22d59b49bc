// Helpers of the transfer tests: multipart bodies and calls with files.
import type { FastifyInstance } from 'fastify';

export function multipart(
  file: { name: string; data: Uint8Array | string },
  fields: Record<string, string> = {},
) {
  const boundary = `----transfer${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
  );
  chunks.push(Buffer.from(file.data));
  chunks.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface Auth {
  token: string;
  space: string;
}

export function upload(
  app: FastifyInstance,
  auth: Auth,
  url: string,
  file: { name: string; data: Uint8Array | string },
  fields: Record<string, string> = {},
  lang = 'en',
) {
  const form = multipart(file, fields);
  return app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: {
      authorization: `Bearer ${auth.token}`,
      'space-id': auth.space,
      language: lang,
      ...form.headers,
    },
    payload: form.payload,
  });
}

type SampleTree = { schedule: string; version: string };
type Sample = { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };

/**
 * Valid inputs of the transfer routes for tests/server/support/samples.ts (the tenancy test needs
 * one per space route): `...transferSamples` in its `samples`.
 */
export const transferSamples: Record<string, (t: SampleTree) => Sample> = {
  'POST /schedules/:id/versions/upload': (t) => ({ params: { id: t.schedule } }),
  'POST /schedules/:id/versions/upload/synchronous': (t) => ({ params: { id: t.schedule } }),
  'POST /versions/:id/export/:format': (t) => ({ params: { id: t.version, format: 'json' } }),
  'POST /batch-processing/import': () => ({}),
  'POST /batch-processing/export': (t) => ({ body: { version_id: t.version, format: 'csv' } }),
  'POST /batch-processing/timetable-calc': (t) => ({ body: { version_id: t.version } }),
  'POST /batch-processing/stop': (t) => ({ body: { job_id: t.version } }),
  'POST /batch-processing/report': () => ({ body: {} }),
  'GET /storage/max-size': () => ({ query: { kind: 'documents' } }),
  'GET /storage/schedule/:id': (t) => ({ params: { id: t.schedule }, query: { kind: 'documents' } }),
  'POST /storage/schedule/:id': (t) => ({ params: { id: t.schedule } }),
  'POST /storage/schedule/:id/version/:version_id/download': (t) => ({
    params: { id: t.schedule, version_id: t.version },
  }),
  'GET /storage/thumbnail/:id': (t) => ({ params: { id: t.version } }),
  'DELETE /storage/:id': (t) => ({ params: { id: t.version } }),
  'GET /storage/download/:id': (t) => ({ params: { id: t.version } }),
};
