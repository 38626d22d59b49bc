// What a licence says and whether it may be loaded into a space. Signatures are checked by the
// server (Ed25519); these rules only read the signed payload, so they are the same everywhere.

export interface LicencePayload {
  /** Unique id of the token (loading the same id twice is refused). */
  id: string;
  customer: string;
  /** The space the licence is for; null = any space of the installation. */
  space_id: string | null;
  /** Paid users of the space. */
  user_cap: number;
  /** ISO instant after which the licence no longer admits anyone. */
  expires_at: string;
  /** Application versions covered, inclusive, as "major.minor" (e.g. "0.1" … "1.9"). */
  min_version: string;
  max_version: string;
  /** Users entitled to estimates / BIM; null = the entitlement is not in the licence. */
  estimates_users: number | null;
  bim_users: number | null;
  issued_at: string;
}

/** Error codes of spec §8's licence messages, as the shared error catalogue (en.json "codes") names them. */
export const LICENCE_ERRORS = [
  'LicenseExpired',
  'NoActiveLicense',
  'CannotDeleteActiveLicense',
  'LicenseDecryptFailed',
  'LicenseAlreadyLoaded',
  'PaidUsersExceeded',
  'VersionNotSupported',
  'EstimatesNotLicensed',
  'EstimateUsersExceeded',
  'BimNotLicensed',
  'BimUsersExceeded',
] as const;
export type LicenceError = (typeof LICENCE_ERRORS)[number];

const int = (v: unknown, min: number) => typeof v === 'number' && Number.isInteger(v) && v >= min;
const optInt = (v: unknown) => v === null || int(v, 0);
const str = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 200;
const instant = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));
const version = (v: unknown) => typeof v === 'string' && /^\d+(\.\d+){0,2}$/.test(v);

/** A decoded JSON value as a payload, or null when a field is missing or malformed. */
export function readPayload(v: unknown): LicencePayload | null {
  if (typeof v !== 'object' || v === null) return null;
  const p = v as Record<string, unknown>;
  const ok =
    str(p.id) &&
    str(p.customer) &&
    (p.space_id === null || str(p.space_id)) &&
    int(p.user_cap, 1) &&
    instant(p.expires_at) &&
    version(p.min_version) &&
    version(p.max_version) &&
    optInt(p.estimates_users) &&
    optInt(p.bim_users) &&
    instant(p.issued_at);
  return ok ? (p as unknown as LicencePayload) : null;
}

/** -1, 0 or 1 comparing dotted numeric versions; missing parts count as 0 ("1.2" = "1.2.0"). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** Whether an application version lies in the licence's range (patch level ignored at the top). */
export function versionCovered(p: LicencePayload, appVersion: string): boolean {
  const [maj = '0', min = '0'] = appVersion.split('.');
  const majorMinor = `${maj}.${min}`;
  return compareVersions(majorMinor, p.min_version) >= 0 && compareVersions(majorMinor, p.max_version) <= 0;
}

export const isExpired = (p: LicencePayload, now: Date) => Date.parse(p.expires_at) <= now.getTime();

export interface LoadContext {
  now: Date;
  appVersion: string;
  spaceId: string;
  /** Ids of tokens the space already holds. */
  loadedIds: readonly string[];
  members: number;
  estimatesUsers: number;
  bimUsers: number;
}

/**
 * The first reason a verified payload cannot be loaded, or null. The order is what an administrator
 * fixes first: wrong token, then time, then version, then the counts.
 */
export function loadProblem(p: LicencePayload, c: LoadContext): LicenceError | null {
  if (p.space_id !== null && p.space_id !== c.spaceId) return 'LicenseDecryptFailed';
  if (c.loadedIds.includes(p.id)) return 'LicenseAlreadyLoaded';
  if (isExpired(p, c.now)) return 'LicenseExpired';
  if (!versionCovered(p, c.appVersion)) return 'VersionNotSupported';
  if (c.members > p.user_cap) return 'PaidUsersExceeded';
  if (c.estimatesUsers > 0 && p.estimates_users === null) return 'EstimatesNotLicensed';
  if (p.estimates_users !== null && c.estimatesUsers > p.estimates_users) return 'EstimateUsersExceeded';
  if (c.bimUsers > 0 && p.bim_users === null) return 'BimNotLicensed';
  if (p.bim_users !== null && c.bimUsers > p.bim_users) return 'BimUsersExceeded';
  return null;
}

/**
 * Whether one more member may hold an entitlement under the active licence: the estimates or BIM
 * error, or null.
 */
export function entitlementProblem(
  p: LicencePayload | null,
  kind: 'estimates' | 'bim',
  holdersAfter: number,
): LicenceError | null {
  if (!p) return 'NoActiveLicense';
  const cap = kind === 'estimates' ? p.estimates_users : p.bim_users;
  if (cap === null) return kind === 'estimates' ? 'EstimatesNotLicensed' : 'BimNotLicensed';
  if (holdersAfter > cap) return kind === 'estimates' ? 'EstimateUsersExceeded' : 'BimUsersExceeded';
  return null;
}

/** The active licence among loaded ones: the unexpired one loaded last, or null. */
export function activeLicence<T extends { payload: LicencePayload; loaded_at: string }>(
  loaded: readonly T[],
  now: Date,
): T | null {
  let best: T | null = null;
  for (const l of loaded) if (!isExpired(l.payload, now) && (!best || l.loaded_at > best.loaded_at)) best = l;
  return best;
}
