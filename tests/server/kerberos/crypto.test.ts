// The Kerberos crypto against the RFCs' known answers: n-fold (RFC 3961 A.1), string-to-key
// (RFC 3962 B, which also pins DK), AES-CBC-CTS (RFC 3962 B); encrypt/decrypt round trips.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ctsDecrypt,
  ctsEncrypt,
  decrypt,
  encrypt,
  ENCTYPE,
  KrbCryptoError,
  nfold,
  stringToKey,
  usageKeys,
} from '../../../src/server/auth/kerberos/crypto';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');

describe('n-fold (RFC 3961 A.1)', () => {
  it.each([
    ['012345', 64, 'be072631276b1955'],
    ['password', 56, '78a07b6caf85fa'],
    ['Rough Consensus, and Running Code', 64, 'bb6ed30870b7f0e0'],
    ['password', 168, '59e4a8ca7c0385c3c37b3f6d2000247cb6e6bd5b3e'],
    ['MASSACHVSETTS INSTITVTE OF TECHNOLOGY', 192, 'db3b0d8f0b061e603282b308a50841229ad798fab9540c1b'],
    ['Q', 168, '518a54a215a8452a518a54a215a8452a518a54a215'],
    ['ba', 168, 'fb25d531ae8974499f52fd92ea9857c4ba24cf297e'],
    ['kerberos', 64, '6b65726265726f73'],
    ['kerberos', 128, '6b65726265726f737b9b5b2b93132b93'],
  ])('%s folded to %i bits', (input, bits, out) => {
    expect(nfold(Buffer.from(input), bits / 8).toString('hex')).toBe(out);
  });
});

describe('string-to-key (RFC 3962 B)', () => {
  const cases: [string, string | Buffer, number, string, string][] = [
    [
      'password',
      'ATHENA.MIT.EDUraeburn',
      1,
      '42 26 3c 6e 89 f4 fc 28 b8 df 68 ee 09 79 9f 15',
      'fe 69 7b 52 bc 0d 3c e1 44 32 ba 03 6a 92 e6 5b bb 52 28 09 90 a2 fa 27 88 39 98 d7 2a f3 01 61',
    ],
    [
      'password',
      'ATHENA.MIT.EDUraeburn',
      2,
      'c6 51 bf 29 e2 30 0a c2 7f a4 69 d6 93 bd da 13',
      'a2 e1 6d 16 b3 60 69 c1 35 d5 e9 d2 e2 5f 89 61 02 68 56 18 b9 59 14 b4 67 c6 76 22 22 58 24 ff',
    ],
    [
      'password',
      'ATHENA.MIT.EDUraeburn',
      1200,
      '4c 01 cd 46 d6 32 d0 1e 6d be 23 0a 01 ed 64 2a',
      '55 a6 ac 74 0a d1 7b 48 46 94 10 51 e1 e8 b0 a7 54 8d 93 b0 ab 30 a8 bc 3f f1 62 80 38 2b 8c 2a',
    ],
    [
      'password',
      hex('1234567878563412'),
      5,
      'e9 b2 3d 52 27 37 47 dd 5c 35 cb 55 be 61 9d 8e',
      '97 a4 e7 86 be 20 d8 1a 38 2d 5e bc 96 d5 90 9c ab cd ad c8 7c a4 8f 57 45 04 15 9f 16 c3 6e 31',
    ],
    [
      'X'.repeat(64),
      'pass phrase equals block size',
      1200,
      '59 d1 bb 78 9a 82 8b 1a a5 4e f9 c2 88 3f 69 ed',
      '89 ad ee 36 08 db 8b c7 1f 1b fb fe 45 94 86 b0 56 18 b7 0c ba e2 20 92 53 4e 56 c5 53 ba 4b 34',
    ],
  ];
  it.each(cases)('%s / %s / %i iterations', (password, salt, iterations, k128, k256) => {
    expect(stringToKey(ENCTYPE.aes128, password, salt, iterations)).toEqual(hex(k128));
    expect(stringToKey(ENCTYPE.aes256, password, salt, iterations)).toEqual(hex(k256));
  });
});

describe('AES-CBC with ciphertext stealing (RFC 3962 B)', () => {
  const key = Buffer.from('chicken teriyaki');
  const plain = Buffer.from("I would like the General Gau's Chicken, please, and wonton soup.");
  it.each([
    [16, '97 68 72 68 d6 ec cc c0 c0 7b 25 e2 5e cf e5 84'],
    [17, 'c6 35 35 68 f2 bf 8c b4 d8 a5 80 36 2d a7 ff 7f 97'],
    [31, 'fc 00 78 3e 0e fd b2 c1 d4 45 d4 c8 ef f7 ed 22 97 68 72 68 d6 ec cc c0 c0 7b 25 e2 5e cf e5'],
    [32, '39 31 25 23 a7 86 62 d5 be 7f cb cc 98 eb f5 a8 97 68 72 68 d6 ec cc c0 c0 7b 25 e2 5e cf e5 84'],
    [
      47,
      '97 68 72 68 d6 ec cc c0 c0 7b 25 e2 5e cf e5 84 b3 ff fd 94 0c 16 a1 8c 1b 55 49 d2 f8 38 02 9e 39 31 25 23 a7 86 62 d5 be 7f cb cc 98 eb f5',
    ],
    [
      48,
      '97 68 72 68 d6 ec cc c0 c0 7b 25 e2 5e cf e5 84 9d ad 8b bb 96 c4 cd c0 3b c1 03 e1 a1 94 bb d8 39 31 25 23 a7 86 62 d5 be 7f cb cc 98 eb f5 a8',
    ],
    [
      64,
      '97 68 72 68 d6 ec cc c0 c0 7b 25 e2 5e cf e5 84 39 31 25 23 a7 86 62 d5 be 7f cb cc 98 eb f5 a8 48 07 ef e8 36 ee 89 a5 26 73 0d bc 2f 7b c8 40 9d ad 8b bb 96 c4 cd c0 3b c1 03 e1 a1 94 bb d8',
    ],
  ])('%i octets', (length, out) => {
    const p = plain.subarray(0, length);
    expect(ctsEncrypt(key, p).toString('hex')).toBe(hex(out).toString('hex'));
    expect(ctsDecrypt(key, hex(out))).toEqual(p);
  });

  it('decrypts what it encrypts at any length from one block, for both key sizes', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 16, maxLength: 100 }),
        fc.constantFrom(16, 32),
        (bytes, keyLen) => {
          const k = Buffer.alloc(keyLen, 0x5a);
          const p = Buffer.from(bytes);
          const c = ctsEncrypt(k, p);
          expect(c.length).toBe(p.length);
          expect(ctsDecrypt(k, c)).toEqual(p);
        },
      ),
    );
  });
});

describe('RFC 8009 (aes128-cts-hmac-sha256-128, aes256-cts-hmac-sha384-192)', () => {
  it('derives Ke and Ki of usage 2 as appendix A', () => {
    const k19 = usageKeys(ENCTYPE.aes128sha256, hex('3705D96080C17728A0E800EAB6E0D23C'), 2);
    expect(k19.ke).toEqual(hex('9B197DD1E8C5609D6E67C3E37C62C72E'));
    expect(k19.ki).toEqual(hex('9FDA0E56AB2D85E1569A688696C26A6C'));
    const k20 = usageKeys(
      ENCTYPE.aes256sha384,
      hex('6D404D37FAF79F9DF0D33568D320669800EB4836472EA8A026D16B7182460C52'),
      2,
    );
    expect(k20.ke).toEqual(hex('56AB22BEE63D82D7BC5227F6773F8EA7A5EB1C825160C38312980C442E5C7E49'));
    expect(k20.ki).toEqual(hex('69B16514E3CD8E56B82010D5C73012B622C4D00FFC23ED1F'));
  });
  it('string-to-key of appendix A (aes128-cts-hmac-sha256-128, 32768 iterations)', () => {
    const salt = Buffer.concat([
      hex('10DF9DD783E5BC8ACEA1730E74355F61'),
      Buffer.from('ATHENA.MIT.EDUraeburn'),
    ]);
    expect(stringToKey(ENCTYPE.aes128sha256, 'password', salt)).toEqual(
      hex('089BCA48B105EA6EA77CA5D2F39DC5E7'),
    );
  });
  it('the CTS of appendix A under its Ke', () => {
    const ke = hex('9B197DD1E8C5609D6E67C3E37C62C72E');
    const cases: [string, string][] = [
      ['e8ooXi/UEw+1Wxpcg7xbJAABAgMEBQ==', 'hNfzB1TtmHurC/NQa+sJz7VUAs735g=='],
      ['VqshcT/2LAoUVyAPb6mUjwABAgMEBQYHCAkKCwwNDg8=', 'NRfWQPUN3IrTYocis1adKuB0k/qCYyVAgOplwQCOj8I='],
    ];
    for (const [p, c] of cases) {
      expect(ctsEncrypt(ke, Buffer.from(p, 'base64')).toString('base64')).toBe(c);
      expect(ctsDecrypt(ke, Buffer.from(c, 'base64')).toString('base64')).toBe(p);
    }
  });
});

describe('encrypt / decrypt', () => {
  it.each([ENCTYPE.aes128, ENCTYPE.aes256, ENCTYPE.aes128sha256, ENCTYPE.aes256sha384])(
    'enctype %i round-trips and rejects another key, another usage and altered data',
    (etype) => {
      const key = stringToKey(etype, 'password', 'TEST.LOCALivan', 2);
      const msg = Buffer.from('an authenticator, or any message');
      const c = encrypt(etype, key, 11, msg);
      expect(c.length).toBe(16 + msg.length + (etype === 20 ? 24 : etype === 19 ? 16 : 12));
      expect(decrypt(etype, key, 11, c)).toEqual(msg);
      expect(() => decrypt(etype, key, 2, c)).toThrow(KrbCryptoError);
      expect(() => decrypt(etype, Buffer.alloc(key.length), 11, c)).toThrow(KrbCryptoError);
      const altered = Buffer.from(c);
      altered[20]! ^= 1;
      expect(() => decrypt(etype, key, 11, altered)).toThrow(KrbCryptoError);
      expect(encrypt(etype, key, 12, msg)).not.toEqual(encrypt(etype, key, 12, msg));
    },
  );
});
