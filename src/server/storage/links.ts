// Signed links to stored files: GET storage/file?id&space&variant&exp&sig, where sig is an
// HMAC-SHA256 of the rest. An <img> or a download link can load a file without the bearer
// token; the signature, minted for a member who could read the file, is the permission, until
// `exp`. The key is STORAGE_LINK_SECRET, else 32 random bytes kept in DATA_DIR/storage/.link-secret
// (every process sharing the data directory signs alike).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_PREFIX } from '../../api/route';

export const LINK_LIFETIME_S = 3600;
export type LinkVariant = 'file' | 'thumb' | 'download';

const secrets = new Map<string, Buffer>();

function secretFor(dataDir: string): Buffer {
  const env = process.env.STORAGE_LINK_SECRET;
  if (env) return Buffer.from(env);
  let s = secrets.get(dataDir);
  if (!s) {
    const file = path.join(dataDir, 'storage', '.link-secret');
    try {
      s = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
      if (s.length < 32) throw new Error('short');
    } catch {
      s = randomBytes(32);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, s.toString('hex'), { mode: 0o600 });
    }
    secrets.set(dataDir, s);
  }
  return s;
}

const payload = (id: string, space: string, variant: LinkVariant, exp: number) =>
  `${space}:${id}:${variant}:${exp}`;

const sign = (dataDir: string, text: string) =>
  createHmac('sha256', secretFor(dataDir)).update(text).digest('hex');

/** A signed link valid until `exp` (seconds; rounded up to the hour, so links repeat and cache). */
export function signedLink(
  dataDir: string,
  spaceId: string,
  fileId: string,
  variant: LinkVariant,
  now = Date.now(),
): { url: string; exp: number } {
  const exp = (Math.floor(now / 1000 / LINK_LIFETIME_S) + 2) * LINK_LIFETIME_S;
  const sig = sign(dataDir, payload(fileId, spaceId, variant, exp));
  const q = new URLSearchParams({ id: fileId, space: spaceId, variant, exp: String(exp), sig });
  return { url: `${API_PREFIX}/storage/file?${q}`, exp };
}

/** Whether a link's signature holds and it has not expired. */
export function linkValid(
  dataDir: string,
  q: { id: string; space: string; variant: LinkVariant; exp: number; sig: string },
  now = Date.now(),
): boolean {
  if (q.exp * 1000 < now) return false;
  const want = Buffer.from(sign(dataDir, payload(q.id, q.space, q.variant, q.exp)), 'hex');
  const got = Buffer.from(q.sig, 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}
