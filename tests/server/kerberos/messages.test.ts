// Keytab, DER and the acceptor on messages built here with known keys: the pieces the MIT
// integration test (tests/server/auth-kerberos.test.ts) exercises against a real KDC, and the
// refusals it cannot easily provoke (skew, expired ticket, another client in the authenticator).
import { describe, expect, it } from 'vitest';
import { acceptToken, KerberosReject, ReplayCache } from '../../../src/server/auth/kerberos/accept';
import { decrypt, encrypt, ENCTYPE, KEY_USAGE } from '../../../src/server/auth/kerberos/crypto';
import {
  app,
  fields,
  readInt,
  readOctets,
  explicit,
  readOne,
  seq,
  tlv,
  writeInt,
  writeOctets,
  writeOid,
  writeString,
  writeTime,
} from '../../../src/server/auth/kerberos/der';
import { parseKeytab, writeKeytab } from '../../../src/server/auth/kerberos/keytab';
import type { KeytabEntry } from '../../../src/server/auth/kerberos/keytab';
import { OID } from '../../../src/server/auth/kerberos/spnego';

const REALM = 'TEST.LOCAL';
const serviceKey = Buffer.alloc(32, 0x11);
const sessionKey = Buffer.alloc(32, 0x22);
const keys: KeytabEntry[] = [
  {
    realm: REALM,
    components: ['HTTP', 'localhost'],
    nameType: 3,
    timestamp: new Date('2026-01-01T00:00:00Z'),
    kvno: 2,
    etype: ENCTYPE.aes256,
    key: serviceKey,
  },
];

const name = (...parts: string[]) =>
  seq(explicit(0, writeInt(1)), explicit(1, seq(...parts.map(writeString))));
const encData = (etype: number, cipher: Buffer, kvno?: number) =>
  seq(
    explicit(0, writeInt(etype)),
    ...(kvno ? [explicit(1, writeInt(kvno))] : []),
    explicit(2, writeOctets(cipher)),
  );

interface Opts {
  now: Date;
  client?: string[];
  authClient?: string[];
  start?: Date;
  end?: Date;
  ctime?: Date;
  mutual?: boolean;
  key?: Buffer;
  sessionEtype?: number;
  sessionKey?: Buffer;
}

/** A Negotiate token as a browser sends it: SPNEGO NegTokenInit around a krb5 AP-REQ. */
function token(o: Opts): string {
  const client = o.client ?? ['ivan'];
  const encTicket = tlv(
    app(3),
    seq(
      explicit(0, tlv(0x03, Buffer.from([0, 0x40, 0, 0, 0]))),
      explicit(
        1,
        seq(
          explicit(0, writeInt(o.sessionEtype ?? ENCTYPE.aes256)),
          explicit(1, writeOctets(o.sessionKey ?? sessionKey)),
        ),
      ),
      explicit(2, writeString(REALM)),
      explicit(3, name(...client)),
      explicit(4, seq(explicit(0, writeInt(1)), explicit(1, writeOctets(Buffer.alloc(0))))),
      explicit(5, writeTime(o.start ?? new Date(o.now.getTime() - 60_000))),
      explicit(7, writeTime(o.end ?? new Date(o.now.getTime() + 3_600_000))),
    ),
  );
  const ticket = tlv(
    app(1),
    seq(
      explicit(0, writeInt(5)),
      explicit(1, writeString(REALM)),
      explicit(2, name('HTTP', 'localhost')),
      explicit(
        3,
        encData(ENCTYPE.aes256, encrypt(ENCTYPE.aes256, o.key ?? serviceKey, KEY_USAGE.ticket, encTicket), 2),
      ),
    ),
  );
  const authenticator = tlv(
    app(2),
    seq(
      explicit(0, writeInt(5)),
      explicit(1, writeString(REALM)),
      explicit(2, name(...(o.authClient ?? client))),
      explicit(4, writeInt(123456)),
      explicit(5, writeTime(o.ctime ?? o.now)),
      explicit(7, writeInt(42)),
    ),
  );
  const apReq = tlv(
    app(14),
    seq(
      explicit(0, writeInt(5)),
      explicit(1, writeInt(14)),
      explicit(2, tlv(0x03, Buffer.from([0, o.mutual ? 0x20 : 0, 0, 0, 0]))),
      explicit(3, ticket),
      explicit(
        4,
        encData(
          o.sessionEtype ?? ENCTYPE.aes256,
          encrypt(
            o.sessionEtype ?? ENCTYPE.aes256,
            o.sessionKey ?? sessionKey,
            KEY_USAGE.apReqAuthenticator,
            authenticator,
          ),
        ),
      ),
    ),
  );
  const krb = tlv(app(0), Buffer.concat([writeOid(OID.krb5), Buffer.from([1, 0]), apReq]));
  const init = explicit(0, seq(explicit(0, seq(writeOid(OID.krb5))), explicit(2, writeOctets(krb))));
  return tlv(app(0), Buffer.concat([writeOid(OID.spnego), init])).toString('base64');
}

const now = new Date('2026-11-28T03:00:00Z');
const opts = () => ({ keys, servicePrincipal: null, now, skewMs: 300_000, replay: new ReplayCache(600_000) });
const rejected = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof KerberosReject) return err.code;
    throw err;
  }
  return 'accepted';
};

describe('keytab', () => {
  it('reads back what it writes, holes skipped', () => {
    const bytes = writeKeytab(keys);
    const withHole = Buffer.concat([
      bytes.subarray(0, 2),
      Buffer.from([0xff, 0xff, 0xff, 0xfc, 0, 0, 0, 0]),
      bytes.subarray(2),
    ]);
    expect(parseKeytab(withHole)).toEqual(keys);
    expect(() => parseKeytab(Buffer.from([5, 1]))).toThrow(/0x0501/);
    expect(() => parseKeytab(Buffer.from('not a keytab'))).toThrow(/not a keytab/);
  });
});

describe('acceptToken', () => {
  it('accepts a valid token and names the client', () => {
    const r = acceptToken(token({ now }), opts());
    expect(r).toMatchObject({ principal: 'ivan@TEST.LOCAL', realm: REALM, replyToken: null });
    expect(r.name.parts).toEqual(['ivan']);
  });

  it('answers an AP-REP the client can decrypt with the session key when mutual authentication is asked', () => {
    const r = acceptToken(token({ now, mutual: true }), opts());
    const resp = readOne(Buffer.from(r.replyToken!, 'base64'));
    expect(resp.tag).toBe(0xa1); // NegTokenResp
    const raw = Buffer.from(r.replyToken!, 'base64');
    const at = raw.indexOf(Buffer.from([0x02, 0x00, 0x6f])); // TOK_ID then [APPLICATION 15]
    const apRep = fields(readOne(readOne(raw.subarray(at + 2)).value));
    expect(readInt(apRep.get(1)!)).toBe(15);
    const encPart = fields(apRep.get(2)!);
    const inner = readOctets(encPart.get(2)!);
    const plain = decrypt(ENCTYPE.aes256, sessionKey, KEY_USAGE.apRepEncPart, inner);
    expect(plain.toString('latin1')).toContain('20261128030000Z');
  });

  it('accepts a session key of the RFC 8009 enctypes', () => {
    for (const etype of [ENCTYPE.aes128sha256, ENCTYPE.aes256sha384]) {
      const key = Buffer.alloc(etype === ENCTYPE.aes128sha256 ? 16 : 32, 0x33);
      const r = acceptToken(token({ now, sessionEtype: etype, sessionKey: key, mutual: true }), opts());
      expect(r.principal).toBe('ivan@TEST.LOCAL');
      expect(r.replyToken).toBeTruthy();
    }
  });

  it('refuses a replay, skew, an expired or future ticket, another client and a wrong key', () => {
    const o = opts();
    const t = token({ now });
    expect(rejected(() => acceptToken(t, o))).toBe('accepted');
    expect(rejected(() => acceptToken(t, o))).toBe('kerberos.replay');
    expect(
      rejected(() => acceptToken(token({ now, ctime: new Date(now.getTime() - 400_000) }), opts())),
    ).toBe('kerberos.skew');
    expect(rejected(() => acceptToken(token({ now, end: new Date(now.getTime() - 400_000) }), opts()))).toBe(
      'kerberos.ticket_expired',
    );
    expect(
      rejected(() => acceptToken(token({ now, start: new Date(now.getTime() + 400_000) }), opts())),
    ).toBe('kerberos.ticket_expired');
    expect(rejected(() => acceptToken(token({ now, authClient: ['maria'] }), opts()))).toBe(
      'kerberos.invalid_token',
    );
    expect(rejected(() => acceptToken(token({ now, key: Buffer.alloc(32, 9) }), opts()))).toBe(
      'kerberos.invalid_token',
    );
    expect(
      rejected(() => acceptToken(token({ now }), { ...opts(), servicePrincipal: 'HTTP/other@TEST.LOCAL' })),
    ).toBe('kerberos.no_key');
    expect(rejected(() => acceptToken(token({ now }), { ...opts(), keys: [] }))).toBe('kerberos.no_key');
  });

  it('refuses garbage and NTLM as an invalid token, never a crash', () => {
    expect(rejected(() => acceptToken('aGVsbG8=', opts()))).toBe('kerberos.invalid_token');
    expect(rejected(() => acceptToken(Buffer.from('NTLMSSP\0\x01').toString('base64'), opts()))).toBe(
      'kerberos.invalid_token',
    );
    const t = Buffer.from(token({ now }), 'base64');
    expect(rejected(() => acceptToken(t.subarray(0, 100).toString('base64'), opts()))).toBe(
      'kerberos.invalid_token',
    );
  });
});
