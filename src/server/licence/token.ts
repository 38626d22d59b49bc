// Licence tokens: `base64url(payload JSON).base64url(Ed25519 signature of the first part)`. The
// server holds only the public key; tokens are issued by `npm run licence` with the private key.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import type { LicencePayload } from '../../domain/admin/licence';
import { readPayload } from '../../domain/admin/licence';

export function signLicence(payload: LicencePayload, privateKeyPem: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const sig = sign(null, Buffer.from(body), createPrivateKey(privateKeyPem));
  return `${body}.${sig.toString('base64url')}`;
}

/** The payload of a token signed by the key, or null (malformed, wrong key, tampered). */
export function verifyLicence(token: string, publicKeyPem: string): LicencePayload | null {
  const parts = token.trim().split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  try {
    const ok = verify(
      null,
      Buffer.from(parts[0]),
      createPublicKey(publicKeyPem),
      Buffer.from(parts[1], 'base64url'),
    );
    if (!ok) return null;
    return readPayload(JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8')));
  } catch {
    return null;
  }
}

export function newKeyPair(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
