// MIT keytab files (format 0x0502, big-endian), as `kadmin ktadd -k` and `ktutil` write them:
// a version, then entries of a signed 32-bit size (negative = a deleted entry's hole), each with
// the principal, a timestamp, the key version and the key. Layout: MIT's keytab file format doc.

export interface KeytabEntry {
  /** The realm, e.g. TEST.LOCAL. */
  realm: string;
  /** The name components, e.g. ['HTTP', 'host.example.com']. */
  components: string[];
  nameType: number;
  timestamp: Date;
  /** The key version number (the 32-bit one when present, else the 8-bit one). */
  kvno: number;
  etype: number;
  key: Buffer;
}

export class KeytabError extends Error {}

/** Parses a keytab file's bytes into its entries (holes skipped). */
export function parseKeytab(buf: Buffer): KeytabEntry[] {
  if (buf.length < 2 || buf[0] !== 0x05) throw new KeytabError('not a keytab file');
  if (buf[1] !== 0x02)
    throw new KeytabError(`keytab version 0x05${buf[1]!.toString(16).padStart(2, '0')} is not supported`);
  const entries: KeytabEntry[] = [];
  let pos = 2;
  while (pos + 4 <= buf.length) {
    const size = buf.readInt32BE(pos);
    pos += 4;
    if (size === 0) break;
    const end = pos + Math.abs(size);
    if (end > buf.length) throw new KeytabError('truncated keytab entry');
    if (size > 0) entries.push(parseEntry(buf.subarray(pos, end)));
    pos = end;
  }
  return entries;
}

function parseEntry(e: Buffer): KeytabEntry {
  let p = 0;
  const u16 = () => {
    if (p + 2 > e.length) throw new KeytabError('truncated keytab entry');
    const v = e.readUInt16BE(p);
    p += 2;
    return v;
  };
  const u32 = () => {
    if (p + 4 > e.length) throw new KeytabError('truncated keytab entry');
    const v = e.readUInt32BE(p);
    p += 4;
    return v;
  };
  const octets = () => {
    const n = u16();
    if (p + n > e.length) throw new KeytabError('truncated keytab entry');
    const v = e.subarray(p, p + n);
    p += n;
    return v;
  };
  const count = u16();
  const realm = octets().toString('utf8');
  const components: string[] = [];
  for (let i = 0; i < count; i++) components.push(octets().toString('utf8'));
  const nameType = u32();
  const timestamp = new Date(u32() * 1000);
  if (p + 1 > e.length) throw new KeytabError('truncated keytab entry');
  let kvno = e[p++]!;
  const etype = u16();
  const key = Buffer.from(octets());
  // A 32-bit kvno follows when the entry has room for it (newer MIT writers); 0 means "use the 8-bit one".
  if (p + 4 <= e.length) {
    const kvno32 = u32();
    if (kvno32 !== 0) kvno = kvno32;
  }
  return { realm, components, nameType, timestamp, kvno, etype, key };
}

/** Writes entries in the same format (tests make keytabs of known keys with it). */
export function writeKeytab(entries: KeytabEntry[]): Buffer {
  const str = (s: string) => {
    const b = Buffer.from(s, 'utf8');
    const len = Buffer.alloc(2);
    len.writeUInt16BE(b.length);
    return Buffer.concat([len, b]);
  };
  const parts: Buffer[] = [Buffer.from([0x05, 0x02])];
  for (const en of entries) {
    const head = Buffer.alloc(2);
    head.writeUInt16BE(en.components.length);
    const mid = Buffer.alloc(4 + 4 + 1 + 2);
    mid.writeUInt32BE(en.nameType, 0);
    mid.writeUInt32BE(Math.floor(en.timestamp.getTime() / 1000), 4);
    mid[8] = en.kvno & 0xff;
    mid.writeUInt16BE(en.etype, 9);
    const keyLen = Buffer.alloc(2);
    keyLen.writeUInt16BE(en.key.length);
    const kvno32 = Buffer.alloc(4);
    kvno32.writeUInt32BE(en.kvno);
    const body = Buffer.concat([head, str(en.realm), ...en.components.map(str), mid, keyLen, en.key, kvno32]);
    const size = Buffer.alloc(4);
    size.writeInt32BE(body.length);
    parts.push(size, body);
  }
  return Buffer.concat(parts);
}

/** "HTTP/host@REALM" of an entry. */
export const entryPrincipal = (e: KeytabEntry) => `${e.components.join('/')}@${e.realm}`;
