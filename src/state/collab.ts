// Chat and notices state of the open space (issue 26): which panel is open, the open chat, the
// unread counts on the rail, the chat toasts (bottom left, spec §2), and a tick per kind of live
// change so that open lists reload.
import { create } from 'zustand';

export interface ChatToast {
  id: number;
  chatId: string;
  authorId: string | null;
  authorName: string;
  avatarUrl: string | null;
  preview: string;
}

interface CollabStore {
  panel: 'chat' | 'notices' | null;
  chatId: string | null;
  chatUnread: number;
  /** Unread messages of each EPS node's chat (muted chats left out), for the structure tree. */
  nodeUnread: Readonly<Record<string, number>>;
  noticeUnread: number;
  toasts: ChatToast[];
  /** Bumped on every chat live event / notice live event. */
  chatTick: number;
  noticeTick: number;
  /** The last chat live event (chat id and message id) for the open chat to merge. */
  lastChatEvent: { chatId: string; messageId: number; kind: 'created' | 'updated' } | null;
  open: (panel: 'chat' | 'notices' | null, chatId?: string | null) => void;
  setCounts: (c: {
    chatUnread?: number;
    nodeUnread?: Readonly<Record<string, number>>;
    noticeUnread?: number;
  }) => void;
  pushToast: (t: Omit<ChatToast, 'id'>) => void;
  dismissToast: (id: number) => void;
  chatEvent: (e: { chatId: string; messageId: number; kind: 'created' | 'updated' }) => void;
  /** `count` new notices arrived (one live event may stand for several). */
  noticeEvent: (count?: number) => void;
  /** The caller changed notices (checked, deleted): lists reload, counts stay. */
  noticesChanged: () => void;
}

let nextId = 1;

export const useCollab = create<CollabStore>()((set) => ({
  panel: null,
  chatId: null,
  chatUnread: 0,
  nodeUnread: {},
  noticeUnread: 0,
  toasts: [],
  chatTick: 0,
  noticeTick: 0,
  lastChatEvent: null,
  open: (panel, chatId) => set((s) => ({ panel, chatId: chatId === undefined ? s.chatId : chatId })),
  setCounts: (c) => set(c),
  pushToast: (t) => set((s) => ({ toasts: [...s.toasts, { ...t, id: nextId++ }].slice(-4) })),
  dismissToast: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
  chatEvent: (e) => set((s) => ({ chatTick: s.chatTick + 1, lastChatEvent: e })),
  noticeEvent: (count = 1) =>
    set((s) => ({ noticeTick: s.noticeTick + 1, noticeUnread: s.noticeUnread + count })),
  noticesChanged: () => set((s) => ({ noticeTick: s.noticeTick + 1 })),
}));
