// Issues a signed licence token: `npm run licence -- --key PRIVATE.pem --customer NAME --users N
// [--days D] [--space ID] [--estimates N] [--bim N] [--min 0.0] [--max 99.99] [--id ID]`.
// The private key is never read by the server; tests use tests/fixtures/licence.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { signLicence } from '../server/licence/token';

const { values } = parseArgs({
  options: {
    key: { type: 'string' },
    customer: { type: 'string' },
    users: { type: 'string' },
    days: { type: 'string', default: '365' },
    space: { type: 'string' },
    estimates: { type: 'string' },
    bim: { type: 'string' },
    min: { type: 'string', default: '0.0' },
    max: { type: 'string', default: '99.99' },
    id: { type: 'string' },
  },
});
if (!values.key || !values.customer || !values.users) {
  console.error('usage: npm run licence -- --key PRIVATE.pem --customer NAME --users N [--days D] …');
  process.exit(2);
}
const now = new Date();
const optional = (v: string | undefined) => (v === undefined ? null : Number(v));
process.stdout.write(
  signLicence(
    {
      id: values.id ?? randomUUID(),
      customer: values.customer,
      space_id: values.space ?? null,
      user_cap: Number(values.users),
      expires_at: new Date(now.getTime() + Number(values.days) * 86_400_000).toISOString(),
      min_version: values.min!,
      max_version: values.max!,
      estimates_users: optional(values.estimates),
      bim_users: optional(values.bim),
      issued_at: now.toISOString(),
    },
    readFileSync(values.key, 'utf8'),
  ) + '\n',
);
