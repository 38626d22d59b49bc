// Chat, notices and delegation (issue 26; spec §7 Chat, Notices, Delegation; docs/collab.md).
// Every call is a space call (the `space-id` header). Message ids are integers: a chat's history
// pages both ways from a message by id. New messages arrive as `chat_message_created` live
// events, new notices as `notice_created`, each only to the users concerned (one event per user
// and change: the newest notice, with `count` when that change made several, e.g. an import).
import { z } from 'zod';
import { MAX_ATTACHMENTS, NOTICE_TYPES } from '../domain/collab';
import { Id, IdParams, Ok, Timestamp } from './common';
import { route } from './route';
import { NotificationChannel } from './users';

const MessageId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const MessageText = z.string().max(4000);
const Emoji = z.string().min(1).max(16);

/** eps: a node's chat; direct: two members; notices: a member's own, the product's channel of notices. */
export const ChatKind = z.enum(['eps', 'direct', 'notices']);

export const ChatMember = z.object({
  id: Id,
  login: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar_url: z.string().nullable(),
});
export type ChatMember = z.infer<typeof ChatMember>;

export const Reaction = z.object({ emoji: z.string(), count: z.number().int(), mine: z.boolean() });

/** A file sent with a message: a stored file (docs/storage.md), downloaded by a signed link. */
export const ChatAttachment = z.object({
  id: Id,
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  /** Signed link (storage/file?…&variant=download): a plain <a href> downloads it. */
  download_url: z.string(),
});
export type ChatAttachment = z.infer<typeof ChatAttachment>;

export const ChatMessage = z.object({
  id: z.number().int(),
  chat_id: Id,
  author_id: Id.nullable(),
  text: z.string(),
  tag: z.string(),
  reply_to: z.number().int().nullable(),
  created_at: Timestamp,
  edited_at: Timestamp.nullable(),
  deleted: z.boolean(),
  reactions: z.array(Reaction),
  attachments: z.array(ChatAttachment),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const Chat = z.object({
  id: Id,
  kind: ChatKind,
  eps_id: Id.nullable(),
  /** The node's name (eps) or the other member's name (direct). */
  title: z.string(),
  /** Direct chats: the other member. */
  peer_id: Id.nullable(),
  muted: z.boolean(),
  /** Where this chat's notices (mentions) reach the caller; null: the channels of the profile. */
  channels: z.array(NotificationChannel).nullable(),
  last_read_id: z.number().int(),
  /** Unread messages, counted up to 1,000. */
  unread: z.number().int(),
  last_message: ChatMessage.nullable(),
});
export type Chat = z.infer<typeof Chat>;

export const ChatList = z.object({ chats: z.array(Chat), unread: z.number().int() });
export type ChatList = z.infer<typeof ChatList>;

export const MessagePage = z.object({
  messages: z.array(ChatMessage),
  /** More messages exist before the first / after the last one returned. */
  has_before: z.boolean(),
  has_after: z.boolean(),
});
export type MessagePage = z.infer<typeof MessagePage>;

/** The live event's payload (spec §3 chat notification data: author_id, chat_id, tag, text). */
export const ChatNotification = z.object({
  author_id: Id.nullable(),
  chat_id: Id,
  tag: z.string(),
  text: z.string(),
  message: ChatMessage,
  author_login: z.string(),
  author_avatar_url: z.string().nullable(),
});
export type ChatNotification = z.infer<typeof ChatNotification>;

const ChatIdParams = z.object({ id: Id });
const MessageParams = z.object({ id: Id, messageId: MessageId });

export const chatRoutes = {
  settings: route({
    method: 'GET',
    path: '/chat/settings',
    scope: 'space',
    summary: "The caller's settings of every chat they have one for (mute)",
    response: z.array(
      z.object({ chat_id: Id, muted: z.boolean(), channels: z.array(NotificationChannel).nullable() }),
    ),
  }),
  eps: route({
    method: 'GET',
    path: '/chat/eps/:id',
    scope: 'space',
    summary: 'The chat of an EPS node (made on first use)',
    params: IdParams,
    response: Chat,
  }),
  one: route({
    method: 'GET',
    path: '/chat/:id',
    scope: 'space',
    summary: 'One chat with its unread count',
    params: ChatIdParams,
    response: Chat,
  }),
  list: route({
    method: 'GET',
    path: '/chat',
    scope: 'space',
    summary: "The caller's chats (direct ones and nodes' chats with messages) and the unread total",
    response: ChatList,
  }),
  messages: route({
    method: 'GET',
    path: '/chat/:id/messages',
    scope: 'space',
    summary: 'Messages around a message: `before` older and `after` newer ones (the newest without `from`)',
    params: ChatIdParams,
    query: z
      .object({
        from: MessageId.optional(),
        before: z.coerce.number().int().min(0).max(500).default(50),
        after: z.coerce.number().int().min(0).max(500).default(0),
      })
      .strict(),
    response: MessagePage,
  }),
  message: route({
    method: 'GET',
    path: '/chat/:id/message',
    scope: 'space',
    summary: 'One message of the chat',
    params: ChatIdParams,
    query: z.object({ message_id: MessageId }).strict(),
    response: ChatMessage,
  }),
  users: route({
    method: 'GET',
    path: '/chat/:id/users',
    scope: 'space',
    summary: 'The members of a chat (a node chat: the members of the space)',
    params: ChatIdParams,
    response: z.array(ChatMember),
  }),
  createMessage: route({
    method: 'POST',
    path: '/chat/create-message',
    scope: 'space',
    summary:
      'Post a message to a chat, or to the direct chat with a member (made on first use). JSON, or ' +
      'multipart/form-data with the same fields (attachment_ids repeated) and the files to send in ' +
      'parts named "files" (up to 10 with attachment_ids, each up to the space\'s storage limit)',
    form: { files: 'files', maxFiles: MAX_ATTACHMENTS, lists: ['attachment_ids'] },
    body: z
      .object({
        chat_id: Id.optional(),
        user_id: Id.optional(),
        text: MessageText,
        tag: z.string().max(32).default(''),
        reply_to: MessageId.optional(),
        /** Files uploaded to this chat by the caller (POST chat/{id}/attachments) and not yet sent. */
        attachment_ids: z.array(Id).max(MAX_ATTACHMENTS).optional(),
      })
      .strict(),
    response: ChatMessage,
    status: 201,
  }),
  uploadAttachment: route({
    method: 'POST',
    path: '/chat/:id/attachments',
    scope: 'space',
    summary:
      'Upload a file to send with a message (multipart "file", up to the space\'s storage limit); send it with create-message attachment_ids',
    params: ChatIdParams,
    consumes: 'multipart',
    response: ChatAttachment,
    status: 201,
  }),
  reaction: route({
    method: 'PATCH',
    path: '/chat/:id/:messageId/update-reaction',
    scope: 'space',
    summary: "Toggle the caller's reaction on a message",
    params: MessageParams,
    query: z.object({ emoji: Emoji }).strict(),
    response: ChatMessage,
  }),
  deleteMessage: route({
    method: 'DELETE',
    path: '/chat/:id/:messageId',
    scope: 'space',
    summary: 'Delete an own message (it stays as "deleted" in the history)',
    params: MessageParams,
    response: Ok,
  }),
  updateMessage: route({
    method: 'PATCH',
    path: '/chat/update-message',
    scope: 'space',
    summary:
      "Edit an own message: its text and, with attachment_ids, its files (the message's own kept, the caller's unsent uploads to the chat added, the rest removed). " +
      'JSON, or multipart/form-data with the same fields (attachment_ids repeated) and new files in parts named "files", added after the kept ones',
    form: { files: 'files', maxFiles: MAX_ATTACHMENTS, lists: ['attachment_ids'] },
    body: z
      .object({
        chat_id: Id,
        message_id: MessageId,
        text: MessageText,
        /** The message's files after the edit; absent: unchanged. */
        attachment_ids: z.array(Id).max(MAX_ATTACHMENTS).optional(),
      })
      .strict(),
    response: ChatMessage,
  }),
  lastRead: route({
    method: 'PATCH',
    path: '/chat/update-last-read',
    scope: 'space',
    summary: 'Move the last-read marker forward to a message',
    body: z.object({ chat_id: Id, message_id: MessageId }).strict(),
    response: z.object({ last_read_id: z.number().int(), unread: z.number().int() }),
  }),
  setSettings: route({
    method: 'POST',
    path: '/chat/set-chat-settings',
    scope: 'space',
    summary:
      "The caller's settings of a chat: mute (no toasts, not counted as unread) and channels (where the chat's " +
      "notices reach the caller; null: the profile's channels). A field left out is unchanged",
    body: z
      .object({
        chat_id: Id,
        muted: z.boolean().optional(),
        channels: z.array(NotificationChannel).max(3).nullable().optional(),
      })
      .strict(),
    response: Ok,
  }),
} as const;

// ---------------------------------------------------------------------------------------------

export const NoticeType = z.enum([...NOTICE_TYPES, 'chat_mention']);

export const NoticeLink = z.object({
  eps_id: Id.optional(),
  version_id: Id.optional(),
  wbs_id: Id.optional(),
  assignment_id: z.string().optional(),
  timesheet_id: Id.optional(),
  chat_id: Id.optional(),
  message_id: z.number().int().optional(),
});
export type NoticeLink = z.infer<typeof NoticeLink>;

export const Notice = z.object({
  id: Id,
  type: NoticeType,
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  link: NoticeLink,
  actor_id: Id.nullable(),
  read: z.boolean(),
  checked: z.boolean(),
  created_at: Timestamp,
});
export type Notice = z.infer<typeof Notice>;

const NoticePageQuery = z
  .object({
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    /** Mark the returned notices read (the list was shown). */
    seen: z.enum(['0', '1']).default('0'),
  })
  .strict();

export const noticeRoutes = {
  list: route({
    method: 'GET',
    path: '/notices',
    scope: 'space',
    summary: "The caller's notices, newest first",
    query: NoticePageQuery,
    response: z.object({ notices: z.array(Notice), total: z.number().int() }),
  }),
  personalArea: route({
    method: 'GET',
    path: '/notices/personal-area',
    scope: 'space',
    summary: "The caller's open notices of the personal area (Home), newest first",
    query: NoticePageQuery,
    response: z.object({ notices: z.array(Notice), total: z.number().int() }),
  }),
  status: route({
    method: 'GET',
    path: '/notices/notices-status',
    scope: 'space',
    summary: 'Unread notices, notices in the list and open ones in the personal area',
    response: z.object({ unread: z.number().int(), total: z.number().int(), open: z.number().int() }),
  }),
  setChecked: route({
    method: 'GET',
    path: '/notices/personal-area/:id/actual-version-and-set-checked',
    scope: 'space',
    summary: "Mark a notice checked; answers where it leads (the schedule's current version)",
    params: IdParams,
    response: NoticeLink,
  }),
  timesheet: route({
    method: 'GET',
    path: '/notices/personal-area/:id/timesheet-notification',
    scope: 'space',
    summary: 'The timesheet a notice is about',
    params: IdParams,
    response: z.object({
      timesheet_id: Id,
      version_id: Id,
      user_id: Id,
      status: z.string(),
      first_day: z.number().int(),
      last_day: z.number().int(),
    }),
  }),
  remove: route({
    method: 'DELETE',
    path: '/notices/:id',
    scope: 'space',
    summary: 'Remove a notice from the list',
    params: IdParams,
    response: Ok,
  }),
  removeAll: route({
    method: 'DELETE',
    path: '/notices/all',
    scope: 'space',
    summary: 'Remove every notice from the list',
    response: Ok,
  }),
  removeAllArea: route({
    method: 'DELETE',
    path: '/notices/all/personal-area',
    scope: 'space',
    summary: 'Remove every notice from the personal area',
    response: Ok,
  }),
  test: route({
    method: 'POST',
    path: '/eps/:id/test-notices',
    scope: 'space',
    summary:
      'Test notices (spec §7 EPS "test notices"): one notice of each type asked (all fifteen by default) ' +
      "to the caller, about the node, delivered on the caller's channels — to see each type and check " +
      'that site, corporate mail and the messenger reach them',
    params: IdParams,
    body: z
      .object({ types: z.array(z.enum(NOTICE_TYPES)).min(1).max(NOTICE_TYPES.length).optional() })
      .strict(),
    response: z.object({ created: z.number().int() }),
  }),
  removeArea: route({
    method: 'DELETE',
    path: '/notices/:id/personal-area',
    scope: 'space',
    summary: 'Remove a notice from the personal area',
    params: IdParams,
    response: Ok,
  }),
} as const;

// ---------------------------------------------------------------------------------------------

export const Delegation = z.object({
  id: Id,
  from_user: ChatMember,
  to_user: ChatMember,
  /** null: the whole space. */
  eps_id: Id.nullable(),
  eps_name: z.string().nullable(),
  starts_at: Timestamp,
  ends_at: Timestamp,
  active: z.boolean(),
});
export type Delegation = z.infer<typeof Delegation>;

export const delegationRoutes = {
  given: route({
    method: 'GET',
    path: '/delegation/given',
    scope: 'space',
    summary: 'Delegations the caller gave',
    response: z.array(Delegation),
  }),
  received: route({
    method: 'GET',
    path: '/delegation/received',
    scope: 'space',
    summary: 'Delegations the caller received',
    response: z.array(Delegation),
  }),
  create: route({
    method: 'POST',
    path: '/delegation',
    scope: 'space',
    summary: "Hand the caller's rights in the space or on an EPS node to a member for a period",
    body: z
      .object({
        user_id: Id,
        eps_id: Id.nullable().default(null),
        starts_at: z.iso.datetime({ offset: true }),
        ends_at: z.iso.datetime({ offset: true }),
      })
      .strict(),
    response: Delegation,
    status: 201,
  }),
  remove: route({
    method: 'DELETE',
    path: '/delegation/:id',
    scope: 'space',
    summary: 'End a delegation the caller gave or received',
    params: IdParams,
    response: Ok,
  }),
} as const;
