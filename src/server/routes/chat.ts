// Chat (issue 26; spec §7 Chat; src/api/collab.ts): a chat per EPS node and direct chats between
// two members; messages paged both ways from a message, edits, deletes, reactions, a last-read
// marker and per-chat settings. A new message goes out as `chat_message_created` over the live
// socket (a direct chat's to its two members only); an @login mention notifies that member.
import { sql } from 'kysely';
import { api } from '../../api';
import type { Chat, ChatMember, ChatMessage } from '../../api/collab';
import {
  MAX_ATTACHMENTS,
  directPair,
  groupReactions,
  mentions,
  messageProblem,
  nextLastRead,
  preview,
} from '../../domain/collab';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../errors';
import { HttpError, implement } from '../http/register';
import type { Implemented } from '../http/register';
import { jobEnvFor } from '../jobs/app-runner';
import { iso } from '../services/mappers';
import { notify } from '../services/notices';
import { checkQuota, deleteFile, saveUpload, spaceLimits } from '../storage/files';
import { signedLink } from '../storage/links';
import { incomingDir } from '../storage/storage';
import { receiveUpload } from '../storage/upload';
import type { ReceivedFile } from '../storage/upload';
import { NOTIFICATION_CHANNELS } from '../../api/users';
import type { NotificationChannel } from '../../api/users';

/** A member's stored channels for a chat; null: the profile's. */
const channelsOf = (stored: readonly string[] | null): NotificationChannel[] | null =>
  stored &&
  stored.filter((c): c is NotificationChannel => (NOTIFICATION_CHANNELS as readonly string[]).includes(c));

type ChatRow = {
  id: string;
  kind: 'eps' | 'direct' | 'notices';
  eps_id: string | null;
  user_a: string | null;
  user_b: string | null;
};
type MessageRow = {
  id: string | number;
  chat_id: string;
  author_id: string | null;
  text: string;
  tag: string;
  reply_to: string | number | null;
  created_at: Date;
  edited_at: Date | null;
  deleted_at: Date | null;
};

const messageColumns = [
  'id',
  'chat_id',
  'author_id',
  'text',
  'tag',
  'reply_to',
  'created_at',
  'edited_at',
  'deleted_at',
] as const;

/** Unread messages are counted up to this many per chat (the rail shows 99+ anyway). */
export const UNREAD_CAP = 1000;

const avatarUrl = (id: string, has: boolean) => (has ? `/api/v1/users/${id}/avatar` : null);

export function chatRoutes(ctx: AppContext): Implemented[] {
  const { db, events, config } = ctx;
  const { storage } = jobEnvFor(ctx);

  const toAttachment = (
    spaceId: string,
    f: { id: string; name: string; mime: string; size: number | string },
  ) => ({
    id: f.id,
    name: f.name,
    mime: f.mime,
    size: Number(f.size),
    download_url: signedLink(config.dataDir, spaceId, f.id, 'download').url,
  });

  /** The files of these messages, in the order they were sent. */
  const attachmentsOf = async (spaceId: string, ids: number[]) => {
    const out = new Map<number, ReturnType<typeof toAttachment>[]>();
    if (ids.length === 0) return out;
    const rows = await db
      .selectFrom('chat_attachments as a')
      .innerJoin('stored_files as f', (j) =>
        j.onRef('f.space_id', '=', 'a.space_id').onRef('f.id', '=', 'a.file_id'),
      )
      .select(['a.message_id', 'f.id', 'f.name', 'f.mime', 'f.size'])
      .where('a.space_id', '=', spaceId)
      .where('a.message_id', 'in', ids as never[])
      .orderBy('a.message_id')
      .orderBy('a.position')
      .execute();
    for (const r of rows) {
      const list = out.get(Number(r.message_id)) ?? [];
      list.push(toAttachment(spaceId, r));
      out.set(Number(r.message_id), list);
    }
    return out;
  };

  const loadChat = async (spaceId: string, userId: string, chatId: string): Promise<ChatRow> => {
    const chat = await db
      .selectFrom('chats')
      .select(['id', 'kind', 'eps_id', 'user_a', 'user_b'])
      .where('space_id', '=', spaceId)
      .where('id', '=', chatId)
      .executeTakeFirst();
    // Another pair's direct chat, or another member's Notices chat, is as unknown as a chat of
    // another space.
    if (
      !chat ||
      (chat.kind === 'direct' && chat.user_a !== userId && chat.user_b !== userId) ||
      (chat.kind === 'notices' && chat.user_a !== userId)
    )
      throw notFound('chat');
    return chat;
  };

  const toMessages = async (spaceId: string, userId: string, rows: MessageRow[]): Promise<ChatMessage[]> => {
    const ids = rows.map((r) => Number(r.id));
    const reactions = ids.length
      ? await db
          .selectFrom('chat_reactions')
          .select(['message_id', 'user_id', 'emoji'])
          .where('space_id', '=', spaceId)
          .where('message_id', 'in', ids)
          .orderBy('created_at')
          .execute()
      : [];
    const files = await attachmentsOf(spaceId, ids);
    const byMessage = new Map<number, { user_id: string; emoji: string }[]>();
    for (const r of reactions) {
      const list = byMessage.get(Number(r.message_id)) ?? [];
      list.push(r);
      byMessage.set(Number(r.message_id), list);
    }
    return rows.map((r) => ({
      id: Number(r.id),
      chat_id: r.chat_id,
      author_id: r.author_id,
      text: r.deleted_at ? '' : r.text,
      tag: r.tag,
      reply_to: r.reply_to === null ? null : Number(r.reply_to),
      created_at: iso(r.created_at),
      edited_at: r.edited_at ? iso(r.edited_at) : null,
      deleted: r.deleted_at !== null,
      reactions: r.deleted_at ? [] : groupReactions(byMessage.get(Number(r.id)) ?? [], userId),
      attachments: r.deleted_at ? [] : (files.get(Number(r.id)) ?? []),
    }));
  };

  const getMessage = async (spaceId: string, chatId: string, messageId: number) => {
    const row = await db
      .selectFrom('chat_messages')
      .select(messageColumns)
      .where('space_id', '=', spaceId)
      .where('chat_id', '=', chatId)
      .where('id', '=', messageId as never)
      .executeTakeFirst();
    if (!row) throw notFound('message');
    return row as MessageRow;
  };

  /** Chats with the caller's marker, settings, unread count and last message. */
  const chatsOf = async (spaceId: string, userId: string, only?: string): Promise<Chat[]> => {
    let q = db
      .selectFrom('chats as c')
      .leftJoin('chat_members as cm', (j) =>
        j
          .onRef('cm.space_id', '=', 'c.space_id')
          .onRef('cm.chat_id', '=', 'c.id')
          .on('cm.user_id', '=', userId),
      )
      .leftJoin('eps_nodes as e', (j) =>
        j.onRef('e.space_id', '=', 'c.space_id').onRef('e.id', '=', 'c.eps_id'),
      )
      .leftJoin('users as peer', (j) =>
        j.on('peer.id', '=', sql<string>`CASE WHEN c.user_a = ${userId} THEN c.user_b ELSE c.user_a END`),
      )
      .select([
        'c.id',
        'c.kind',
        'c.eps_id',
        'c.user_a',
        'c.user_b',
        'e.name as eps_name',
        'peer.id as peer_id',
        'peer.first_name',
        'peer.last_name',
        'peer.login',
        sql<string | number>`coalesce(cm.last_read_id, 0)`.as('last_read_id'),
        sql<boolean>`coalesce(cm.muted, false)`.as('muted'),
        'cm.channels',
        // Counted up to UNREAD_CAP: a chat never read stays cheap however long its history.
        sql<number>`(SELECT count(*) FROM (SELECT 1 FROM chat_messages m WHERE m.space_id = c.space_id
          AND m.chat_id = c.id AND m.id > coalesce(cm.last_read_id, 0) AND m.deleted_at IS NULL
          AND m.author_id IS DISTINCT FROM ${userId} LIMIT ${UNREAD_CAP}) u)::int`.as('unread'),
        sql<
          string | number | null
        >`(SELECT max(m.id) FROM chat_messages m WHERE m.space_id = c.space_id AND m.chat_id = c.id)`.as(
          'last_id',
        ),
      ])
      .where('c.space_id', '=', spaceId);
    if (only) q = q.where('c.id', '=', only);
    else
      q = q.where((eb) =>
        eb.or([
          eb.and([
            eb('c.kind', '=', 'direct'),
            eb.or([eb('c.user_a', '=', userId), eb('c.user_b', '=', userId)]),
          ]),
          eb.and([eb('c.kind', '=', 'notices'), eb('c.user_a', '=', userId)]),
          // A node's chat belongs to every member: listed once it has a message (or was opened).
          eb.and([
            eb('c.kind', '=', 'eps'),
            eb.or([
              eb('cm.user_id', 'is not', null),
              sql<boolean>`EXISTS (SELECT 1 FROM chat_messages m WHERE m.space_id = c.space_id AND m.chat_id = c.id)`,
            ]),
          ]),
        ]),
      );
    const rows = await q.execute();
    const lastIds = rows.flatMap((r) => (r.last_id === null ? [] : [Number(r.last_id)]));
    const lasts = lastIds.length
      ? await toMessages(
          spaceId,
          userId,
          (await db
            .selectFrom('chat_messages')
            .select(messageColumns)
            .where('space_id', '=', spaceId)
            .where('id', 'in', lastIds as never[])
            .execute()) as MessageRow[],
        )
      : [];
    const lastById = new Map(lasts.map((m) => [m.id, m]));
    return rows
      .map((r) => ({
        id: r.id,
        kind: r.kind,
        eps_id: r.eps_id,
        // A Notices chat has no title of its own: the client names it in the reader's language.
        title:
          r.kind === 'eps'
            ? (r.eps_name ?? '')
            : r.kind === 'notices'
              ? ''
              : `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || (r.login ?? ''),
        peer_id: r.kind === 'direct' ? (r.peer_id ?? null) : null,
        muted: r.muted,
        channels: channelsOf(r.channels),
        last_read_id: Number(r.last_read_id),
        unread: r.unread,
        last_message: r.last_id === null ? null : (lastById.get(Number(r.last_id)) ?? null),
      }))
      .sort((a, b) => (b.last_message?.id ?? 0) - (a.last_message?.id ?? 0));
  };

  const chatOut = async (spaceId: string, userId: string, chatId: string) => {
    const [c] = await chatsOf(spaceId, userId, chatId);
    if (!c) throw notFound('chat');
    return c;
  };

  const join = (spaceId: string, chatId: string, userId: string) =>
    db
      .insertInto('chat_members')
      .values({ space_id: spaceId, chat_id: chatId, user_id: userId })
      .onConflict((o) => o.doNothing())
      .execute();

  const membersOf = async (spaceId: string, chat: ChatRow): Promise<ChatMember[]> => {
    let q = db
      .selectFrom('space_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select([
        'u.id',
        'u.login',
        'u.first_name',
        'u.last_name',
        sql<boolean>`u.avatar IS NOT NULL`.as('has_avatar'),
      ])
      .where('m.space_id', '=', spaceId);
    if (chat.kind === 'direct') q = q.where('u.id', 'in', [chat.user_a!, chat.user_b!]);
    if (chat.kind === 'notices') q = q.where('u.id', '=', chat.user_a!);
    const rows = await q.orderBy('u.login').execute();
    return rows.map((r) => ({
      id: r.id,
      login: r.login,
      first_name: r.first_name,
      last_name: r.last_name,
      avatar_url: avatarUrl(r.id, r.has_avatar),
    }));
  };

  const publish = (
    spaceId: string,
    chat: ChatRow,
    name: 'chat_message_created' | 'chat_message_updated',
    payload: Record<string, unknown>,
  ) =>
    events.publish({
      event: name,
      space_id: spaceId,
      ids: [chat.id],
      payload,
      ...(chat.kind === 'direct' ? { to: [chat.user_a!, chat.user_b!] } : {}),
      ...(chat.kind === 'notices' ? { to: [chat.user_a!] } : {}),
    });

  /** Files a message may take: only the caller's own uploads to this chat that no message took yet. */
  const checkFreeUploads = async (spaceId: string, chatId: string, userId: string, fileIds: string[]) => {
    if (!fileIds.length) return;
    const free = await db
      .selectFrom('chat_attachments')
      .select('file_id')
      .where('space_id', '=', spaceId)
      .where('chat_id', '=', chatId)
      .where('uploaded_by', '=', userId)
      .where('message_id', 'is', null)
      .where('file_id', 'in', fileIds)
      .execute();
    if (free.length !== fileIds.length) throw badRequest('chat.bad_attachment', { field: 'attachment_ids' });
  };
  /** Stores a staged file as the caller's unsent upload to a chat (kind temp until sent). */
  const keepUpload = async (spaceId: string, chatId: string, userId: string, up: ReceivedFile) => {
    // Kind temp until sent: an upload never sent goes with the expired temp files.
    const file = await saveUpload(db, storage, up, { spaceId, kind: 'temp', userId, purpose: 'chat' }, null);
    try {
      await db
        .insertInto('chat_attachments')
        .values({ space_id: spaceId, file_id: file.id, chat_id: chatId, uploaded_by: userId })
        .execute();
    } catch (err) {
      await deleteFile(db, storage, file);
      throw err;
    }
    return file;
  };
  /**
   * The files of a multipart create/update-message (staged by register.ts), checked against the
   * space's quota and kept as the caller's unsent uploads to the chat: their ids.
   */
  const keepFormFiles = async (spaceId: string, chatId: string, userId: string, files: ReceivedFile[]) => {
    if (!files.length) return [];
    const limits = await spaceLimits(db, spaceId, config.storageMaxFileBytes);
    try {
      await checkQuota(
        db,
        spaceId,
        limits.quota,
        files.reduce((n, f) => n + f.size, 0),
      );
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      // The form's file parts are named "files".
      throw new HttpError(
        err.status,
        err.error,
        err.items.map((i) => ({ ...i, params: { ...i.params, field: 'body.files' } })),
      );
    }
    const ids: string[] = [];
    for (const f of files) ids.push((await keepUpload(spaceId, chatId, userId, f)).id);
    return ids;
  };
  const tooManyFiles = (n: number) => {
    if (n > MAX_ATTACHMENTS)
      throw badRequest('storage.too_many_files', { field: 'body.files', max: MAX_ATTACHMENTS });
  };
  const textProblem = (text: string, attachments = 0) => {
    const p = messageProblem(text, attachments);
    if (p === 'empty') throw badRequest('chat.empty_message', { field: 'text' });
    if (p === 'too_long') throw badRequest('chat.too_long', { field: 'text', max: 4000 });
  };

  return [
    implement(api.chat.settings, async ({ space, userId }) => {
      const rows = await db
        .selectFrom('chat_members')
        .select(['chat_id', 'muted', 'channels'])
        .where('space_id', '=', space.spaceId)
        .where('user_id', '=', userId)
        .execute();
      return rows.map((r) => ({ ...r, channels: channelsOf(r.channels) }));
    }),

    implement(api.chat.eps, async ({ space, userId, params }) => {
      const node = await db
        .selectFrom('eps_nodes')
        .select('id')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (!node) throw notFound('eps');
      await db
        .insertInto('chats')
        .values({ space_id: space.spaceId, kind: 'eps', eps_id: node.id })
        .onConflict((o) => o.columns(['space_id', 'eps_id']).where('kind', '=', 'eps').doNothing())
        .execute();
      const chat = await db
        .selectFrom('chats')
        .select('id')
        .where('space_id', '=', space.spaceId)
        .where('kind', '=', 'eps')
        .where('eps_id', '=', node.id)
        .executeTakeFirstOrThrow();
      await join(space.spaceId, chat.id, userId);
      return chatOut(space.spaceId, userId, chat.id);
    }),

    implement(api.chat.one, async ({ space, userId, params }) => {
      await loadChat(space.spaceId, userId, params.id);
      return chatOut(space.spaceId, userId, params.id);
    }),

    implement(api.chat.list, async ({ space, userId }) => {
      const chats = await chatsOf(space.spaceId, userId);
      return { chats, unread: chats.reduce((n, c) => n + (c.muted ? 0 : c.unread), 0) };
    }),

    implement(api.chat.messages, async ({ space, userId, params, query }) => {
      const chat = await loadChat(space.spaceId, userId, params.id);
      const base = () =>
        db
          .selectFrom('chat_messages')
          .select(messageColumns)
          .where('space_id', '=', space.spaceId)
          .where('chat_id', '=', chat.id);
      let older: MessageRow[] = [];
      let newer: MessageRow[] = [];
      if (query.before > 0) {
        let q = base();
        if (query.from !== undefined) q = q.where('id', '<', query.from as never);
        older = (await q
          .orderBy('id', 'desc')
          .limit(query.before + 1)
          .execute()) as MessageRow[];
      }
      if (query.from !== undefined) {
        newer = (await base()
          .where('id', '>=', query.from as never)
          .orderBy('id', 'asc')
          .limit(query.after + 2)
          .execute()) as MessageRow[];
      }
      const hasBefore = older.length > query.before;
      older = older.slice(0, query.before).reverse();
      // The anchor itself is returned with the newer ones (after + 1 rows).
      const hasAfter = newer.length > query.after + 1;
      newer = newer.slice(0, query.after + 1);
      return {
        messages: await toMessages(space.spaceId, userId, [...older, ...newer]),
        has_before: hasBefore,
        has_after: hasAfter,
      };
    }),

    implement(api.chat.message, async ({ space, userId, params, query }) => {
      const chat = await loadChat(space.spaceId, userId, params.id);
      const row = await getMessage(space.spaceId, chat.id, query.message_id);
      return (await toMessages(space.spaceId, userId, [row]))[0]!;
    }),

    implement(api.chat.users, async ({ space, userId, params }) => {
      const chat = await loadChat(space.spaceId, userId, params.id);
      return membersOf(space.spaceId, chat);
    }),

    implement(api.chat.uploadAttachment, async ({ space, userId, params, req }) => {
      const chat = await loadChat(space.spaceId, userId, params.id);
      if (chat.kind === 'notices') throw badRequest('chat.read_only', { field: 'id' });
      const limits = await spaceLimits(db, space.spaceId, config.storageMaxFileBytes);
      const up = await receiveUpload(req, { maxBytes: limits.maxFile, dir: incomingDir(config.dataDir) });
      try {
        await checkQuota(db, space.spaceId, limits.quota, up.size);
      } catch (err) {
        await up.discard();
        throw err;
      }
      return toAttachment(space.spaceId, await keepUpload(space.spaceId, chat.id, userId, up));
    }),

    implement(api.chat.createMessage, async ({ space, userId, body, req }) => {
      const sent = req.formFiles ?? [];
      const attachmentIds = [...new Set(body.attachment_ids ?? [])];
      tooManyFiles(attachmentIds.length + sent.length);
      textProblem(body.text, attachmentIds.length + sent.length);
      let chat: ChatRow;
      if (body.chat_id) {
        chat = await loadChat(space.spaceId, userId, body.chat_id);
        // The product writes there, nobody else.
        if (chat.kind === 'notices') throw badRequest('chat.read_only', { field: 'chat_id' });
      } else if (body.user_id) {
        if (body.user_id === userId) throw badRequest('chat.self', { field: 'user_id' });
        const peer = await db
          .selectFrom('space_members')
          .select('user_id')
          .where('space_id', '=', space.spaceId)
          .where('user_id', '=', body.user_id)
          .executeTakeFirst();
        if (!peer) throw badRequest('not_member', { field: 'user_id' });
        const [a, b] = directPair(userId, body.user_id);
        await db
          .insertInto('chats')
          .values({ space_id: space.spaceId, kind: 'direct', user_a: a, user_b: b })
          .onConflict((o) =>
            o.columns(['space_id', 'user_a', 'user_b']).where('kind', '=', 'direct').doNothing(),
          )
          .execute();
        chat = await db
          .selectFrom('chats')
          .select(['id', 'kind', 'eps_id', 'user_a', 'user_b'])
          .where('space_id', '=', space.spaceId)
          .where('kind', '=', 'direct')
          .where('user_a', '=', a)
          .where('user_b', '=', b)
          .executeTakeFirstOrThrow();
        await join(space.spaceId, chat.id, body.user_id);
      } else throw badRequest('chat.no_target', { field: 'chat_id' });
      if (body.reply_to !== undefined) {
        const to = await db
          .selectFrom('chat_messages')
          .select('id')
          .where('space_id', '=', space.spaceId)
          .where('chat_id', '=', chat.id)
          .where('id', '=', body.reply_to as never)
          .executeTakeFirst();
        if (!to) throw badRequest('chat.bad_reply', { field: 'reply_to' });
      }
      await checkFreeUploads(space.spaceId, chat.id, userId, attachmentIds);
      // Files sent in the same (multipart) request go after the named uploads.
      attachmentIds.push(...(await keepFormFiles(space.spaceId, chat.id, userId, sent)));
      const text = body.text.trim();
      const row = (await db
        .insertInto('chat_messages')
        .values({
          space_id: space.spaceId,
          chat_id: chat.id,
          author_id: userId,
          text,
          tag: body.tag,
          reply_to: body.reply_to ?? null,
        })
        .returning(messageColumns)
        .executeTakeFirstOrThrow()) as MessageRow;
      for (const [position, fileId] of attachmentIds.entries()) {
        await db
          .updateTable('chat_attachments')
          .set({ message_id: Number(row.id), position })
          .where('space_id', '=', space.spaceId)
          .where('file_id', '=', fileId)
          .execute();
      }
      if (attachmentIds.length)
        await db
          .updateTable('stored_files')
          .set({ kind: 'documents', expires_at: null })
          .where('space_id', '=', space.spaceId)
          .where('id', 'in', attachmentIds)
          .execute();
      await join(space.spaceId, chat.id, userId);
      // Own messages are read.
      await db
        .updateTable('chat_members')
        .set({ last_read_id: Number(row.id) })
        .where('space_id', '=', space.spaceId)
        .where('chat_id', '=', chat.id)
        .where('user_id', '=', userId)
        .execute();
      const [message] = await toMessages(space.spaceId, userId, [row]);
      const author = await db
        .selectFrom('users')
        .select(['login', 'first_name', 'last_name', sql<boolean>`avatar IS NOT NULL`.as('has_avatar')])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      publish(space.spaceId, chat, 'chat_message_created', {
        author_id: userId,
        chat_id: chat.id,
        tag: body.tag,
        // A message of files only previews its first file's name.
        text: preview(text || (message!.attachments[0] ? `📎 ${message!.attachments[0].name}` : '')),
        message: message!,
        author_login: author.login,
        author_avatar_url: avatarUrl(userId, author.has_avatar),
      });
      const logins = mentions(text);
      if (logins.length) {
        const members = await db
          .selectFrom('space_members as m')
          .innerJoin('users as u', 'u.id', 'm.user_id')
          .select('u.id')
          .where('m.space_id', '=', space.spaceId)
          .where(sql<string>`lower(u.login)`, 'in', logins)
          .execute();
        const allowed =
          chat.kind === 'direct'
            ? members.filter((m) => m.id === chat.user_a || m.id === chat.user_b)
            : members;
        // A member's own channels for this chat replace the profile's.
        const own = allowed.length
          ? await db
              .selectFrom('chat_members')
              .select(['user_id', 'channels'])
              .where('space_id', '=', space.spaceId)
              .where('chat_id', '=', chat.id)
              .where(
                'user_id',
                'in',
                allowed.map((m) => m.id),
              )
              .where('channels', 'is not', null)
              .execute()
          : [];
        const channelsFor = new Map(own.map((r) => [r.user_id, r.channels!]));
        await notify(
          ctx,
          allowed.map((m) => ({
            ...(channelsFor.has(m.id) ? { channels: channelsFor.get(m.id)! } : {}),
            spaceId: space.spaceId,
            userId: m.id,
            type: 'chat_mention' as const,
            actorId: userId,
            params: { user: author.login, text: preview(text) },
            link: {
              chat_id: chat.id,
              message_id: Number(row.id),
              ...(chat.eps_id ? { eps_id: chat.eps_id } : {}),
            },
          })),
        );
      }
      return message!;
    }),

    implement(api.chat.reaction, async ({ space, userId, params, query }) => {
      const chat = await loadChat(space.spaceId, userId, params.id);
      const row = await getMessage(space.spaceId, chat.id, params.messageId);
      if (row.deleted_at)
        throw badRequest('chat.deleted_message', { field: 'messageId', message_id: params.messageId });
      const key = {
        space_id: space.spaceId,
        message_id: params.messageId,
        user_id: userId,
        emoji: query.emoji,
      };
      const removed = await db
        .deleteFrom('chat_reactions')
        .where('space_id', '=', key.space_id)
        .where('message_id', '=', key.message_id)
        .where('user_id', '=', userId)
        .where('emoji', '=', key.emoji)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) await db.insertInto('chat_reactions').values(key).execute();
      const [message] = await toMessages(space.spaceId, userId, [row]);
      publish(space.spaceId, chat, 'chat_message_updated', { chat_id: chat.id, message_id: message!.id });
      return message!;
    }),

    implement(api.chat.deleteMessage, async ({ space, userId, params }) => {
      const chat = await loadChat(space.spaceId, userId, params.id);
      const row = await getMessage(space.spaceId, chat.id, params.messageId);
      if (row.author_id !== userId) throw new HttpError(403, 'Forbidden', [{ code: 'chat.not_author' }]);
      if (!row.deleted_at) {
        await db
          .updateTable('chat_messages')
          .set({ deleted_at: sql`now()` })
          .where('space_id', '=', space.spaceId)
          .where('id', '=', params.messageId as never)
          .execute();
        await db
          .deleteFrom('chat_reactions')
          .where('space_id', '=', space.spaceId)
          .where('message_id', '=', params.messageId)
          .execute();
        // A deleted message's files go too (their bytes when nothing else shares them).
        const files = await db
          .selectFrom('chat_attachments as a')
          .innerJoin('stored_files as f', (j) =>
            j.onRef('f.space_id', '=', 'a.space_id').onRef('f.id', '=', 'a.file_id'),
          )
          .selectAll('f')
          .where('a.space_id', '=', space.spaceId)
          .where('a.message_id', '=', params.messageId as never)
          .execute();
        for (const f of files) await deleteFile(db, storage, f);
      }
      publish(space.spaceId, chat, 'chat_message_updated', {
        chat_id: chat.id,
        message_id: params.messageId,
      });
      return { success: true as const };
    }),

    implement(api.chat.updateMessage, async ({ space, userId, body, req }) => {
      const sent = req.formFiles ?? [];
      const chat = await loadChat(space.spaceId, userId, body.chat_id);
      const row = await getMessage(space.spaceId, chat.id, body.message_id);
      if (row.author_id !== userId) throw new HttpError(403, 'Forbidden', [{ code: 'chat.not_author' }]);
      if (row.deleted_at)
        throw badRequest('chat.deleted_message', { field: 'message_id', message_id: body.message_id });
      const current = await db
        .selectFrom('chat_attachments')
        .select('file_id')
        .where('space_id', '=', space.spaceId)
        .where('message_id', '=', body.message_id as never)
        .orderBy('position')
        .execute();
      const wanted = body.attachment_ids ? [...new Set(body.attachment_ids)] : current.map((a) => a.file_id);
      tooManyFiles(wanted.length + sent.length);
      textProblem(body.text, wanted.length + sent.length);
      const kept = new Set(current.map((a) => a.file_id));
      const named = wanted.filter((id) => !kept.has(id));
      await checkFreeUploads(space.spaceId, chat.id, userId, named);
      // Files sent in the same (multipart) request are added after the listed ones.
      const fresh = await keepFormFiles(space.spaceId, chat.id, userId, sent);
      wanted.push(...fresh);
      const added = [...named, ...fresh];
      const changeFiles = body.attachment_ids !== undefined || fresh.length > 0;
      const updated = (await db
        .updateTable('chat_messages')
        .set({ text: body.text.trim(), edited_at: sql`now()` })
        .where('space_id', '=', space.spaceId)
        .where('id', '=', body.message_id as never)
        .returning(messageColumns)
        .executeTakeFirstOrThrow()) as MessageRow;
      if (changeFiles) {
        for (const [position, fileId] of wanted.entries())
          await db
            .updateTable('chat_attachments')
            .set({ message_id: body.message_id, position })
            .where('space_id', '=', space.spaceId)
            .where('file_id', '=', fileId)
            .execute();
        if (added.length)
          await db
            .updateTable('stored_files')
            .set({ kind: 'documents', expires_at: null })
            .where('space_id', '=', space.spaceId)
            .where('id', 'in', added)
            .execute();
        // Files taken off the message go (their bytes when nothing else shares them).
        const dropped = current.map((a) => a.file_id).filter((id) => !wanted.includes(id));
        if (dropped.length) {
          const files = await db
            .selectFrom('stored_files')
            .selectAll()
            .where('space_id', '=', space.spaceId)
            .where('id', 'in', dropped)
            .execute();
          for (const f of files) await deleteFile(db, storage, f);
        }
      }
      const [message] = await toMessages(space.spaceId, userId, [updated]);
      publish(space.spaceId, chat, 'chat_message_updated', { chat_id: chat.id, message_id: message!.id });
      return message!;
    }),

    implement(api.chat.lastRead, async ({ space, userId, body }) => {
      const chat = await loadChat(space.spaceId, userId, body.chat_id);
      await getMessage(space.spaceId, chat.id, body.message_id);
      await join(space.spaceId, chat.id, userId);
      const cur = await db
        .selectFrom('chat_members')
        .select('last_read_id')
        .where('space_id', '=', space.spaceId)
        .where('chat_id', '=', chat.id)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      const next = nextLastRead(Number(cur.last_read_id), body.message_id);
      await db
        .updateTable('chat_members')
        .set({ last_read_id: next })
        .where('space_id', '=', space.spaceId)
        .where('chat_id', '=', chat.id)
        .where('user_id', '=', userId)
        .execute();
      const c = await chatOut(space.spaceId, userId, chat.id);
      return { last_read_id: c.last_read_id, unread: c.unread };
    }),

    implement(api.chat.setSettings, async ({ space, userId, body }) => {
      const chat = await loadChat(space.spaceId, userId, body.chat_id);
      const set = {
        ...(body.muted !== undefined ? { muted: body.muted } : {}),
        ...(body.channels !== undefined ? { channels: body.channels && [...new Set(body.channels)] } : {}),
      };
      await db
        .insertInto('chat_members')
        .values({ space_id: space.spaceId, chat_id: chat.id, user_id: userId, ...set })
        .onConflict((o) =>
          Object.keys(set).length
            ? o.columns(['space_id', 'chat_id', 'user_id']).doUpdateSet(set)
            : o.columns(['space_id', 'chat_id', 'user_id']).doNothing(),
        )
        .execute();
      return { success: true as const };
    }),
  ];
}
