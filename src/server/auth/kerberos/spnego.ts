// SPNEGO (RFC 4178) and the Kerberos GSS-API token framing (RFC 4121 §4.1) around an AP-REQ.
// A browser or curl sends `Authorization: Negotiate <base64>` holding either a NegTokenInit whose
// mechToken is a Kerberos token, or (rarely) the Kerberos token itself.
import {
  DerError,
  TAG,
  app,
  children,
  explicit,
  fields,
  readOid,
  readOne,
  readTlv,
  seq,
  tlv,
  writeOctets,
  writeOid,
} from './der';

export const OID = {
  spnego: '1.3.6.1.5.5.2',
  krb5: '1.2.840.113554.1.2.2',
  /** The Kerberos OID as old Windows clients spell it; same mechanism. */
  krb5Microsoft: '1.2.840.48018.1.2.2',
} as const;

const KRB5_MECHS: readonly string[] = [OID.krb5, OID.krb5Microsoft];

export class SpnegoError extends Error {}

export interface InitialToken {
  /** The mechanism the client put first: the answer names it back. */
  mech: string;
  /** Whether the client wrapped the token in SPNEGO (then the answer is wrapped too). */
  spnego: boolean;
  apReq: Buffer;
}

/** Splits a GSS InitialContextToken ([APPLICATION 0] OID inner) into its mechanism and rest. */
function gssFrame(buf: Buffer): { oid: string; rest: Buffer } {
  const outer = readOne(buf);
  if (outer.tag !== app(0)) throw new SpnegoError('not a GSS-API token');
  const { tlv: oid, next } = readTlv(outer.value, 0);
  return { oid: readOid(oid), rest: outer.value.subarray(next) };
}

/** The AP-REQ inside a Kerberos GSS token: TOK_ID 01 00 then the message. */
function krb5ApReq(buf: Buffer): Buffer {
  const { oid, rest } = gssFrame(buf);
  if (!KRB5_MECHS.includes(oid)) throw new SpnegoError(`mechanism ${oid} is not Kerberos`);
  if (rest.length < 2 || rest[0] !== 0x01 || rest[1] !== 0x00)
    throw new SpnegoError('not a Kerberos AP-REQ token');
  return rest.subarray(2);
}

/** Reads the first token of a Negotiate exchange. */
export function parseInitialToken(token: Buffer): InitialToken {
  try {
    if (token.subarray(0, 7).toString('latin1') === 'NTLMSSP') throw new SpnegoError('NTLM is not supported');
    const { oid, rest } = gssFrame(token);
    if (KRB5_MECHS.includes(oid)) return { mech: oid, spnego: false, apReq: krb5ApReq(token) };
    if (oid !== OID.spnego) throw new SpnegoError(`mechanism ${oid} is not supported`);
    const choice = readOne(rest);
    if (choice.tag !== explicitTag(0)) throw new SpnegoError('expected a NegTokenInit');
    const init = fields(readOne(choice.value, TAG.sequence));
    const mechTypes = init.get(0);
    const mechs = mechTypes ? children(mechTypes.value).map(readOid) : [];
    const mechToken = init.get(2);
    if (!mechs.length || !KRB5_MECHS.includes(mechs[0]!) || !mechToken || mechToken.tag !== TAG.octetString)
      throw new SpnegoError(
        `the client offers ${mechs.join(', ') || 'no mechanism'} without a Kerberos token`,
      );
    return { mech: mechs[0]!, spnego: true, apReq: krb5ApReq(mechToken.value) };
  } catch (err) {
    if (err instanceof DerError) throw new SpnegoError(`malformed token: ${err.message}`);
    throw err;
  }
}

const explicitTag = (n: number) => 0xa0 | n;

/** The answer carrying an AP-REP: a Kerberos token (TOK_ID 02 00), in a NegTokenResp when asked by SPNEGO. */
export function wrapApRep(initial: InitialToken, apRep: Buffer): Buffer {
  const krb = tlv(app(0), Buffer.concat([writeOid(OID.krb5), Buffer.from([0x02, 0x00]), apRep]));
  if (!initial.spnego) return krb;
  const acceptCompleted = tlv(0x0a, Buffer.from([0]));
  return explicit(
    1,
    seq(explicit(0, acceptCompleted), explicit(1, writeOid(initial.mech)), explicit(2, writeOctets(krb))),
  );
}
