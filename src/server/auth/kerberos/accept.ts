// The acceptor side of Kerberos authentication (RFC 4120 §3.2.3): from the Negotiate token to the
// client's principal. The ticket is decrypted with the service's key from the keytab, the
// authenticator with the ticket's session key; both must name the same client, the ticket must be
// current and the authenticator's time within the clock skew and not seen before.
import { decrypt, encrypt, keyLength, KEY_USAGE } from './crypto';
import { DerError } from './der';
import type { KeytabEntry } from './keytab';
import {
  apRep,
  encApRepPart,
  parseApReq,
  parseAuthenticator,
  parseEncTicketPart,
  principalText,
} from './messages';
import type { PrincipalName } from './messages';
import { parseInitialToken, SpnegoError, wrapApRep } from './spnego';

export type RejectCode =
  | 'kerberos.invalid_token'
  | 'kerberos.no_key'
  | 'kerberos.ticket_expired'
  | 'kerberos.skew'
  | 'kerberos.replay';

/** Why a token is refused: a code for the page, and detail for the log. */
export class KerberosReject extends Error {
  constructor(
    readonly code: RejectCode,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

/** Authenticators seen within the skew window, so that a captured header cannot be replayed. */
export class ReplayCache {
  private seen = new Map<string, number>();
  constructor(private readonly windowMs: number) {}
  /** True when the key is new (and remembers it); false for a replay. */
  admit(key: string, now: number): boolean {
    for (const [k, expires] of this.seen) {
      if (expires > now) break; // insertion order ≈ expiry order
      this.seen.delete(k);
    }
    if (this.seen.has(key)) return false;
    this.seen.set(key, now + this.windowMs);
    return true;
  }
}

export interface AcceptOptions {
  keys: readonly KeytabEntry[];
  /** Only tickets for this principal ("HTTP/host@REALM"); null accepts any principal of the keytab. */
  servicePrincipal: string | null;
  now: Date;
  skewMs: number;
  replay: ReplayCache;
}

export interface Accepted {
  /** The client's name components (["ivan"], or ["ivan", "admin"]). */
  name: PrincipalName;
  realm: string;
  /** "ivan@TEST.LOCAL". */
  principal: string;
  /** The base64 answer token for `WWW-Authenticate: Negotiate …` when the client asked for mutual authentication. */
  replyToken: string | null;
  /** The authenticator's identity (principal, service, client time): the replay caches' key. */
  replayKey: string;
}

const sameName = (a: PrincipalName, b: PrincipalName) =>
  a.parts.length === b.parts.length && a.parts.every((p, i) => p === b.parts[i]);

export function acceptToken(base64: string, o: AcceptOptions): Accepted {
  const reject = (code: RejectCode, detail: string): never => {
    throw new KerberosReject(code, detail);
  };
  try {
    const initial = parseInitialToken(Buffer.from(base64, 'base64'));
    const req = parseApReq(initial.apReq);
    const { ticket } = req;
    const service = principalText(ticket.sname, ticket.realm);
    if (o.servicePrincipal && service !== o.servicePrincipal)
      reject('kerberos.no_key', `ticket for ${service}, this server is ${o.servicePrincipal}`);
    const candidates = o.keys.filter(
      (k) =>
        k.realm === ticket.realm &&
        k.etype === ticket.encPart.etype &&
        k.components.length === ticket.sname.parts.length &&
        k.components.every((c, i) => c === ticket.sname.parts[i]),
    );
    const exact = candidates.filter((k) => ticket.encPart.kvno === null || k.kvno === ticket.encPart.kvno);
    // An old kvno may still be tried: a keytab not yet refreshed after a key change fails below anyway.
    const keys = exact.length ? exact : candidates;
    if (!keys.length)
      reject(
        'kerberos.no_key',
        `no key for ${service} (etype ${ticket.encPart.etype}, kvno ${ticket.encPart.kvno})`,
      );
    let plain: Buffer | null = null;
    for (const k of keys) {
      try {
        plain = decrypt(k.etype, k.key, KEY_USAGE.ticket, ticket.encPart.cipher);
        break;
      } catch {
        // try the next key of the same principal
      }
    }
    if (!plain)
      return reject('kerberos.invalid_token', `the ticket for ${service} does not decrypt with the keytab`);
    const part = parseEncTicketPart(plain);
    const now = o.now.getTime();
    if (part.invalid) reject('kerberos.ticket_expired', 'the ticket is marked invalid');
    if ((part.starttime ?? part.authtime).getTime() - o.skewMs > now)
      reject('kerberos.ticket_expired', 'the ticket is not yet valid');
    if (part.endtime.getTime() + o.skewMs < now) reject('kerberos.ticket_expired', 'the ticket has expired');
    const session = part.sessionKey;
    if (!keyLength(session.etype) || keyLength(session.etype) !== session.value.length)
      reject('kerberos.no_key', `session key etype ${session.etype} is not supported`);
    if (req.authenticator.etype !== session.etype)
      reject('kerberos.invalid_token', 'authenticator etype mismatch');
    let auth;
    try {
      auth = parseAuthenticator(
        decrypt(session.etype, session.value, KEY_USAGE.apReqAuthenticator, req.authenticator.cipher),
      );
    } catch (err) {
      if (err instanceof DerError) throw err;
      return reject('kerberos.invalid_token', 'the authenticator does not decrypt with the session key');
    }
    if (auth.crealm !== part.crealm || !sameName(auth.cname, part.cname))
      reject('kerberos.invalid_token', 'the authenticator names another client than the ticket');
    if (Math.abs(auth.ctime.getTime() - now) > o.skewMs)
      reject('kerberos.skew', `client time ${auth.ctime.toISOString()} is off by more than the allowed skew`);
    const principal = principalText(part.cname, part.crealm);
    const replayKey = `${principal}|${service}|${auth.ctime.getTime()}|${auth.cusec}`;
    if (!o.replay.admit(replayKey, now))
      reject('kerberos.replay', `authenticator of ${principal} seen before`);
    let replyToken: string | null = null;
    if (req.mutualRequired) {
      const enc = encrypt(
        session.etype,
        session.value,
        KEY_USAGE.apRepEncPart,
        encApRepPart(auth.ctime, auth.cusec, auth.seqNumber ?? 0),
      );
      replyToken = wrapApRep(initial, apRep(session.etype, enc)).toString('base64');
    }
    return { name: part.cname, realm: part.crealm, principal, replyToken, replayKey };
  } catch (err) {
    if (err instanceof SpnegoError || err instanceof DerError)
      throw new KerberosReject('kerberos.invalid_token', err.message);
    throw err;
  }
}
