// Chat and notices over the main layout (issue 26): listens to the live socket for
// chat_message_created / chat_message_updated / notice_created, keeps the rail's unread counts,
// shows the chat toasts (bottom left, 10 s, the author's avatar or a mail icon, the first 40
// characters: spec §2, §9) and the chat or notices drawer.
import { Mail, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api';
import type { ChatNotification } from '../../api';
import { call } from '../../app/api/call';
import { liveEvents } from '../../app/api/live';
import { CHAT_TOAST_MS, preview } from '../../domain/collab';
import { useCollab } from '../../state/collab';
import type { ChatToast } from '../../state/collab';
import { useSession } from '../../state/session';
import { ChatPanel } from './ChatPanel';
import { NoticesPanel } from './notices';
import { useCollabT } from './i18n';
import './collab.css';

/** Reloads the unread counts of the rail and of the structure tree's nodes. */
export async function refreshCounts(): Promise<void> {
  const [chats, status] = await Promise.all([
    call(api.chat.list, {}, { silent: true }).catch(() => null),
    call(api.notices.status, {}, { silent: true }).catch(() => null),
  ]);
  const nodeUnread: Record<string, number> = {};
  for (const c of chats?.chats ?? [])
    if (c.eps_id && c.unread > 0 && !c.muted) nodeUnread[c.eps_id] = c.unread;
  useCollab.getState().setCounts({
    ...(chats ? { chatUnread: chats.unread, nodeUnread } : {}),
    ...(status ? { noticeUnread: status.unread } : {}),
  });
}

export function CollabLayer({ spaceId }: { spaceId: string }) {
  const panel = useCollab((s) => s.panel);
  const me = useSession((s) => s.user?.id ?? null);

  useEffect(() => {
    void refreshCounts();
    const muted = new Set<string>();
    void call(api.chat.settings, {}, { silent: true })
      .then((list) => list.forEach((s) => s.muted && muted.add(s.chat_id)))
      .catch(() => undefined);
    return liveEvents.subscribe((e) => {
      if (e.space_id !== spaceId) return;
      const store = useCollab.getState();
      if (e.event === 'chat_message_created') {
        const p = e.payload as unknown as ChatNotification;
        store.chatEvent({ chatId: p.chat_id, messageId: p.message.id, kind: 'created' });
        if (p.author_id === me) return;
        const reading = store.panel === 'chat' && store.chatId === p.chat_id;
        if (!reading) void refreshCounts();
        if (!reading && !muted.has(p.chat_id))
          store.pushToast({
            chatId: p.chat_id,
            authorId: p.author_id,
            authorName: p.author_login,
            avatarUrl: p.author_avatar_url,
            preview: preview(p.text),
          });
      } else if (e.event === 'chat_message_updated') {
        const p = e.payload as { chat_id: string; message_id: number };
        store.chatEvent({ chatId: p.chat_id, messageId: p.message_id, kind: 'updated' });
      } else if (e.event === 'notice_created') {
        const count = Number((e.payload as { count?: unknown }).count ?? 1);
        store.noticeEvent(Number.isInteger(count) && count > 0 ? count : 1);
      }
    });
  }, [spaceId, me]);

  return (
    <>
      {panel === 'chat' && <ChatPanel spaceId={spaceId} />}
      {panel === 'notices' && <NoticesPanel spaceId={spaceId} />}
      <ChatToasts />
    </>
  );
}

function ChatToasts() {
  const toasts = useCollab((s) => s.toasts);
  return (
    <div className="chat-toaster" aria-live="polite">
      {toasts.map((t) => (
        <ChatToastView key={t.id} toast={t} />
      ))}
    </div>
  );
}

function ChatToastView({ toast }: { toast: ChatToast }) {
  const { t } = useCollabT();
  const dismiss = useCollab((s) => s.dismissToast);
  const open = useCollab((s) => s.open);
  const [avatarFailed, setAvatarFailed] = useState(toast.avatarUrl === null);
  const fail = useCallback(() => setAvatarFailed(true), []);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), CHAT_TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast.id, dismiss]);
  return (
    <div className="chat-toast" role="status" data-testid="chat-toast">
      <button
        type="button"
        className="chat-toast__body"
        onClick={() => {
          open('chat', toast.chatId);
          dismiss(toast.id);
        }}
      >
        {avatarFailed ? (
          <span className="chat-toast__avatar chat-toast__avatar--mail" aria-hidden="true">
            <Mail size={18} />
          </span>
        ) : (
          <AvatarImage src={toast.avatarUrl!} onFail={fail} />
        )}
        <span className="chat-toast__text">
          <strong>
            {toast.authorId === null
              ? t('chat.noticesTitle')
              : t('chat.toastFrom', { name: toast.authorName })}
          </strong>
          <span className="chat-toast__preview">{toast.preview}</span>
        </span>
      </button>
      <button
        type="button"
        className="chat-toast__close"
        aria-label={t('chat.close')}
        onClick={() => dismiss(toast.id)}
      >
        <X size={14} />
      </button>
    </div>
  );
}

/** An avatar fetched with the session's token (the avatar route needs it); onFail when it does not load. */
function AvatarImage({ src, onFail }: { src: string; onFail: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let revoke: string | null = null;
    let cancelled = false;
    const token = useSession.getState().token;
    fetch(src, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(String(r.status)))))
      .then((b) => {
        if (cancelled) return;
        revoke = URL.createObjectURL(b);
        setUrl(revoke);
      })
      .catch(() => !cancelled && onFail());
    return () => {
      cancelled = true;
      if (revoke) URL.revokeObjectURL(revoke);
    };
  }, [src, onFail]);
  return url ? (
    <img className="chat-toast__avatar" src={url} alt="" onError={onFail} />
  ) : (
    <span className="chat-toast__avatar" aria-hidden="true" />
  );
}
