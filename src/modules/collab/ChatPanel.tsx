// The chat drawer (issue 26): the caller's chats with unread counts, a node's chat or a direct
// chat opened from pickers, and an open chat's history — virtualized (@tanstack/react-virtual),
// older pages loaded as it scrolls up, so a 100,000-message chat keeps a few dozen rows in the
// DOM — with the composer (files attached through the storage, up to the space's limit), edits,
// deletes and reactions.
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  ArrowLeft,
  Bell,
  BellOff,
  Download,
  Paperclip,
  Pencil,
  Settings2,
  SmilePlus,
  Trash2,
  X,
} from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../api';
import type { Chat, ChatMember, ChatMessage, EpsNode, Member } from '../../api';
import type { ChatAttachment } from '../../api/collab';
import { transferRoutes } from '../../api/transfer';
import { call } from '../../app/api/call';
import { MAX_ATTACHMENTS, REACTIONS, fileSizeLabel } from '../../domain/collab';
import { ApiError, errorItems } from '../../app/api/errors';
import { useCollab } from '../../state/collab';
import { useSession } from '../../state/session';
import { ChatChannels } from './ChatChannels';
import { refreshCounts } from './CollabLayer';
import { useCollabT } from './i18n';
import { useOpenNotice } from './notices';

const PAGE = 50;

/**
 * What the chat list already read (its chats, the space's members), so that a chat opened from it
 * waits for its newest page only (issue 26: the panel opens on a 100,000-message history in
 * ≤ 300 ms); the chat and its members are read again after the page, for avatars and changes.
 */
const known = { spaceId: '', chats: new Map<string, Chat>(), members: [] as ChatMember[] };

function knownMembers(chat: Chat | undefined, me: string | undefined): Map<string, ChatMember> | null {
  if (!chat || known.members.length === 0) return null;
  const list =
    chat.kind === 'eps' ? known.members : known.members.filter((m) => m.id === me || m.id === chat.peer_id);
  return new Map(list.map((m) => [m.id, m]));
}

/** A chat's name: the node's or the member's; the Notices chat is named in the reader's language. */
function chatTitle(c: Chat, t: (key: string) => string): string {
  return c.kind === 'notices' ? t('chat.noticesTitle') : c.title;
}

/** The notice a message of the Notices chat stands for (its tag `notice:<id>`), else null. */
function noticeOf(m: ChatMessage): string | null {
  return m.author_id === null && m.tag.startsWith('notice:') ? m.tag.slice('notice:'.length) : null;
}

export function ChatPanel({ spaceId }: { spaceId: string }) {
  const { t } = useCollabT();
  const chatId = useCollab((s) => s.chatId);
  const open = useCollab((s) => s.open);
  return (
    <aside className="collab-drawer" aria-label={t('chat.title')}>
      {chatId ? (
        <ChatView key={chatId} chatId={chatId} onBack={() => open('chat', null)} />
      ) : (
        <ChatList spaceId={spaceId} />
      )}
    </aside>
  );
}

function ChatList({ spaceId }: { spaceId: string }) {
  const { t } = useCollabT();
  const open = useCollab((s) => s.open);
  const tick = useCollab((s) => s.chatTick);
  const me = useSession((s) => s.user?.id);
  const [chats, setChats] = useState<Chat[] | null>(null);
  const [nodes, setNodes] = useState<EpsNode[]>([]);
  const [members, setMembers] = useState<Member[]>([]);
  useEffect(() => {
    void call(api.chat.list).then((l) => {
      if (known.spaceId !== spaceId) Object.assign(known, { spaceId, chats: new Map(), members: [] });
      known.chats = new Map(l.chats.map((c) => [c.id, c]));
      setChats(l.chats);
    });
  }, [tick, spaceId]);
  useEffect(() => {
    void call(api.eps.tree, { params: { space_id: spaceId } }).then((tr) => setNodes(tr.nodes));
    void call(api.space.users, { params: { space_id: spaceId } }, { silent: true })
      .then((list) => {
        if (known.spaceId !== spaceId) Object.assign(known, { spaceId, chats: new Map(), members: [] });
        known.members = list.map((m) => ({
          id: m.user_id,
          login: m.login,
          first_name: m.first_name,
          last_name: m.last_name,
          avatar_url: null,
        }));
        setMembers(list);
      })
      .catch(() => undefined);
  }, [spaceId]);
  const openNode = async (id: string) => {
    const chat = await call(api.chat.eps, { params: { id } });
    open('chat', chat.id);
  };
  const [direct, setDirect] = useState('');
  return (
    <>
      <header className="collab-drawer__head">
        <h2>{t('chat.chats')}</h2>
        <button type="button" className="icon-btn" aria-label={t('chat.close')} onClick={() => open(null)}>
          <X size={16} />
        </button>
      </header>
      <div className="collab-drawer__pickers">
        <label>
          <span>{t('chat.newNode')}</span>
          <select
            aria-label={t('chat.newNode')}
            value=""
            onChange={(e) => e.target.value && void openNode(e.target.value)}
          >
            <option value="">{t('chat.choose')}</option>
            {nodes.map((n) => (
              <option key={n.id} value={n.id}>
                {n.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('chat.newDirect')}</span>
          <select aria-label={t('chat.newDirect')} value={direct} onChange={(e) => setDirect(e.target.value)}>
            <option value="">{t('chat.choose')}</option>
            {members
              .filter((m) => m.user_id !== me)
              .map((m) => (
                <option key={m.user_id} value={m.user_id}>
                  {`${m.first_name} ${m.last_name}`.trim() || m.login}
                </option>
              ))}
          </select>
        </label>
        {direct && <Composer directTo={direct} onSent={(m) => (setDirect(''), open('chat', m.chat_id))} />}
      </div>
      {chats === null ? (
        <p className="collab-muted">{t('chat.loading')}</p>
      ) : chats.length === 0 ? (
        <div className="collab-empty">
          <strong>{t('chat.empty')}</strong>
          <span>{t('chat.emptyHint')}</span>
        </div>
      ) : (
        <ul className="chat-list">
          {chats.map((c) => (
            <li key={c.id}>
              <button type="button" className="chat-list__item" onClick={() => open('chat', c.id)}>
                <span className="chat-list__title">
                  {chatTitle(c, t)}
                  {c.muted && <BellOff size={12} aria-label={t('chat.muted')} />}
                </span>
                <span className="chat-list__last">
                  {c.last_message ? (c.last_message.deleted ? t('chat.deleted') : c.last_message.text) : ''}
                </span>
                {c.unread > 0 && <span className="chat-list__unread">{c.unread}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ChatView({ chatId, onBack }: { chatId: string; onBack: () => void }) {
  const { t, i18n } = useCollabT();
  const me = useSession((s) => s.user?.id);
  const last = useCollab((s) => s.lastChatEvent);
  const tick = useCollab((s) => s.chatTick);
  // Opened from the list: its chat and members are known, the history is all the open waits for.
  const [seeded] = useState(() => {
    const c = known.chats.get(chatId);
    const people = knownMembers(c, me);
    return c && people ? { chat: c, members: people } : null;
  });
  const [chat, setChat] = useState<Chat | null>(seeded?.chat ?? null);
  // Counts the caller's own changes of the chat's settings: a read of the chat that started before
  // one of them answers with the settings as they were, and must not put them back.
  const localEdits = useRef(0);
  const setChatLocally = useCallback((c: Chat) => {
    localEdits.current += 1;
    setChat(c);
  }, []);
  const [members, setMembers] = useState<Map<string, ChatMember>>(seeded?.members ?? new Map());
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasBefore, setHasBefore] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const loadingOlder = useRef(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);

  const markRead = useCallback(
    (id: number) => {
      void call(api.chat.lastRead, { body: { chat_id: chatId, message_id: id } }, { silent: true })
        .then(() => refreshCounts())
        .catch(() => undefined);
    },
    [chatId],
  );

  useEffect(() => {
    const details = () => {
      const edits = localEdits.current;
      void call(api.chat.one, { params: { id: chatId } }).then((c) => {
        if (localEdits.current === edits) setChat(c);
      });
      void call(api.chat.users, { params: { id: chatId } }).then((list) =>
        setMembers(new Map(list.map((m) => [m.id, m]))),
      );
    };
    // The newest page is asked for first, and alone when the list knew the chat: the server
    // answers a space's reads in turn (one PGlite connection), and the history is what the panel
    // opens on (issue 26: ≤ 300 ms). The chat and its members are read again after it.
    void call(api.chat.messages, { params: { id: chatId }, query: { before: PAGE } }).then((page) => {
      setMessages(page.messages);
      setHasBefore(page.has_before);
      setLoaded(true);
      const lastMsg = page.messages.at(-1);
      if (lastMsg) markRead(lastMsg.id);
      if (seeded) details();
    });
    if (!seeded) details();
  }, [chatId, markRead, seeded]);

  // Live changes of this chat: a new message is appended, a changed one replaced.
  useEffect(() => {
    if (!last || last.chatId !== chatId) return;
    void call(
      api.chat.message,
      { params: { id: chatId }, query: { message_id: last.messageId } },
      { silent: true },
    )
      .then((m) => {
        setMessages((cur) => {
          const at = cur.findIndex((x) => x.id === m.id);
          if (at >= 0) return cur.map((x) => (x.id === m.id ? m : x));
          return last.kind === 'created' ? [...cur, m] : cur;
        });
        if (last.kind === 'created') markRead(m.id);
      })
      .catch(() => undefined);
    // tick: the same message can change twice in a row.
  }, [last, tick, chatId, markRead]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the list re-renders on its own state
  const virt = useVirtualizer({
    count: messages.length + (hasBefore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 64,
    overscan: 8,
  });
  const offset = hasBefore ? 1 : 0;

  useLayoutEffect(() => {
    if (stickToBottom.current && messages.length)
      virt.scrollToIndex(messages.length - 1 + offset, { align: 'end' });
  }, [messages.length, offset, virt]);

  const loadOlder = useCallback(async () => {
    if (loadingOlder.current || !hasBefore || messages.length === 0) return;
    loadingOlder.current = true;
    try {
      const page = await call(api.chat.messages, {
        params: { id: chatId },
        query: { from: messages[0]!.id, before: PAGE, after: 0 },
      });
      // The page answers `from` itself among the newer ones: keep only the older.
      const older = page.messages.filter((m) => m.id < messages[0]!.id);
      stickToBottom.current = false;
      setHasBefore(page.has_before);
      setMessages((cur) => [...older, ...cur]);
      requestAnimationFrame(() =>
        virt.scrollToIndex(older.length + (page.has_before ? 1 : 0), { align: 'start' }),
      );
    } finally {
      loadingOlder.current = false;
    }
  }, [chatId, hasBefore, messages, virt]);

  // Older pages load when the reader scrolls near the top — never while the list is being put at
  // its newest message: its first frames show the top (the virtualizer's range lags the scroll),
  // which asked for an older page at once and left the view at that page's edge, not the newest.
  const positioned = useRef(false);
  const items = virt.getVirtualItems();
  useEffect(() => {
    // A page that does not fill the view cannot be scrolled: the next older one loads at once.
    const el = scrollRef.current;
    if (el && el.scrollHeight <= el.clientHeight && items[0]?.index === 0 && hasBefore) void loadOlder();
  }, [items, hasBefore, loadOlder]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    if (stickToBottom.current) positioned.current = true;
    else if (positioned.current && hasBefore && el.scrollTop < 300) void loadOlder();
  };

  const [settingsOpen, setSettingsOpen] = useState(false);
  const toggleMute = async () => {
    if (!chat) return;
    await call(api.chat.setSettings, { body: { chat_id: chatId, muted: !chat.muted } });
    setChatLocally({ ...chat, muted: !chat.muted });
  };
  const time = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );

  return (
    <>
      <header className="collab-drawer__head">
        <button type="button" className="icon-btn" aria-label={t('chat.back')} onClick={onBack}>
          <ArrowLeft size={16} />
        </button>
        <h2 title={chat ? chatTitle(chat, t) : undefined}>{chat ? chatTitle(chat, t) : ''}</h2>
        <span className="collab-muted">{t('chat.members', { count: members.size })}</span>
        <button
          type="button"
          className="icon-btn"
          aria-label={chat?.muted ? t('chat.unmute') : t('chat.mute')}
          aria-pressed={chat?.muted ?? false}
          onClick={() => void toggleMute()}
        >
          {chat?.muted ? <BellOff size={16} /> : <Bell size={16} />}
        </button>
        {chat?.kind !== 'notices' && (
          <button
            type="button"
            className="icon-btn"
            aria-label={t('chat.channels.open')}
            aria-expanded={settingsOpen}
            onClick={() => setSettingsOpen((o) => !o)}
          >
            <Settings2 size={16} />
          </button>
        )}
        <button
          type="button"
          className="icon-btn"
          aria-label={t('chat.close')}
          onClick={() => useCollab.getState().open(null)}
        >
          <X size={16} />
        </button>
      </header>
      {settingsOpen && chat && <ChatChannels chat={chat} onChange={setChatLocally} />}
      <div className="chat-scroll" ref={scrollRef} onScroll={onScroll} data-testid="chat-messages">
        {loaded && messages.length === 0 && <p className="collab-muted">{t('chat.noMessages')}</p>}
        <div style={{ height: virt.getTotalSize(), position: 'relative' }}>
          {items.map((row) => {
            const m = row.index - offset >= 0 ? messages[row.index - offset] : undefined;
            return (
              <div
                key={row.key}
                ref={virt.measureElement}
                data-index={row.index}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  transform: `translateY(${row.start}px)`,
                }}
              >
                {m ? (
                  <MessageRow
                    message={m}
                    mine={m.author_id === me}
                    author={m.author_id ? members.get(m.author_id) : undefined}
                    when={time.format(new Date(m.created_at))}
                    chatId={chatId}
                    onChanged={(next) => setMessages((cur) => cur.map((x) => (x.id === next.id ? next : x)))}
                  />
                ) : (
                  <p className="collab-muted">{t('chat.older')}</p>
                )}
              </div>
            );
          })}
        </div>
      </div>
      {chat?.kind === 'notices' ? (
        <p className="chat-composer chat-composer--readonly collab-muted">{t('chat.noticesReadOnly')}</p>
      ) : (
        <Composer
          chatId={chatId}
          onSent={(m) => {
            stickToBottom.current = true;
            setMessages((cur) => (cur.some((x) => x.id === m.id) ? cur : [...cur, m]));
          }}
        />
      )}
    </>
  );
}

function MessageRow({
  message,
  mine,
  author,
  when,
  chatId,
  onChanged,
}: {
  message: ChatMessage;
  mine: boolean;
  author: ChatMember | undefined;
  when: string;
  chatId: string;
  onChanged: (m: ChatMessage) => void;
}) {
  const { t } = useCollabT();
  const [editing, setEditing] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const noticeId = noticeOf(message);
  const openNotice = useOpenNotice(useSession((st) => st.spaceId) ?? '');
  const name = author
    ? `${author.first_name} ${author.last_name}`.trim() || author.login
    : noticeId
      ? t('chat.noticesTitle')
      : '—';
  const react = async (emoji: string) => {
    setPicking(false);
    onChanged(
      await call(api.chat.reaction, { params: { id: chatId, messageId: message.id }, query: { emoji } }),
    );
  };
  const save = async () => {
    if (editing === null) return;
    onChanged(
      await call(api.chat.updateMessage, {
        body: { chat_id: chatId, message_id: message.id, text: editing },
      }),
    );
    setEditing(null);
  };
  const remove = async () => {
    await call(api.chat.deleteMessage, { params: { id: chatId, messageId: message.id } });
    onChanged({ ...message, deleted: true, text: '', reactions: [] });
  };
  return (
    <div className={`chat-msg${mine ? ' chat-msg--mine' : ''}`} data-testid="chat-message">
      <div className="chat-msg__head">
        <strong>{name}</strong>
        <span className="collab-muted">
          {when}
          {message.edited_at && !message.deleted ? ` · ${t('chat.edited')}` : ''}
        </span>
      </div>
      {message.deleted ? (
        <div className="chat-msg__text chat-msg__text--deleted">{t('chat.deleted')}</div>
      ) : editing !== null ? (
        <div className="chat-msg__edit">
          <textarea
            aria-label={t('chat.edit')}
            value={editing}
            onChange={(e) => setEditing(e.target.value)}
            rows={2}
          />
          <button type="button" className="btn btn--primary" onClick={() => void save()}>
            {t('chat.save')}
          </button>
          <button type="button" className="btn" onClick={() => setEditing(null)}>
            {t('chat.cancel')}
          </button>
        </div>
      ) : (
        <>
          {message.text && <div className="chat-msg__text">{message.text}</div>}
          {noticeId && (
            <button type="button" className="btn chat-msg__open" onClick={() => void openNotice(noticeId)}>
              {t('chat.openNotice')}
            </button>
          )}
          {message.attachments.length > 0 && (
            <ul className="chat-files" aria-label={t('chat.attachment')}>
              {message.attachments.map((f) => (
                <li key={f.id}>
                  <FileLink file={f} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {!message.deleted && editing === null && (
        <div className="chat-msg__foot">
          {message.reactions.map((r) => (
            <button
              key={r.emoji}
              type="button"
              className={`reaction${r.mine ? ' reaction--mine' : ''}`}
              aria-pressed={r.mine}
              onClick={() => void react(r.emoji)}
            >
              {r.emoji} {r.count}
            </button>
          ))}
          <span className="chat-msg__actions">
            <button
              type="button"
              className="icon-btn"
              aria-label={t('chat.react')}
              onClick={() => setPicking((p) => !p)}
            >
              <SmilePlus size={14} />
            </button>
            {mine && (
              <>
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={t('chat.edit')}
                  onClick={() => setEditing(message.text)}
                >
                  <Pencil size={14} />
                </button>
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={t('chat.delete')}
                  onClick={() => void remove()}
                >
                  <Trash2 size={14} />
                </button>
              </>
            )}
          </span>
          {picking && (
            <span className="reaction-picker" role="menu">
              {REACTIONS.map((e) => (
                <button
                  key={e}
                  type="button"
                  role="menuitem"
                  className="reaction"
                  onClick={() => void react(e)}
                >
                  {e}
                </button>
              ))}
            </span>
          )}
        </div>
      )}
    </div>
  );
}

function SizeText({ bytes }: { bytes: number }) {
  const { t, i18n } = useCollabT();
  const { value, unit } = fileSizeLabel(bytes);
  return <>{t(`chat.size.${unit}`, { value: value.toLocaleString(i18n.language) })}</>;
}

function FileLink({ file }: { file: ChatAttachment }) {
  const { t, i18n } = useCollabT();
  const { value, unit } = fileSizeLabel(file.size);
  const size = t(`chat.size.${unit}`, { value: value.toLocaleString(i18n.language) });
  return (
    <a
      className="chat-file"
      href={file.download_url}
      download={file.name}
      aria-label={t('chat.download', { name: file.name, size })}
      data-testid="chat-file"
    >
      <Download size={14} aria-hidden />
      <span className="chat-file__name">{file.name}</span>
      <span className="chat-file__size">{size}</span>
    </a>
  );
}

/** The server's message(s) of a failed call, in the language it was asked in. */
function failureText(err: unknown): string {
  if (err instanceof ApiError) {
    const lines = errorItems(err.body).map((i) => i.error_message || i.code);
    return lines.filter(Boolean).join('; ') || err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

function Composer({
  chatId,
  directTo,
  onSent,
}: {
  chatId?: string;
  directTo?: string;
  onSent: (m: ChatMessage) => void;
}) {
  const { t } = useCollabT();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  // Files picked with the paperclip: they go in the same multipart request as the message
  // (spec §7 "POST chat/create-message (multipart)").
  const [files, setFiles] = useState<{ key: number; file: File }[]>([]);
  const nextKey = useRef(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [maxSize, setMaxSize] = useState<number | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => {
    void call(transferRoutes.storageMaxSize, { query: {} }, { silent: true })
      .then((r) => setMaxSize(r.max_size))
      .catch(() => undefined);
  }, []);
  const canSend = (text.trim() !== '' || files.length > 0) && !busy;
  const send = async () => {
    if (!canSend) return;
    setBusy(true);
    setProblem(null);
    try {
      const target = chatId ? { chat_id: chatId } : { user_id: directTo! };
      let body: FormData | { chat_id?: string; user_id?: string; text: string } = { ...target, text };
      if (files.length) {
        const form = new FormData();
        for (const [k, v] of Object.entries(target)) form.append(k, v);
        form.append('text', text);
        for (const f of files) form.append('files', f.file, f.file.name);
        body = form;
      }
      const m = await call(api.chat.createMessage, { body }, { silent: true });
      setText('');
      setFiles([]);
      onSent(m);
    } catch (err) {
      setProblem(
        files.length
          ? t('chat.uploadFailed', {
              name: files.map((f) => f.file.name).join(', '),
              message: failureText(err),
            })
          : failureText(err),
      );
    } finally {
      setBusy(false);
    }
  };
  const attach = (picked: File[]) => {
    setProblem(null);
    const room = MAX_ATTACHMENTS - files.length;
    const fits: File[] = [];
    for (const file of picked) {
      // Checked here first so a large file is not sent only to be refused; the server checks too.
      if (maxSize !== null && file.size > maxSize) {
        setProblem(t('chat.tooLarge', { name: file.name, max: Math.round((maxSize / 1048576) * 10) / 10 }));
        continue;
      }
      if (fits.length >= room) {
        setProblem(t('chat.tooMany', { max: MAX_ATTACHMENTS }));
        break;
      }
      fits.push(file);
    }
    setFiles((cur) => [...cur, ...fits.map((file) => ({ key: nextKey.current++, file }))]);
  };
  return (
    <form
      className="chat-composer"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      {(files.length > 0 || problem) && (
        <div className="chat-composer__files">
          {files.map(({ key, file }) => (
            <span key={key} className="chat-chip" data-testid="chat-pending-file">
              <Paperclip size={12} aria-hidden />
              <span className="chat-file__name">{file.name}</span>
              <span className="chat-file__size">
                <SizeText bytes={file.size} />
              </span>
              <button
                type="button"
                className="icon-btn"
                aria-label={t('chat.removeFile', { name: file.name })}
                disabled={busy}
                onClick={() => setFiles((cur) => cur.filter((x) => x.key !== key))}
              >
                <X size={12} />
              </button>
            </span>
          ))}
          {busy && files.length > 0 && (
            <span className="collab-muted" role="status">
              {t('chat.uploading', { name: files.map((f) => f.file.name).join(', ') })}
            </span>
          )}
          {problem && (
            <span className="chat-composer__problem" role="alert">
              {problem}
            </span>
          )}
        </div>
      )}
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        data-testid="chat-file-input"
        onChange={(e) => {
          const picked = Array.from(e.target.files ?? []);
          e.target.value = '';
          attach(picked);
        }}
      />
      <button
        type="button"
        className="icon-btn chat-composer__attach"
        aria-label={t('chat.attach')}
        title={t('chat.attach')}
        disabled={busy}
        onClick={() => picker.current?.click()}
      >
        <Paperclip size={16} />
      </button>
      <textarea
        aria-label={t('chat.placeholder')}
        placeholder={t('chat.placeholder')}
        value={text}
        rows={2}
        maxLength={4000}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void send();
          }
        }}
      />
      <button type="submit" className="btn btn--primary" disabled={!canSend}>
        {t('chat.send')}
      </button>
    </form>
  );
}
