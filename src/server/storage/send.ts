// Sends a stored file as a stream, answering a Range header with 206 and Content-Range (or 416),
// with its length, type, an ETag of its content hash and a content-disposition.
import type { FastifyRequest } from 'fastify';
import { contentRange, parseRange } from '../../domain/storage';
import { HttpError } from '../errors';
import { Streamed } from '../http/register';
import type { FileRow } from './files';
import type { Storage } from './storage';

/** attachment; filename="…" with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function disposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Types a browser may show inline; anything else is always an attachment. */
const INLINE = /^(image\/(png|jpeg|gif|webp)|application\/pdf|text\/plain|text\/csv)$/;

export async function sendStored(
  req: FastifyRequest,
  storage: Storage,
  f: FileRow,
  opts: { inline?: boolean; thumbnail?: boolean } = {},
): Promise<Streamed> {
  const key = opts.thumbnail ? f.thumb_key! : f.storage_key;
  const mime = opts.thumbnail ? 'image/jpeg' : f.mime;
  const size = await storage.size(key);
  if (size === null)
    throw new HttpError(404, 'NotFound', [{ code: 'storage.missing', params: { where: f.name } }]);
  const etag = f.content_hash ? `"${f.content_hash.slice(0, 32)}${opts.thumbnail ? '-t' : ''}"` : null;
  const headers: Record<string, string | number> = {
    'content-type': mime,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    'cache-control': 'private, max-age=3600',
    'content-disposition': disposition(opts.inline && INLINE.test(mime) ? 'inline' : 'attachment', f.name),
  };
  if (etag) {
    headers.etag = etag;
    if (req.headers['if-none-match'] === etag) return new Streamed(304, headers, null);
  }
  // If-Range with another validator: the whole file.
  const ifRange = req.headers['if-range'];
  const range =
    ifRange && ifRange !== etag ? { kind: 'whole' as const } : parseRange(req.headers.range, size);
  if (range.kind === 'unsatisfiable')
    return new Streamed(416, { ...headers, 'content-range': contentRange(range, size) }, null);
  if (range.kind === 'partial') {
    const body = await storage.stream(key, { start: range.start, end: range.end });
    return new Streamed(
      206,
      {
        ...headers,
        'content-range': contentRange(range, size),
        'content-length': range.end - range.start + 1,
      },
      body,
    );
  }
  return new Streamed(200, { ...headers, 'content-length': size }, await storage.stream(key));
}
