// Calls to another deployment (the target side of a remote copy): its list of spaces and one
// space's copy. Only http(s) addresses; redirects are never followed (a 3xx is an error, so a
// source cannot send the token or the request elsewhere); the answer is read up to a size limit;
// every failure is a 400 with its own code (a 401 or 5xx here would end the caller's session or
// show the disconnected page in the browser).
import { badRequest } from '../errors';
import { remoteBase } from '../../domain/admin/remote-copy';

export const REMOTE_TIMEOUT_MS = 120_000;

/** The checked base address, or 400 naming the field. */
export function baseOf(url: string): string {
  const b = remoteBase(url);
  if ('problem' in b) throw badRequest(`remote.url_${b.problem}`, { field: 'url' });
  return b.base;
}

async function readLimited(res: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw badRequest('remote.too_large', { max_mb: Math.round(maxBytes / 1048576) });
  }
  const parts: Buffer[] = [];
  let size = 0;
  if (res.body) {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxBytes) throw badRequest('remote.too_large', { max_mb: Math.round(maxBytes / 1048576) });
      parts.push(Buffer.from(chunk));
    }
  }
  return Buffer.concat(parts);
}

/** GETs `path` of the remote deployment with the token; answers the body (status 200 only). */
export async function remoteGet(
  base: string,
  path: string,
  token: string,
  maxBytes: number,
): Promise<{ body: Buffer; type: string }> {
  let res: Response;
  try {
    res = await fetch(`${base}/api/v1${path}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json, application/gzip' },
      redirect: 'manual',
      signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS),
    });
  } catch {
    throw badRequest('remote.unreachable', { url: base });
  }
  if (res.status >= 300 && res.status < 400) throw badRequest('remote.redirect', { url: base });
  if (res.status === 401 || res.status === 403) throw badRequest('remote.bad_token');
  if (res.status === 429) throw badRequest('remote.too_many');
  if (res.status === 404) throw badRequest('remote.not_found', { url: base });
  if (res.status !== 200) throw badRequest('remote.failed', { status: res.status });
  return { body: await readLimited(res, maxBytes), type: res.headers.get('content-type') ?? '' };
}
