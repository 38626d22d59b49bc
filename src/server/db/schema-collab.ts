// Kysely table types of chat, notices and delegation (022_collab.sql).
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;
/** bigint ids come back as strings from PostgreSQL and numbers from PGlite: always Number() them. */
type BigId = ColumnType<string | number, never, never>;

export interface ChatsTable {
  space_id: string;
  id: Generated<string>;
  kind: 'eps' | 'direct' | 'notices';
  eps_id: string | null;
  user_a: string | null;
  user_b: string | null;
  created_at: Timestamp;
}

export interface ChatMessagesTable {
  space_id: string;
  chat_id: string;
  id: BigId;
  author_id: string | null;
  text: string;
  tag: Generated<string>;
  reply_to: ColumnType<string | number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  edited_at: Timestamp | null;
  deleted_at: Timestamp | null;
}

export interface ChatReactionsTable {
  space_id: string;
  message_id: ColumnType<string | number, number, number>;
  user_id: string;
  emoji: string;
  created_at: Timestamp;
}

export interface ChatMembersTable {
  space_id: string;
  chat_id: string;
  user_id: string;
  last_read_id: ColumnType<string | number, number | undefined, number>;
  muted: Generated<boolean>;
  /** Where this chat's notices reach the member; null: the profile's channels. */
  channels: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
}

export interface NoticesTable {
  space_id: string;
  id: Generated<string>;
  user_id: string;
  type: string;
  params: Json<Record<string, string | number | null>>;
  link: Json<Record<string, string | number>>;
  actor_id: string | null;
  dedup: string | null;
  read: Generated<boolean>;
  in_list: Generated<boolean>;
  in_area: Generated<boolean>;
  checked: Generated<boolean>;
  emailed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface DelegationsTable {
  space_id: string;
  id: Generated<string>;
  from_user: string;
  to_user: string;
  eps_id: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  created_at: Timestamp;
}

/** 037_chat_attachments.sql: a stored file attached to a chat message (message_id null until sent). */
export interface ChatAttachmentsTable {
  space_id: string;
  file_id: string;
  chat_id: string;
  message_id: ColumnType<string | number | null, number | null | undefined, number | null>;
  position: ColumnType<number, number | undefined, number>;
  uploaded_by: string | null;
  created_at: Timestamp;
}

/** 040_wbs_people.sql: the executor and the curator of a WBS row. */
export interface WbsPeopleTable {
  space_id: string;
  version_id: string;
  wbs_id: string;
  executor_id: string | null;
  curator_id: string | null;
  updated_by: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface CollabTables {
  wbs_people: WbsPeopleTable;
  chat_attachments: ChatAttachmentsTable;
  chats: ChatsTable;
  chat_messages: ChatMessagesTable;
  chat_reactions: ChatReactionsTable;
  chat_members: ChatMembersTable;
  notices: NoticesTable;
  delegations: DelegationsTable;
}
