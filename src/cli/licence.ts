// npm run --silent licence -- keygen DIR
//   writes DIR/licence-public.pem and DIR/licence-private.pem (keep the private one out of the repo)
// npm run --silent licence -- issue --customer NAME --users N [--days D] [--space ID]
//   [--estimates N] [--bim N] [--min-version 0.1] [--max-version 9.9] [--key FILE]
//   prints a signed token; the private key comes from --key, else LICENCE_PRIVATE_KEY_FILE,
//   else LICENCE_PRIVATE_KEY (the PEM itself).
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { newKeyPair, signLicence } from '../server/licence/token';

const [command, ...rest] = process.argv.slice(2);
const opts = new Map<string, string>();
for (let i = 0; i < rest.length; i += 2) opts.set(rest[i]!.replace(/^--/, ''), rest[i + 1] ?? '');

const fail = (msg: string): never => {
  process.stderr.write(`${msg}\n`);
  process.exit(2);
};
const count = (name: string, fallback: number | null): number | null => {
  const v = opts.get(name);
  if (v === undefined) return fallback;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : fail(`--${name} must be a whole number`);
};

if (command === 'keygen') {
  const dir = rest[0] ?? fail('usage: licence keygen DIR');
  const { publicKey, privateKey } = newKeyPair();
  writeFileSync(path.join(dir, 'licence-public.pem'), publicKey);
  writeFileSync(path.join(dir, 'licence-private.pem'), privateKey, { mode: 0o600 });
  process.stdout.write(`${path.join(dir, 'licence-public.pem')}\n`);
} else if (command === 'issue') {
  const keyFile = opts.get('key') ?? process.env.LICENCE_PRIVATE_KEY_FILE;
  const pem = keyFile
    ? readFileSync(keyFile, 'utf8')
    : (process.env.LICENCE_PRIVATE_KEY ?? fail('no private key'));
  const users = count('users', null) ?? fail('--users N is required');
  const days = count('days', 365)!;
  const token = signLicence(
    {
      id: randomUUID(),
      customer: opts.get('customer') ?? fail('--customer NAME is required'),
      space_id: opts.get('space') ?? null,
      user_cap: users,
      expires_at: new Date(Date.now() + days * 86_400_000).toISOString(),
      min_version: opts.get('min-version') ?? '0.1',
      max_version: opts.get('max-version') ?? '9.9',
      estimates_users: count('estimates', null),
      bim_users: count('bim', null),
      issued_at: new Date().toISOString(),
    },
    pem,
  );
  process.stdout.write(`${token}\n`);
} else {
  fail('usage: licence keygen DIR | licence issue --customer NAME --users N [--days D] …');
}
