// The Kerberos messages a service reads and writes (RFC 4120 §5): AP-REQ with its Ticket and
// Authenticator, the ticket's EncTicketPart, and the AP-REP of mutual authentication.
import {
  TAG,
  app,
  children,
  explicit,
  fields,
  need,
  readInt,
  readOctets,
  readOne,
  readString,
  readTime,
  seq,
  tlv,
  writeInt,
  writeOctets,
  writeTime,
  DerError,
} from './der';
import type { Tlv } from './der';

export interface PrincipalName {
  nameType: number;
  parts: string[];
}

export interface EncryptedData {
  etype: number;
  kvno: number | null;
  cipher: Buffer;
}

export interface ApReq {
  /** AP options: mutual authentication required (bit 2). */
  mutualRequired: boolean;
  ticket: { realm: string; sname: PrincipalName; encPart: EncryptedData };
  authenticator: EncryptedData;
}

export interface EncTicketPart {
  /** The ticket's invalid flag (postdated, not yet validated). */
  invalid: boolean;
  sessionKey: { etype: number; value: Buffer };
  crealm: string;
  cname: PrincipalName;
  authtime: Date;
  starttime: Date | null;
  endtime: Date;
}

export interface Authenticator {
  crealm: string;
  cname: PrincipalName;
  cusec: number;
  ctime: Date;
  seqNumber: number | null;
}

function principalName(t: Tlv): PrincipalName {
  const f = fields(t);
  const names = need(f, 1, 'name-string');
  if (names.tag !== TAG.sequence) throw new DerError('bad name-string');
  return { nameType: readInt(need(f, 0, 'name-type')), parts: children(names.value).map(readString) };
}

function encryptedData(t: Tlv): EncryptedData {
  const f = fields(t);
  const kvno = f.get(1);
  return {
    etype: readInt(need(f, 0, 'etype')),
    kvno: kvno ? readInt(kvno) : null,
    cipher: readOctets(need(f, 2, 'cipher')),
  };
}

/** The SEQUENCE inside an [APPLICATION n] wrapper. */
function unwrapApp(t: Tlv, n: number, what: string): Tlv {
  if (t.tag !== app(n)) throw new DerError(`expected ${what}`);
  return readOne(t.value, TAG.sequence);
}

/** Bit n (0 = most significant) of a BIT STRING's contents. */
const bit = (t: Tlv, n: number) => {
  if (t.tag !== TAG.bitString) throw new DerError('bad BIT STRING');
  const byte = t.value[1 + (n >> 3)] ?? 0;
  return (byte & (0x80 >> (n & 7))) !== 0;
};

export function parseApReq(der: Buffer): ApReq {
  const f = fields(unwrapApp(readOne(der), 14, 'AP-REQ'));
  if (readInt(need(f, 0, 'pvno')) !== 5 || readInt(need(f, 1, 'msg-type')) !== 14)
    throw new DerError('not a Kerberos 5 AP-REQ');
  const tf = fields(unwrapApp(need(f, 3, 'ticket'), 1, 'Ticket'));
  if (readInt(need(tf, 0, 'tkt-vno')) !== 5) throw new DerError('not a Kerberos 5 ticket');
  return {
    mutualRequired: bit(need(f, 2, 'ap-options'), 2),
    ticket: {
      realm: readString(need(tf, 1, 'realm')),
      sname: principalName(need(tf, 2, 'sname')),
      encPart: encryptedData(need(tf, 3, 'enc-part')),
    },
    authenticator: encryptedData(need(f, 4, 'authenticator')),
  };
}

export function parseEncTicketPart(der: Buffer): EncTicketPart {
  const f = fields(unwrapApp(readOne(der), 3, 'EncTicketPart'));
  const key = fields(need(f, 1, 'key'));
  const start = f.get(6);
  return {
    invalid: bit(need(f, 0, 'flags'), 7),
    sessionKey: { etype: readInt(need(key, 0, 'keytype')), value: readOctets(need(key, 1, 'keyvalue')) },
    crealm: readString(need(f, 2, 'crealm')),
    cname: principalName(need(f, 3, 'cname')),
    authtime: readTime(need(f, 5, 'authtime')),
    starttime: start ? readTime(start) : null,
    endtime: readTime(need(f, 7, 'endtime')),
  };
}

export function parseAuthenticator(der: Buffer): Authenticator {
  const f = fields(unwrapApp(readOne(der), 2, 'Authenticator'));
  if (readInt(need(f, 0, 'authenticator-vno')) !== 5) throw new DerError('not a Kerberos 5 authenticator');
  const seqNumber = f.get(7);
  return {
    crealm: readString(need(f, 1, 'crealm')),
    cname: principalName(need(f, 2, 'cname')),
    cusec: readInt(need(f, 4, 'cusec')),
    ctime: readTime(need(f, 5, 'ctime')),
    seqNumber: seqNumber ? readInt(seqNumber) : null,
  };
}

/** EncAPRepPart (application 27): the client's own time echoed back, proving the service's key. */
export function encApRepPart(ctime: Date, cusec: number, seqNumber: number): Buffer {
  return tlv(
    app(27),
    seq(explicit(0, writeTime(ctime)), explicit(1, writeInt(cusec)), explicit(3, writeInt(seqNumber))),
  );
}

/** AP-REP (application 15) around an encrypted EncAPRepPart. */
export function apRep(etype: number, cipher: Buffer): Buffer {
  return tlv(
    app(15),
    seq(
      explicit(0, writeInt(5)),
      explicit(1, writeInt(15)),
      explicit(2, seq(explicit(0, writeInt(etype)), explicit(2, writeOctets(cipher)))),
    ),
  );
}

/** "name/instance@REALM". */
export const principalText = (name: PrincipalName, realm: string) => `${name.parts.join('/')}@${realm}`;
