// Kerberos encryption for aes128-cts-hmac-sha1-96 (17) and aes256-cts-hmac-sha1-96 (18), the
// "simplified profile" of RFC 3961 with AES in CBC mode with ciphertext stealing (RFC 3962), and
// for aes128-cts-hmac-sha256-128 (19) and aes256-cts-hmac-sha384-192 (20) of RFC 8009 (the same
// stealing, an HMAC-SHA2 key derivation, and the MAC over the ciphertext).
// node:crypto gives AES-ECB/CBC, HMAC and PBKDF2; n-fold, key derivation and the stealing
// are done here. Checked against the RFCs' test vectors (tests/server/kerberos/crypto.test.ts).
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  pbkdf2Sync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

export const ENCTYPE = { aes128: 17, aes256: 18, aes128sha256: 19, aes256sha384: 20 } as const;
export type Enctype = (typeof ENCTYPE)[keyof typeof ENCTYPE];

const BLOCK = 16;

interface Profile {
  name: string;
  keyBytes: number;
  /** The MAC's length after truncation. */
  macBytes: number;
  /** SHA-1: RFC 3961 DK with n-fold; SHA-2: RFC 8009's KDF-HMAC-SHA2 with this hash. */
  hash: 'sha1' | 'sha256' | 'sha384';
}

const PROFILES: Record<number, Profile> = {
  [ENCTYPE.aes128]: { name: 'aes128-cts-hmac-sha1-96', keyBytes: 16, macBytes: 12, hash: 'sha1' },
  [ENCTYPE.aes256]: { name: 'aes256-cts-hmac-sha1-96', keyBytes: 32, macBytes: 12, hash: 'sha1' },
  [ENCTYPE.aes128sha256]: { name: 'aes128-cts-hmac-sha256-128', keyBytes: 16, macBytes: 16, hash: 'sha256' },
  [ENCTYPE.aes256sha384]: { name: 'aes256-cts-hmac-sha384-192', keyBytes: 32, macBytes: 24, hash: 'sha384' },
};

export const keyLength = (etype: number): number | null => PROFILES[etype]?.keyBytes ?? null;

export const enctypeName = (etype: number) => PROFILES[etype]?.name ?? `enctype ${etype}`;

function profile(etype: number): Profile {
  const p = PROFILES[etype];
  if (!p) throw new KrbCryptoError(`unsupported ${enctypeName(etype)}`);
  return p;
}

export class KrbCryptoError extends Error {}

const aesName = (key: Buffer) => (key.length === 16 ? 'aes-128' : 'aes-256');

function ecbEncrypt(key: Buffer, block: Buffer): Buffer {
  const c = createCipheriv(`${aesName(key)}-ecb`, key, null).setAutoPadding(false);
  return Buffer.concat([c.update(block), c.final()]);
}

function ecbDecrypt(key: Buffer, block: Buffer): Buffer {
  const d = createDecipheriv(`${aesName(key)}-ecb`, key, null).setAutoPadding(false);
  return Buffer.concat([d.update(block), d.final()]);
}

const xor = (a: Buffer, b: Buffer) => {
  const out = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! ^ b[i]!;
  return out;
};

/** n-fold (RFC 3961 §5.1): stretches or folds `input` to `outBytes` with 13-bit rotations. */
export function nfold(input: Buffer, outBytes: number): Buffer {
  const inBytes = input.length;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const lcm = (inBytes * outBytes) / gcd(inBytes, outBytes);
  const out = new Array<number>(outBytes).fill(0);
  let carry = 0;
  // Walks the lcm-long concatenation of rotated copies from its last byte, adding with carry
  // (one's-complement addition), as MIT's krb5int_nfold does.
  for (let i = lcm - 1; i >= 0; i--) {
    const msbit =
      ((inBytes << 3) -
        1 +
        ((inBytes << 3) + 13) * Math.floor(i / inBytes) +
        ((inBytes - (i % inBytes)) << 3)) %
      (inBytes << 3);
    const hi = input[(inBytes - 1 - (msbit >> 3) + inBytes) % inBytes]!;
    const lo = input[(inBytes - (msbit >> 3)) % inBytes]!;
    carry += (((hi << 8) | lo) >> ((msbit & 7) + 1)) & 0xff;
    carry += out[i % outBytes]!;
    out[i % outBytes] = carry & 0xff;
    carry >>= 8;
  }
  for (let i = outBytes - 1; carry && i >= 0; i--) {
    carry += out[i]!;
    out[i] = carry & 0xff;
    carry >>= 8;
  }
  return Buffer.from(out);
}

/** DK(key, constant) for AES (RFC 3961 §5.1; random-to-key is the identity for AES). */
export function deriveKey(key: Buffer, constant: Buffer): Buffer {
  let block = constant.length === BLOCK ? constant : nfold(constant, BLOCK);
  const parts: Buffer[] = [];
  let have = 0;
  while (have < key.length) {
    block = ecbEncrypt(key, block);
    parts.push(block);
    have += BLOCK;
  }
  return Buffer.concat(parts).subarray(0, key.length);
}

const usageConstant = (usage: number, kind: 0x99 | 0xaa | 0x55) => {
  const c = Buffer.alloc(5);
  c.writeUInt32BE(usage, 0);
  c[4] = kind;
  return c;
};

/** KDF-HMAC-SHA2 (RFC 8009 §3): the first `bytes` of HMAC(key, 00000001 | label | 00 | bits). */
export function kdfHmacSha2(hash: 'sha256' | 'sha384', key: Buffer, label: Buffer, bytes: number): Buffer {
  const head = Buffer.from([0, 0, 0, 1]);
  const tail = Buffer.alloc(5);
  tail.writeUInt32BE(bytes * 8, 1);
  return createHmac(hash, key)
    .update(Buffer.concat([head, label, tail]))
    .digest()
    .subarray(0, bytes);
}

/**
 * string-to-key: PBKDF2 of the password and salt, then DK(tkey, "kerberos") (RFC 3962 §4); for
 * the SHA-2 enctypes PBKDF2-HMAC-SHA2 over "enctype-name 00 salt" and the KDF (RFC 8009 §4).
 */
export function stringToKey(etype: number, password: string, salt: string | Buffer, iterations?: number) {
  const p = profile(etype);
  const pw = Buffer.from(password, 'utf8');
  const saltBytes = Buffer.isBuffer(salt) ? salt : Buffer.from(salt, 'utf8');
  if (p.hash === 'sha1') {
    const tkey = pbkdf2Sync(pw, saltBytes, iterations ?? 4096, p.keyBytes, 'sha1');
    return deriveKey(tkey, Buffer.from('kerberos'));
  }
  const saltp = Buffer.concat([Buffer.from(p.name), Buffer.from([0]), saltBytes]);
  const tkey = pbkdf2Sync(pw, saltp, iterations ?? 32768, p.keyBytes, p.hash);
  return kdfHmacSha2(p.hash, tkey, Buffer.from('kerberos'), p.keyBytes);
}

/** The encryption and integrity keys of a key usage (Ke, Ki). */
export function usageKeys(etype: number, key: Buffer, usage: number): { ke: Buffer; ki: Buffer } {
  const p = profile(etype);
  if (key.length !== p.keyBytes) throw new KrbCryptoError(`a ${p.name} key has ${p.keyBytes} octets`);
  if (p.hash === 'sha1')
    return { ke: deriveKey(key, usageConstant(usage, 0xaa)), ki: deriveKey(key, usageConstant(usage, 0x55)) };
  return {
    ke: kdfHmacSha2(p.hash, key, usageConstant(usage, 0xaa), p.keyBytes),
    ki: kdfHmacSha2(p.hash, key, usageConstant(usage, 0x55), p.macBytes),
  };
}

/** AES-CBC with ciphertext stealing, zero IV, CS3 order (RFC 3962 §5): the last two blocks swap. */
export function ctsEncrypt(key: Buffer, plain: Buffer): Buffer {
  if (plain.length < BLOCK) throw new KrbCryptoError('CTS needs at least one block');
  const padded = Buffer.alloc(Math.ceil(plain.length / BLOCK) * BLOCK);
  plain.copy(padded);
  const c = createCipheriv(`${aesName(key)}-cbc`, key, Buffer.alloc(BLOCK)).setAutoPadding(false);
  const cbc = Buffer.concat([c.update(padded), c.final()]);
  if (cbc.length === BLOCK) return cbc;
  const n = cbc.length / BLOCK;
  const tail = plain.length - (n - 1) * BLOCK; // 1..16 octets in the last block
  return Buffer.concat([
    cbc.subarray(0, (n - 2) * BLOCK),
    cbc.subarray((n - 1) * BLOCK),
    cbc.subarray((n - 2) * BLOCK, (n - 2) * BLOCK + tail),
  ]);
}

export function ctsDecrypt(key: Buffer, cipher: Buffer): Buffer {
  if (cipher.length < BLOCK) throw new KrbCryptoError('CTS needs at least one block');
  if (cipher.length === BLOCK) return ecbDecrypt(key, cipher);
  const n = Math.ceil(cipher.length / BLOCK);
  const tail = cipher.length - (n - 1) * BLOCK;
  const head = cipher.subarray(0, (n - 2) * BLOCK);
  const prev = n > 2 ? cipher.subarray((n - 3) * BLOCK, (n - 2) * BLOCK) : Buffer.alloc(BLOCK);
  const stolen = cipher.subarray((n - 2) * BLOCK, (n - 1) * BLOCK); // CBC's last block, sent first
  const last = cipher.subarray((n - 1) * BLOCK); // CBC's next-to-last block, cut to `tail`
  const d = ecbDecrypt(key, stolen);
  const fullLast = Buffer.concat([last, d.subarray(tail)]);
  const plainLast = xor(d.subarray(0, tail), last);
  const plainPrev = xor(ecbDecrypt(key, fullLast), prev);
  let plainHead = Buffer.alloc(0);
  if (head.length) {
    const dc = createDecipheriv(`${aesName(key)}-cbc`, key, Buffer.alloc(BLOCK)).setAutoPadding(false);
    plainHead = Buffer.concat([dc.update(head), dc.final()]);
  }
  return Buffer.concat([plainHead, plainPrev, plainLast]);
}

/**
 * encrypt(key, usage, plaintext): a random confounder, CTS, then the truncated HMAC — of the
 * plaintext for the SHA-1 enctypes, of the (zero) IV and the ciphertext for the SHA-2 ones.
 */
export function encrypt(
  etype: number,
  key: Buffer,
  usage: number,
  plain: Buffer,
  confounder = randomBytes(BLOCK),
) {
  const p = profile(etype);
  const { ke, ki } = usageKeys(etype, key, usage);
  const data = Buffer.concat([confounder, plain]);
  const c = ctsEncrypt(ke, data);
  const macInput = p.hash === 'sha1' ? data : Buffer.concat([Buffer.alloc(BLOCK), c]);
  const mac = createHmac(p.hash, ki).update(macInput).digest().subarray(0, p.macBytes);
  return Buffer.concat([c, mac]);
}

/** The inverse of `encrypt`; throws when the integrity check fails (wrong key or altered data). */
export function decrypt(etype: number, key: Buffer, usage: number, cipher: Buffer): Buffer {
  const p = profile(etype);
  if (cipher.length < BLOCK + p.macBytes) throw new KrbCryptoError('ciphertext too short');
  const { ke, ki } = usageKeys(etype, key, usage);
  const c = cipher.subarray(0, cipher.length - p.macBytes);
  const data = ctsDecrypt(ke, c);
  const macInput = p.hash === 'sha1' ? data : Buffer.concat([Buffer.alloc(BLOCK), c]);
  const mac = createHmac(p.hash, ki).update(macInput).digest().subarray(0, p.macBytes);
  if (!timingSafeEqual(mac, cipher.subarray(cipher.length - p.macBytes)))
    throw new KrbCryptoError('integrity check failed');
  return data.subarray(BLOCK);
}

export const KEY_USAGE = {
  /** AS-REP/TGS-REP ticket, encrypted with the service key. */
  ticket: 2,
  /** AP-REQ authenticator, with the session key. */
  apReqAuthenticator: 11,
  /** AP-REP encrypted part, with the session key. */
  apRepEncPart: 12,
} as const;
