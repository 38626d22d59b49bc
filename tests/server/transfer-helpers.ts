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
