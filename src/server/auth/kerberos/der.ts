// Minimal ASN.1 DER for Kerberos and SPNEGO messages: reading a tag-length-value tree, and writing
// the few shapes an AP-REP needs. Kerberos messages are DER (RFC 4120 §5.1); lengths here are
// definite, tags one octet (every tag in these messages is below 31).

export class DerError extends Error {}

export interface Tlv {
  /** The identifier octet: class, constructed bit and tag number. */
  tag: number;
  /** The contents octets. */
  value: Buffer;
  /** The whole element, identifier and length included. */
  raw: Buffer;
}

export const TAG = {
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  oid: 0x06,
  generalString: 0x1b,
  generalizedTime: 0x18,
  sequence: 0x30,
} as const;

/** [n] EXPLICIT, constructed context-specific. */
export const ctx = (n: number) => 0xa0 | n;
/** [APPLICATION n], constructed. */
export const app = (n: number) => 0x60 | n;

/** Reads one element at `offset`; answers it and where the next one starts. */
export function readTlv(buf: Buffer, offset = 0): { tlv: Tlv; next: number } {
  if (offset + 2 > buf.length) throw new DerError('truncated element');
  const tag = buf[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-octet tags are not used here');
  let length = buf[offset + 1]!;
  let start = offset + 2;
  if (length & 0x80) {
    const octets = length & 0x7f;
    if (octets === 0 || octets > 4) throw new DerError('unsupported length');
    if (start + octets > buf.length) throw new DerError('truncated length');
    length = 0;
    for (let i = 0; i < octets; i++) length = length * 256 + buf[start + i]!;
    start += octets;
  }
  const end = start + length;
  if (end > buf.length) throw new DerError('truncated value');
  return { tlv: { tag, value: buf.subarray(start, end), raw: buf.subarray(offset, end) }, next: end };
}

/** Reads exactly one element filling `buf`. */
export function readOne(buf: Buffer, expectedTag?: number): Tlv {
  const { tlv, next } = readTlv(buf, 0);
  if (next !== buf.length) throw new DerError('trailing octets');
  if (expectedTag !== undefined && tlv.tag !== expectedTag)
    throw new DerError(`tag ${tlv.tag.toString(16)}, expected ${expectedTag.toString(16)}`);
  return tlv;
}

/** The elements inside a constructed value. */
export function children(value: Buffer): Tlv[] {
  const out: Tlv[] = [];
  for (let offset = 0; offset < value.length;) {
    const { tlv, next } = readTlv(value, offset);
    out.push(tlv);
    offset = next;
  }
  return out;
}

/**
 * A SEQUENCE of [n] EXPLICIT fields as a map from n to the field's inner element: the shape of
 * every Kerberos structure.
 */
export function fields(seq: Tlv): Map<number, Tlv> {
  if (seq.tag !== TAG.sequence) throw new DerError('expected a SEQUENCE');
  const out = new Map<number, Tlv>();
  for (const f of children(seq.value)) {
    if ((f.tag & 0xe0) !== 0xa0) throw new DerError('expected a context tag');
    out.set(f.tag & 0x1f, readOne(f.value));
  }
  return out;
}

export function need(map: Map<number, Tlv>, n: number, what: string): Tlv {
  const f = map.get(n);
  if (!f) throw new DerError(`missing ${what}`);
  return f;
}

export function readInt(t: Tlv): number {
  if (t.tag !== TAG.integer || t.value.length === 0 || t.value.length > 6) throw new DerError('bad INTEGER');
  return t.value.readIntBE(0, t.value.length);
}

export function readString(t: Tlv): string {
  if (t.tag !== TAG.generalString) throw new DerError('bad KerberosString');
  return t.value.toString('utf8');
}

export function readOctets(t: Tlv): Buffer {
  if (t.tag !== TAG.octetString) throw new DerError('bad OCTET STRING');
  return t.value;
}

/** KerberosTime: GeneralizedTime "YYYYMMDDHHMMSSZ" (RFC 4120 §5.2.3). */
export function readTime(t: Tlv): Date {
  const m = /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z$/.exec(t.value.toString('latin1'));
  if (t.tag !== TAG.generalizedTime || !m) throw new DerError('bad KerberosTime');
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

/** Dotted form of an OBJECT IDENTIFIER's contents. */
export function readOid(t: Tlv): string {
  if (t.tag !== TAG.oid || t.value.length === 0) throw new DerError('bad OID');
  const v = t.value;
  const parts = [Math.floor(v[0]! / 40), v[0]! % 40];
  let n = 0;
  for (let i = 1; i < v.length; i++) {
    n = n * 128 + (v[i]! & 0x7f);
    if (!(v[i]! & 0x80)) {
      parts.push(n);
      n = 0;
    }
  }
  return parts.join('.');
}

// --- writing ---

export function tlv(tag: number, value: Buffer): Buffer {
  const n = value.length;
  const len =
    n < 0x80
      ? Buffer.from([n])
      : n < 0x100
        ? Buffer.from([0x81, n])
        : n < 0x10000
          ? Buffer.from([0x82, n >> 8, n & 0xff])
          : Buffer.from([0x83, n >> 16, (n >> 8) & 0xff, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, value]);
}

export const seq = (...items: Buffer[]) => tlv(TAG.sequence, Buffer.concat(items));
export const explicit = (n: number, inner: Buffer) => tlv(ctx(n), inner);

export function writeInt(n: number): Buffer {
  const bytes: number[] = [];
  let v = n;
  do {
    bytes.unshift(v & 0xff);
    v = Math.floor(v / 256);
  } while (v > 0);
  if (bytes[0]! & 0x80) bytes.unshift(0);
  return tlv(TAG.integer, Buffer.from(bytes));
}

export const writeOctets = (b: Buffer) => tlv(TAG.octetString, b);
export const writeString = (s: string) => tlv(TAG.generalString, Buffer.from(s, 'utf8'));

export function writeTime(d: Date): Buffer {
  const iso = d.toISOString(); // 2026-11-28T02:33:39.123Z
  const text = iso.slice(0, 19).replace(/[-T:]/g, '') + 'Z';
  return tlv(TAG.generalizedTime, Buffer.from(text, 'latin1'));
}

export function writeOid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [a! * 40 + b!];
  for (const n of rest) {
    const groups = [n & 0x7f];
    for (let v = Math.floor(n / 128); v > 0; v = Math.floor(v / 128)) groups.unshift((v & 0x7f) | 0x80);
    out.push(...groups);
  }
  return tlv(TAG.oid, Buffer.from(out));
}
