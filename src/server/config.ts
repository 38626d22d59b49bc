// Server settings from the environment (README lists them).
import { readFileSync } from 'node:fs';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Server processes behind the one port (WORKERS, default 1; more than one needs DATABASE_URL). */
  workers: number;
  idleTimeoutMinutes: number;
  /** Login and secret-answer attempts per IP per minute. */
  loginRateLimit: number;
  /** Other unauthenticated writes (client errors, registration, reset requests) per IP per minute. */
  publicRateLimit: number;
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
  /** Notices by email (the corporate channel): smtp://user:pass@host:port, or null for none. */
  smtpUrl: string | null;
  /** The sender of notice emails. */
  smtpFrom: string;
  /** task_will_start / task_will_finish look this many days ahead. */
  noticeLookaheadDays: number;
  /** How often the look-ahead job runs (minutes). */
  noticeSweepMinutes: number;
  /** Largest stored file of a space that sets none (STORAGE_MAX_FILE_MB, default 200). */
  storageMaxFileBytes: number;
  /** How often expired temp files and unreferenced bytes are swept (STORAGE_SWEEP_MINUTES, 60). */
  storageSweepMinutes: number;
  /** Sign-in by OpenID Connect (OIDC_*), or null when not configured. */
  oidc: OidcConfig | null;
  /** Sign-in by ADFS (its OpenID Connect endpoint, ADFS_*), or null when not configured. */
  adfs: OidcConfig | null;
  /** Sign-in by Kerberos (SPNEGO Negotiate with a keytab, KERBEROS_*), or null when not configured. */
  kerberos: KerberosConfig | null;
  /**
   * Remote access for copies to other deployments (REMOTE_ACCESS_TOKEN, at least 24 characters;
   * null: off) and the spaces it shows (REMOTE_ACCESS_SPACES, comma-separated ids; null: all).
   */
  remoteAccessToken: string | null;
  remoteAccessSpaces: string[] | null;
  /** Largest copy a target takes from a source, gzipped and unpacked (REMOTE_COPY_MAX_MB, 200). */
  remoteCopyMaxBytes: number;
}

export interface KerberosConfig {
  /** The keytab file with the service's keys (read at each sign-in, so a new keytab needs no restart). */
  keytab: string;
  /** Accept tickets for this principal only ("HTTP/host@REALM"); null: any principal of the keytab. */
  servicePrincipal: string | null;
  /** The client realms whose users may sign in; empty: the realms of the keytab's principals. */
  realms: string[];
  /** A new user's email is name@emailDomain; null: the realm in lower case. */
  emailDomain: string | null;
  /** Largest difference between the client's and the server's clocks, in seconds. */
  clockSkewSeconds: number;
  spaceId: string | null;
  defaultRole: string;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  redirectUri: string;
  /** The space a new user joins, or null for none. */
  spaceId: string | null;
  /** The role value (moderator, planning_and_control, fact_gathering, student) a new member gets. */
  defaultRole: string;
}

const oidcFromEnv = (env: NodeJS.ProcessEnv, prefix: 'OIDC' | 'ADFS'): OidcConfig | null => {
  const issuer = env[`${prefix}_ISSUER`];
  const clientId = env[`${prefix}_CLIENT_ID`];
  const redirectUri = env[`${prefix}_REDIRECT_URI`];
  if (!issuer || !clientId || !redirectUri) return null;
  return {
    issuer,
    clientId,
    clientSecret: env[`${prefix}_CLIENT_SECRET`] || null,
    redirectUri,
    spaceId: env[`${prefix}_SPACE_ID`] || null,
    defaultRole: env[`${prefix}_DEFAULT_ROLE`] || 'student',
  };
};

const kerberosFromEnv = (env: NodeJS.ProcessEnv): KerberosConfig | null => {
  const keytab = env.KERBEROS_KEYTAB;
  if (!keytab) return null;
  return {
    keytab,
    servicePrincipal: env.KERBEROS_SERVICE_PRINCIPAL || null,
    realms: (env.KERBEROS_REALMS ?? '')
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean),
    emailDomain: env.KERBEROS_EMAIL_DOMAIN || null,
    clockSkewSeconds: int(env.KERBEROS_CLOCK_SKEW_SECONDS, 300),
    spaceId: env.KERBEROS_SPACE_ID || null,
    defaultRole: env.KERBEROS_DEFAULT_ROLE || 'student',
  };
};

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
    workers: int(env.WORKERS, 1),
    idleTimeoutMinutes: int(env.IDLE_TIMEOUT_MINUTES, 30),
    loginRateLimit: int(env.LOGIN_RATE_LIMIT, 10),
    publicRateLimit: int(env.PUBLIC_RATE_LIMIT, 30),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    version: packageVersion(),
    estimatesUserCap: optionalInt(env.LICENCE_ESTIMATES_USERS),
    bimUserCap: optionalInt(env.LICENCE_BIM_USERS),
    clientDir: env.CLIENT_DIR ?? 'dist/client',
    seedDemo: env.SEED_DEMO !== '0',
    licencePublicKey: readFileSync(env.LICENCE_PUBLIC_KEY_FILE || VENDOR_KEY, 'utf8'),
    smtpUrl: env.SMTP_URL || null,
    smtpFrom: env.SMTP_FROM || 'planning-workbench@localhost',
    noticeLookaheadDays: int(env.NOTICE_LOOKAHEAD_DAYS, 3),
    noticeSweepMinutes: int(env.NOTICE_SWEEP_MINUTES, 60),
    storageMaxFileBytes: int(env.STORAGE_MAX_FILE_MB, 200) * 1024 * 1024,
    storageSweepMinutes: int(env.STORAGE_SWEEP_MINUTES, 60),
    oidc: oidcFromEnv(env, 'OIDC'),
    adfs: oidcFromEnv(env, 'ADFS'),
    kerberos: kerberosFromEnv(env),
    remoteAccessToken: (env.REMOTE_ACCESS_TOKEN ?? '').length >= 24 ? env.REMOTE_ACCESS_TOKEN! : null,
    remoteAccessSpaces:
      env.REMOTE_ACCESS_SPACES && env.REMOTE_ACCESS_SPACES.trim() !== '*'
        ? env.REMOTE_ACCESS_SPACES.split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : null,
    remoteCopyMaxBytes: int(env.REMOTE_COPY_MAX_MB, 200) * 1024 * 1024,
  };
}

/** Defaults for tests: no client, no seed, generous rate limits. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...configFromEnv({}),
    clientDir: null,
    seedDemo: false,
    loginRateLimit: 1000,
    publicRateLimit: 1000,
    ...overrides,
  };
}
