// Chat, notices and delegation: the pure rules (issue 26, docs/collab.md). The server and the
// client share them; they know nothing of the database.

/** Spec §9: a chat toast shows the first 40 characters of the message. */
export const TOAST_PREVIEW_CHARS = 40;
/** Spec §9: a chat toast stays 10 seconds. */
export const CHAT_TOAST_MS = 10_000;
export const MESSAGE_MAX_CHARS = 4000;
export const REACTIONS = ['👍', '👎', '❤️', '😄', '🎉', '😮', '✅'] as const;

/** The first `n` characters (code points, so an emoji is never cut in half), whitespace folded. */
export function preview(text: string, n = TOAST_PREVIEW_CHARS): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(folded);
  return chars.length <= n ? folded : chars.slice(0, n).join('');
}

/** Logins mentioned as @login (letters, digits, . _ -), lower-cased, each once, in order. */
export function mentions(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(^|[^\w@.])@([\w.-]{2,64})/g)) {
    const login = m[2]!.replace(/[.-]+$/, '').toLowerCase();
    if (login && !out.includes(login)) out.push(login);
  }
  return out;
}

/** At most this many files go with one chat message. */
export const MAX_ATTACHMENTS = 10;

/**
 * Why a message text is refused, or null: empty after trimming (unless files go with it), or too
 * long.
 */
export function messageProblem(text: string, attachments = 0): 'empty' | 'too_long' | null {
  const t = text.trim();
  if (t.length === 0 && attachments === 0) return 'empty';
  if (Array.from(t).length > MESSAGE_MAX_CHARS) return 'too_long';
  return null;
}

/** The two members of a direct chat in stored order (user_a < user_b). */
export function directPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

/** Unread messages of a chat: those after the last read one, not the reader's own. */
export function unreadCount(
  messages: readonly { id: number; author_id: string | null; deleted: boolean }[],
  lastReadId: number,
  userId: string,
): number {
  return messages.filter((m) => m.id > lastReadId && !m.deleted && m.author_id !== userId).length;
}

/** A last-read marker only moves forward. */
export const nextLastRead = (current: number, requested: number): number => Math.max(current, requested);

/** Toggles a user's reaction: present → removed, absent → added. */
export function toggleReaction(
  reactions: readonly { user_id: string; emoji: string }[],
  userId: string,
  emoji: string,
): { user_id: string; emoji: string }[] {
  const has = reactions.some((r) => r.user_id === userId && r.emoji === emoji);
  return has
    ? reactions.filter((r) => !(r.user_id === userId && r.emoji === emoji))
    : [...reactions, { user_id: userId, emoji }];
}

/** Reactions grouped per emoji in first-use order, with whether `userId` gave it. */
export function groupReactions(
  reactions: readonly { user_id: string; emoji: string }[],
  userId: string,
): { emoji: string; count: number; mine: boolean }[] {
  const out = new Map<string, { emoji: string; count: number; mine: boolean }>();
  for (const r of reactions) {
    const g = out.get(r.emoji) ?? { emoji: r.emoji, count: 0, mine: false };
    g.count++;
    if (r.user_id === userId) g.mine = true;
    out.set(r.emoji, g);
  }
  return [...out.values()];
}

// ---------------------------------------------------------------------------------------------
// Notices

export const NOTICE_TYPES = [
  'executor_assigned_to_task',
  'curator_assigned_to_task',
  'task_need_accept_expert_data',
  'task_need_accept_daily_data',
  'task_need_actual_by_timesheet',
  'task_will_start',
  'task_will_finish',
  'assignment_created',
  'assignment_accepted',
  'assignment_comment',
  'assignment_changed',
  'assignment_date_approaching',
  'assignment_date_add_fact',
  'assignment_date_change_plan',
  'assignment_date_delay',
] as const;
/** The spec's fifteen types, plus a mention in a chat. */
export type NoticeType = (typeof NOTICE_TYPES)[number] | 'chat_mention';

export type Channel = 'site' | 'corporate' | 'product';

/**
 * How a notice reaches a user: live on the site (the bell), by email (corporate), and as a
 * message in their own Notices chat of the product's messenger (product). The notice is kept in
 * the list whatever the channels.
 */
export function deliveryOf(channels: readonly string[]): {
  site: boolean;
  email: boolean;
  messenger: boolean;
} {
  return {
    site: channels.includes('site'),
    email: channels.includes('corporate'),
    messenger: channels.includes('product'),
  };
}

/** Minutes since 2000-01-01 UTC (the engine's time) of a Date. */
export const engineMinutes = (d: Date): number => Math.floor((d.getTime() - Date.UTC(2000, 0, 1)) / 60_000);

const DAY = 1440;

/**
 * Look-ahead notices: rows not yet started whose start falls within `days` days from `now`
 * (task_will_start), and unfinished rows whose finish does (task_will_finish). Times in engine
 * minutes; a row with an actual start (finish) is past that point.
 */
export function dueNotices(
  rows: readonly {
    id: string;
    es: number | null;
    ef: number | null;
    actual_start: number | null;
    actual_finish: number | null;
  }[],
  now: number,
  days: number,
): { id: string; type: 'task_will_start' | 'task_will_finish'; at: number }[] {
  const until = now + days * DAY;
  const out: { id: string; type: 'task_will_start' | 'task_will_finish'; at: number }[] = [];
  for (const r of rows) {
    if (r.actual_start === null && r.es !== null && r.es >= now && r.es <= until)
      out.push({ id: r.id, type: 'task_will_start', at: r.es });
    if (r.actual_finish === null && r.ef !== null && r.ef >= now && r.ef <= until)
      out.push({ id: r.id, type: 'task_will_finish', at: r.ef });
  }
  return out;
}

/** A row's finish moved later (assignment_date_delay) or its dates changed (…_change_plan). */
export function dateChange(
  before: { es: number | null; ef: number | null },
  after: { es: number | null; ef: number | null },
): 'assignment_date_delay' | 'assignment_date_change_plan' | null {
  if (before.ef !== null && after.ef !== null && after.ef > before.ef) return 'assignment_date_delay';
  if (before.es !== after.es || before.ef !== after.ef) return 'assignment_date_change_plan';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Delegation

export interface DelegationInput {
  from_user: string;
  to_user: string;
  starts_at: string;
  ends_at: string;
}

/** Why a delegation is refused, with the field it concerns, or null. */
export function delegationProblem(
  d: DelegationInput,
): { code: 'delegation.self' | 'delegation.end_before_start' | 'delegation.bad_date'; field: string } | null {
  if (d.from_user === d.to_user) return { code: 'delegation.self', field: 'user_id' };
  const s = Date.parse(d.starts_at);
  const e = Date.parse(d.ends_at);
  if (!Number.isFinite(s)) return { code: 'delegation.bad_date', field: 'starts_at' };
  if (!Number.isFinite(e)) return { code: 'delegation.bad_date', field: 'ends_at' };
  if (e <= s) return { code: 'delegation.end_before_start', field: 'ends_at' };
  return null;
}

/** Whether a delegation is in force at `now`: from its start (included) to its end (excluded). */
export const delegationActive = (d: { starts_at: Date; ends_at: Date }, now: Date): boolean =>
  d.starts_at.getTime() <= now.getTime() && now.getTime() < d.ends_at.getTime();

/** The union of permission matrices (own rights plus delegated ones), abilities in `order`. */
export function unionMatrices<M extends string, A extends string>(
  own: Record<M, A[]>,
  delegated: readonly Record<M, A[]>[],
  order: readonly A[],
): Record<M, A[]> {
  const out = {} as Record<M, A[]>;
  for (const m of Object.keys(own) as M[]) {
    const all = new Set<A>([...own[m], ...delegated.flatMap((d) => d[m] ?? [])]);
    out[m] = order.filter((a) => all.has(a));
  }
  return out;
}

/**
 * What a daily-work-plan change means for the people assigned to its rows: a fact added (a day's
 * fact became larger) or the plan changed. Patches have the path ['wdp', rowId, day] and carry the
 * day's whole cell (src/domain/wdp/patches.ts); `before` is the cell of the inverse patch.
 */
export function wdpNoticeKinds(
  patches: readonly { op: string; path: readonly (string | number)[]; value?: unknown }[],
  inverse: readonly { op: string; path: readonly (string | number)[]; value?: unknown }[],
): { rowId: string; type: 'assignment_date_add_fact' | 'assignment_date_change_plan' }[] {
  type Cell = { plan?: number | null; fact?: number | null } | undefined;
  const before = new Map<string, Cell>();
  for (const p of inverse)
    if (p.path[0] === 'wdp')
      before.set(`${p.path[1]}|${p.path[2]}`, p.op === 'remove' ? undefined : (p.value as Cell));
  const out = new Map<string, Set<'assignment_date_add_fact' | 'assignment_date_change_plan'>>();
  for (const p of patches) {
    if (p.path[0] !== 'wdp' || p.path.length < 3) continue;
    const rowId = String(p.path[1]);
    const b = before.get(`${rowId}|${p.path[2]}`);
    const a = p.op === 'remove' ? undefined : (p.value as Cell);
    const kinds = out.get(rowId) ?? new Set();
    if ((a?.fact ?? 0) > (b?.fact ?? 0)) kinds.add('assignment_date_add_fact');
    if ((a?.plan ?? null) !== (b?.plan ?? null)) kinds.add('assignment_date_change_plan');
    if (kinds.size) out.set(rowId, kinds);
  }
  return [...out].flatMap(([rowId, kinds]) => [...kinds].map((type) => ({ rowId, type })));
}

/** A file size for people: bytes, KB, MB or GB with one decimal below 10 (1,024-based units). */
export function fileSizeLabel(bytes: number): { value: number; unit: 'B' | 'KB' | 'MB' | 'GB' } {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let v = Math.max(0, bytes);
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const value = i === 0 ? Math.round(v) : v < 10 ? Math.round(v * 10) / 10 : Math.round(v);
  // 1,048,575 bytes is "1 MB", not "1024 KB".
  if (value >= 1024 && i < units.length - 1) return { value: 1, unit: units[i + 1]! };
  return { value, unit: units[i]! };
}
