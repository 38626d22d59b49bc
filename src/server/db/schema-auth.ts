// Kysely table types of migrations/074_kerberos_replays.sql (Kerberos authenticators seen by any
// server process within the replay window) and 075_remote_tokens.sql (per-space remote access).
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface RemoteTokensTable {
  space_id: string;
  id: Generated<string>;
  /** SHA-256 (hex) of the token; the token itself is shown once. */
  token_hash: string;
  label: string;
  created_by: string | null;
  created_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface KerberosReplaysTable {
  /** SHA-256 of principal, service, client time and microseconds. */
  key_hash: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface AuthTables {
  kerberos_replays: KerberosReplaysTable;
  remote_tokens: RemoteTokensTable;
}
