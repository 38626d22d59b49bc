// Server settings from the environment (README lists them).
import { readFileSync } from 'node:fs';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  idleTimeoutMinutes: number;
  /** Login attempts per IP per minute. */
  loginRateLimit: number;
  /** Trust X-Forwarded-For (behind a reverse proxy) for the IP allow-list. */
  trustProxy: boolean;
  version: string;
  /** Installation-wide entitlements; null user cap = not licensed. */
  estimatesUserCap: number | null;
  bimUserCap: number | null;
  /** Directory of the built client (served with an SPA fallback), or null for API only. */
  clientDir: string | null;
  seedDemo: boolean;
  /** PEM of the Ed25519 key that licence tokens must be signed with. */
  licencePublicKey: string;
}

const VENDOR_KEY = new URL('./licence/vendor-public-key.pem', import.meta.url);

const packageVersion = (): string => {
  try {
    return (
      JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version ?? '0.0.0'
    );
  } catch {
    return '0.0.0';
  }
};

const int = (v: string | undefined, fallback: number) => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isInteger(n) && n > 0 ? n : fallback;
};
const optionalInt = (v: string | undefined) => (v ? int(v, 0) || null : null);

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || null,
    idleTimeoutMinutes: int(env.IDLE_TIMEOUT_MINUTES, 30),
    loginRateLimit: int(env.LOGIN_RATE_LIMIT, 10),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    version: packageVersion(),
    estimatesUserCap: optionalInt(env.LICENCE_ESTIMATES_USERS),
    bimUserCap: optionalInt(env.LICENCE_BIM_USERS),
    clientDir: env.CLIENT_DIR ?? 'dist/client',
    seedDemo: env.SEED_DEMO !== '0',
    licencePublicKey: readFileSync(env.LICENCE_PUBLIC_KEY_FILE || VENDOR_KEY, 'utf8'),
  };
}

/** Defaults for tests: no client, no seed, a generous login limit. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...configFromEnv({}), clientDir: null, seedDemo: false, loginRateLimit: 1000, ...overrides };
}
