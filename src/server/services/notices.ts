// Producing notices (issue 26): one row per recipient, then delivery on the channels the
// recipient chose in the profile — `site` as a live `notice_created` event to that user only,
// `corporate` as an email through SMTP (SMTP_URL), `product` as a message in the recipient's own
// Notices chat of the product's messenger (texts in the recipient's language). A notice never
// goes to the user who caused it, nor to someone outside the space. Delivery failures never fail
// the request that caused them.
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { sql } from 'kysely';
import type { NoticeLink } from '../../api/collab';
import { deliveryOf, preview } from '../../domain/collab';
import type { NoticeType } from '../../domain/collab';
import type { AppContext } from '../context';
import { translate } from '../i18n/messages';
import type { ServerLang } from '../i18n/messages';

export interface NoticeDraft {
  spaceId: string;
  userId: string;
  type: NoticeType;
  params?: Record<string, string | number | null>;
  link?: NoticeLink;
  actorId?: string | null;
  /** Produced once per user and key (look-ahead notices). */
  dedup?: string;
  /** Channels that replace the profile's for this notice (a chat's own setting). */
  channels?: readonly string[];
}

/** A notice's text key: its type's, or its variant's (`params.variant`: one type, another event). */
export const noticeTextKey = (d: { type: string; params?: Record<string, unknown> | null }): string =>
  typeof d.params?.variant === 'string' ? `notice.${d.type}.${d.params.variant}` : `notice.${d.type}`;

/** Notices written per INSERT statement (unnest: eight array parameters however many). */
const NOTICE_BATCH = 5000;

const transports = new Map<string, Transporter>();
const transportOf = (url: string): Transporter => {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
};

/** The client path a notice leads to. */
export function noticePath(spaceId: string, link: NoticeLink): string {
  if (link.version_id && link.eps_id)
    return `/${spaceId}/schedule/${link.eps_id}?version=${link.version_id}${link.wbs_id ? `&target=${link.wbs_id}` : ''}`;
  if (link.timesheet_id) return `/${spaceId}/timesheets`;
  if (link.chat_id) return `/${spaceId}/home?chat=${link.chat_id}`;
  return `/${spaceId}/home`;
}

/** A notice as a message of the recipient's Notices chat: its text in their language. */
interface MessengerNote {
  noticeId: string;
  text: string;
}

/** The tag of a Notices chat message: the notice it stands for (the client opens it from there). */
export const noticeTag = (noticeId: string): string => `notice:${noticeId}`;

/** The member's own Notices chat (kind notices), made on first use; the member joins it. */
export async function noticesChatOf(ctx: AppContext, spaceId: string, userId: string): Promise<string> {
  await ctx.db
    .insertInto('chats')
    .values({ space_id: spaceId, kind: 'notices', user_a: userId })
    .onConflict((o) => o.columns(['space_id', 'user_a']).where('kind', '=', 'notices').doNothing())
    .execute();
  const chat = await ctx.db
    .selectFrom('chats')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('kind', '=', 'notices')
    .where('user_a', '=', userId)
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('chat_members')
    .values({ space_id: spaceId, chat_id: chat.id, user_id: userId })
    .onConflict((o) => o.doNothing())
    .execute();
  return chat.id;
}

/**
 * The product's channel: the notices as messages without an author in the member's Notices chat
 * (one INSERT), announced by one live `chat_message_created` to that member (the newest).
 */
async function postToNoticesChat(ctx: AppContext, spaceId: string, userId: string, notes: MessengerNote[]) {
  if (notes.length === 0) return;
  const chatId = await noticesChatOf(ctx, spaceId, userId);
  const rows = await ctx.db
    .insertInto('chat_messages')
    .values(
      notes.map((n) => ({
        space_id: spaceId,
        chat_id: chatId,
        author_id: null,
        text: n.text,
        tag: noticeTag(n.noticeId),
      })),
    )
    .returning(['id', 'text', 'tag', 'created_at'])
    .execute();
  const last = rows.reduce((a, b) => (Number(b.id) > Number(a.id) ? b : a));
  const message = {
    id: Number(last.id),
    chat_id: chatId,
    author_id: null,
    text: last.text,
    tag: last.tag,
    reply_to: null,
    created_at: new Date(last.created_at).toISOString(),
    edited_at: null,
    deleted: false,
    reactions: [],
    attachments: [],
  };
  ctx.events.publish({
    event: 'chat_message_created',
    space_id: spaceId,
    ids: [chatId],
    payload: {
      author_id: null,
      chat_id: chatId,
      tag: last.tag,
      text: preview(last.text),
      message,
      author_login: '',
      author_avatar_url: null,
    },
    to: [userId],
  });
}

export async function notify(ctx: AppContext, drafts: NoticeDraft[]): Promise<void> {
  const wanted = drafts.filter((d) => d.userId !== d.actorId);
  if (wanted.length === 0) return;
  const { db } = ctx;
  try {
    const spaceIds = [...new Set(wanted.map((d) => d.spaceId))];
    const members = await db
      .selectFrom('space_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .innerJoin('spaces as s', 's.id', 'm.space_id')
      .select([
        'm.space_id',
        'm.user_id',
        'u.email',
        'u.notification_channels',
        'u.language',
        's.default_language',
        's.name',
      ])
      .where('m.space_id', 'in', spaceIds)
      .where('m.user_id', 'in', [...new Set(wanted.map((d) => d.userId))])
      .execute();
    const memberOf = new Map(members.map((m) => [`${m.space_id}/${m.user_id}`, m]));
    // A version's notice links its schedule too (the schedule page opens by schedule id).
    const versionIds = [
      ...new Set(wanted.flatMap((d) => (d.link?.version_id && !d.link.eps_id ? [d.link.version_id] : []))),
    ];
    const scheduleOf = new Map(
      versionIds.length
        ? (
            await db
              .selectFrom('versions')
              .select(['id', 'schedule_id'])
              .where('space_id', 'in', spaceIds)
              .where('id', 'in', versionIds)
              .execute()
          ).map((v) => [v.id, v.schedule_id])
        : [],
    );
    for (const d of wanted)
      if (d.link?.version_id && !d.link.eps_id && scheduleOf.has(d.link.version_id))
        d.link = { ...d.link, eps_id: scheduleOf.get(d.link.version_id)! };
    // One INSERT per batch of rows, the columns as arrays (unnest): eight parameters whatever the
    // batch's size (an import can make a thousand notices). Ids are made here so the rows a dedup
    // key skipped are known by the ids that did not come back.
    const ready = wanted.flatMap((d) => {
      const m = memberOf.get(`${d.spaceId}/${d.userId}`);
      return m ? [{ d, m, id: randomUUID() }] : [];
    });
    const inserted = new Map<string, Date>();
    for (let i = 0; i < ready.length; i += NOTICE_BATCH) {
      const batch = ready.slice(i, i + NOTICE_BATCH);
      const col = <T>(f: (r: (typeof batch)[number]) => T) => batch.map(f);
      const { rows } = await sql<{ id: string; created_at: Date }>`
        INSERT INTO notices (space_id, id, user_id, type, params, link, actor_id, dedup)
        SELECT s, i, u, t, p::jsonb, l::jsonb, a, k
        FROM unnest(${col((r) => r.d.spaceId)}::uuid[], ${col((r) => r.id)}::uuid[],
          ${col((r) => r.d.userId)}::uuid[], ${col((r) => r.d.type)}::text[],
          ${col((r) => JSON.stringify(r.d.params ?? {}))}::text[],
          ${col((r) => JSON.stringify(r.d.link ?? {}))}::text[],
          ${col((r) => r.d.actorId ?? null)}::uuid[], ${col((r) => r.d.dedup ?? null)}::text[])
          AS x(s, i, u, t, p, l, a, k)
        ON CONFLICT (space_id, user_id, dedup) WHERE dedup IS NOT NULL DO NOTHING
        RETURNING id, created_at`.execute(db);
      for (const r of rows) inserted.set(r.id, new Date(r.created_at));
    }
    // Site delivery: one live event per user and call — the newest notice, with `count` when it
    // stands for more (an import's hundred to one member is one event, not a hundred NOTIFYs).
    const live = new Map<string, { d: NoticeDraft; id: string; createdAt: Date; count: number }>();
    const messenger = new Map<string, { spaceId: string; userId: string; notes: MessengerNote[] }>();
    for (const { d, m, id } of ready) {
      const createdAt = inserted.get(id);
      if (!createdAt) continue; // already produced (dedup)
      const how = deliveryOf(d.channels ?? m.notification_channels);
      const lang: ServerLang = (m.language ?? m.default_language) === 'ru' ? 'ru' : 'en';
      if (how.site) {
        const key = `${d.spaceId}/${d.userId}`;
        live.set(key, { d, id, createdAt, count: (live.get(key)?.count ?? 0) + 1 });
      }
      if (how.messenger) {
        const key = `${d.spaceId}/${d.userId}`;
        const to = messenger.get(key) ?? { spaceId: d.spaceId, userId: d.userId, notes: [] };
        to.notes.push({ noticeId: id, text: translate(lang, noticeTextKey(d), d.params ?? {}) });
        messenger.set(key, to);
      }
      if (how.email && ctx.config.smtpUrl) {
        const subject = `${m.name}: ${translate(lang, noticeTextKey(d), d.params ?? {})}`;
        const text = `${subject}\n\n${translate(lang, 'notice.open')}: ${noticePath(d.spaceId, d.link ?? {})}\n`;
        void transportOf(ctx.config.smtpUrl)
          .sendMail({ from: ctx.config.smtpFrom, to: m.email, subject, text })
          .then(() =>
            db
              .updateTable('notices')
              .set({ emailed_at: sql`now()` })
              .where('space_id', '=', d.spaceId)
              .where('id', '=', id)
              .execute(),
          )
          .catch(() => undefined);
      }
    }
    for (const { d, id, createdAt, count } of live.values())
      ctx.events.publish({
        event: 'notice_created',
        space_id: d.spaceId,
        ids: [id],
        payload: {
          id,
          type: d.type,
          params: d.params ?? {},
          link: d.link ?? {},
          actor_id: d.actorId ?? null,
          read: false,
          checked: false,
          created_at: createdAt.toISOString(),
          ...(count > 1 ? { count } : {}),
        },
        to: [d.userId],
      });
    for (const to of messenger.values()) await postToNoticesChat(ctx, to.spaceId, to.userId, to.notes);
  } catch {
    // A notice is a side effect: the change that caused it stands.
  }
}

/**
 * The rows' executors: users whose resources are assigned to the given rows of a version (with
 * the assignment), and each row's named executor (wbs_people, no assignment).
 */
export async function assignedUsers(
  ctx: AppContext,
  spaceId: string,
  versionId: string,
  wbsIds: readonly string[],
): Promise<{ wbs_id: string; user_id: string; assignment_id: string | null }[]> {
  if (wbsIds.length === 0) return [];
  const [assigned, named] = await Promise.all([
    ctx.db
      .selectFrom('version_assignments as a')
      .innerJoin('version_resources as vr', (j) =>
        j
          .onRef('vr.space_id', '=', 'a.space_id')
          .onRef('vr.version_id', '=', 'a.version_id')
          .onRef('vr.id', '=', 'a.resource_id'),
      )
      .innerJoin('resources as r', (j) =>
        j.onRef('r.space_id', '=', 'vr.space_id').onRef('r.id', '=', 'vr.resource_id'),
      )
      .select(['a.wbs_id', 'r.user_id', 'a.id as assignment_id'])
      .where('a.space_id', '=', spaceId)
      .where('a.version_id', '=', versionId)
      .where('a.wbs_id', 'in', [...wbsIds])
      .where('r.user_id', 'is not', null)
      .execute() as Promise<{ wbs_id: string; user_id: string; assignment_id: string }[]>,
    ctx.db
      .selectFrom('wbs_people')
      .select(['wbs_id', 'executor_id'])
      .where('space_id', '=', spaceId)
      .where('version_id', '=', versionId)
      .where('wbs_id', 'in', [...wbsIds])
      .where('executor_id', 'is not', null)
      .execute(),
  ]);
  // A named executor who is also assigned is told once (with the assignment).
  const seen = new Set(assigned.map((a) => `${a.wbs_id}/${a.user_id}`));
  return [
    ...assigned,
    ...named
      .filter((n) => !seen.has(`${n.wbs_id}/${n.executor_id}`))
      .map((n) => ({ wbs_id: n.wbs_id, user_id: n.executor_id!, assignment_id: null })),
  ];
}

// Services that get the hub but not the whole context (wdp-store) reach the notifier through it.
const contexts = new WeakMap<object, AppContext>();
export const bindNotices = (ctx: AppContext): void => void contexts.set(ctx.events, ctx);
export function notifyVia(events: object, drafts: () => Promise<NoticeDraft[]>): void {
  const ctx = contexts.get(events);
  if (!ctx) return;
  void drafts()
    .then((d) => notify(ctx, d))
    .catch(() => undefined);
}

/** Notices to the members assigned to rows of a version (their resources' users). */
export async function rowNotices(
  ctx: AppContext,
  spaceId: string,
  versionId: string,
  kinds: readonly { rowId: string; type: NoticeType }[],
  actorId: string | null,
): Promise<NoticeDraft[]> {
  if (kinds.length === 0) return [];
  const users = await assignedUsers(ctx, spaceId, versionId, [...new Set(kinds.map((k) => k.rowId))]);
  if (users.length === 0) return [];
  const names = new Map(
    (
      await ctx.db
        .selectFrom('wbs_items')
        .select(['id', 'name'])
        .where('space_id', '=', spaceId)
        .where('version_id', '=', versionId)
        .where(
          'id',
          'in',
          users.map((u) => u.wbs_id),
        )
        .execute()
    ).map((r) => [r.id, r.name]),
  );
  return kinds.flatMap((k) =>
    users
      .filter((u) => u.wbs_id === k.rowId)
      .map((u) => ({
        spaceId,
        userId: u.user_id,
        type: k.type,
        actorId,
        params: { task: names.get(k.rowId) ?? '' },
        link: {
          version_id: versionId,
          wbs_id: k.rowId,
          ...(u.assignment_id ? { assignment_id: u.assignment_id } : {}),
        },
      })),
  );
}

/**
 * assignment_created / assignment_changed to the member a saved assignment's resource stands for;
 * `'all'`: every assignment of the version is new (an imported version).
 */
export async function assignmentNoticeDrafts(
  ctx: AppContext,
  spaceId: string,
  versionId: string,
  assignmentIds: readonly string[] | 'all',
  created: ReadonlySet<string> | 'all',
  actorId: string | null,
): Promise<NoticeDraft[]> {
  if (assignmentIds.length === 0) return [];
  // In steps from the few resources that stand for members, never one join over the version's
  // assignments: right after an import the tables' statistics are stale (PGlite has no
  // autovacuum) and the planner chose nested loops with a scan per assignment (7.8 s for 10,000).
  const people = await ctx.db
    .selectFrom('resources')
    .select(['id', 'user_id', 'name'])
    .where('space_id', '=', spaceId)
    .where('user_id', 'is not', null)
    .execute();
  if (people.length === 0) return [];
  const personOf = new Map(people.map((p) => [p.id, p]));
  const versionResources = await ctx.db
    .selectFrom('version_resources')
    .select(['id', 'resource_id'])
    .where('space_id', '=', spaceId)
    .where('version_id', '=', versionId)
    .where('resource_id', 'in', [...personOf.keys()])
    .execute();
  if (versionResources.length === 0) return [];
  const vrPerson = new Map(versionResources.map((v) => [v.id, personOf.get(v.resource_id!)!]));
  let q = ctx.db
    .selectFrom('version_assignments')
    .select(['id', 'wbs_id', 'resource_id'])
    .where('space_id', '=', spaceId)
    .where('version_id', '=', versionId)
    .where('resource_id', 'in', [...vrPerson.keys()]);
  if (assignmentIds !== 'all') q = q.where('id', 'in', [...assignmentIds]);
  const found = await q.execute();
  const wbsIds = [...new Set(found.map((a) => a.wbs_id))];
  const taskOf = new Map<string, string>();
  for (let i = 0; i < wbsIds.length; i += 1000) {
    const part = await ctx.db
      .selectFrom('wbs_items')
      .select(['id', 'name'])
      .where('space_id', '=', spaceId)
      .where('version_id', '=', versionId)
      .where('id', 'in', wbsIds.slice(i, i + 1000))
      .execute();
    for (const w of part) taskOf.set(w.id, w.name);
  }
  const rows = found.flatMap((a) => {
    const person = vrPerson.get(a.resource_id);
    const task = taskOf.get(a.wbs_id);
    return person && task !== undefined
      ? [{ id: a.id, wbs_id: a.wbs_id, user_id: person.user_id, resource: person.name, task }]
      : [];
  });
  return rows.map((r) => ({
    spaceId,
    userId: r.user_id!,
    type:
      created === 'all' || created.has(r.id)
        ? ('assignment_created' as const)
        : ('assignment_changed' as const),
    actorId,
    params: { task: r.task, resource: r.resource },
    link: { version_id: versionId, wbs_id: r.wbs_id, assignment_id: r.id },
  }));
}

/** The notices of these assignments (assignment_created / _changed) to the members they stand for. */
export async function assignmentNotices(
  ctx: AppContext,
  spaceId: string,
  versionId: string,
  assignmentIds: readonly string[] | 'all',
  created: ReadonlySet<string> | 'all',
  actorId: string | null,
): Promise<void> {
  await notify(ctx, await assignmentNoticeDrafts(ctx, spaceId, versionId, assignmentIds, created, actorId));
}

/** A day of the engine's minutes (minutes since 2000-01-01 UTC) as YYYY-MM-DD. */
export const engineDateText = (minutes: number) =>
  new Date(Date.UTC(2000, 0, 1) + minutes * 60_000).toISOString().slice(0, 10);

/**
 * The finishes (ef) of a version's rows that have an assigned member, read before a calculation
 * writes new ones (assignment_date_delay compares them with the result).
 */
export async function assignedFinishes(
  db: AppContext['db'],
  spaceId: string,
  versionId: string,
): Promise<Map<string, number | null>> {
  const rows = await db
    .selectFrom('wbs_items as w')
    .select(['w.id', 'w.ef'])
    .where('w.space_id', '=', spaceId)
    .where('w.version_id', '=', versionId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('version_assignments as a')
          .innerJoin('version_resources as vr', (j) =>
            j
              .onRef('vr.space_id', '=', 'a.space_id')
              .onRef('vr.version_id', '=', 'a.version_id')
              .onRef('vr.id', '=', 'a.resource_id'),
          )
          .innerJoin('resources as r', (j) =>
            j.onRef('r.space_id', '=', 'vr.space_id').onRef('r.id', '=', 'vr.resource_id'),
          )
          .select('a.id')
          .whereRef('a.space_id', '=', 'w.space_id')
          .whereRef('a.version_id', '=', 'w.version_id')
          .whereRef('a.wbs_id', '=', 'w.id')
          .where('r.user_id', 'is not', null),
      ),
    )
    .execute();
  // Rows with a named executor count too (their executor hears of a delay).
  const named = await db
    .selectFrom('wbs_items as w')
    .innerJoin('wbs_people as p', (j) =>
      j
        .onRef('p.space_id', '=', 'w.space_id')
        .onRef('p.version_id', '=', 'w.version_id')
        .onRef('p.wbs_id', '=', 'w.id'),
    )
    .select(['w.id', 'w.ef'])
    .where('w.space_id', '=', spaceId)
    .where('w.version_id', '=', versionId)
    .where('p.executor_id', 'is not', null)
    .execute();
  return new Map([...rows, ...named].map((r) => [r.id, r.ef === null ? null : Number(r.ef)]));
}

/** assignment_date_delay to the members assigned to rows whose finish moved later. */
export async function delayNotices(
  ctx: AppContext,
  spaceId: string,
  versionId: string,
  delayed: readonly { rowId: string; ef: number }[],
  actorId: string | null,
): Promise<NoticeDraft[]> {
  const drafts = await rowNotices(
    ctx,
    spaceId,
    versionId,
    delayed.map((d) => ({ rowId: d.rowId, type: 'assignment_date_delay' as const })),
    actorId,
  );
  const finish = new Map(delayed.map((d) => [d.rowId, d.ef]));
  return drafts.map((d) => {
    const ef = finish.get(d.link!.wbs_id!)!;
    // Once per row and new finish: a second calculation with the same result says nothing new.
    return {
      ...d,
      params: { ...d.params, date: engineDateText(ef) },
      dedup: `assignment_date_delay:${versionId}:${d.link!.wbs_id}:${ef}`,
    };
  });
}

/**
 * task_need_accept_expert_data: rows of a version with a named curator whose calculated dates wait
 * for the curator's acceptance (never accepted, or moved since: PATCH
 * versions/{id}/accepted-curator-dates). Once per row and proposed dates.
 */
export async function expertDataNotices(
  ctx: AppContext,
  spaceId: string,
  versionId: string,
  actorId: string | null,
  // Only these rows; `again`: a key part that asks once more for dates asked for before (an
  // acceptance withdrawn wants them accepted again).
  opts: { rows?: readonly string[]; again?: string } = {},
): Promise<NoticeDraft[]> {
  if (opts.rows && opts.rows.length === 0) return [];
  let q = ctx.db
    .selectFrom('wbs_people as p')
    .innerJoin('wbs_items as w', (j) =>
      j
        .onRef('w.space_id', '=', 'p.space_id')
        .onRef('w.version_id', '=', 'p.version_id')
        .onRef('w.id', '=', 'p.wbs_id'),
    )
    .leftJoin('curator_dates as c', (j) =>
      j
        .onRef('c.space_id', '=', 'p.space_id')
        .onRef('c.version_id', '=', 'p.version_id')
        .onRef('c.wbs_id', '=', 'p.wbs_id'),
    )
    .select(['w.id', 'w.name', 'w.es', 'w.ef', 'p.curator_id'])
    .where('p.space_id', '=', spaceId)
    .where('p.version_id', '=', versionId)
    .where('p.curator_id', 'is not', null)
    .where('w.es', 'is not', null)
    .where('w.ef', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('c.wbs_id', 'is', null),
        eb('c.accepted_start', '<>', eb.ref('w.es')),
        eb('c.accepted_finish', '<>', eb.ref('w.ef')),
      ]),
    );
  if (opts.rows) q = q.where('w.id', 'in', [...opts.rows]);
  const rows = await q.execute();
  const again = opts.again ? `:${opts.again}` : '';
  return rows.map((r) => ({
    spaceId,
    userId: r.curator_id!,
    type: 'task_need_accept_expert_data' as const,
    actorId,
    params: { task: r.name },
    link: { version_id: versionId, wbs_id: r.id },
    dedup: `task_need_accept_expert_data:${versionId}:${r.id}:${r.es}:${r.ef}${again}`,
  }));
}

/**
 * The member a version's proposed dates come from, who hears that they were accepted: the user
 * of its latest finished calculation, else of the import that wrote it (null: neither is known).
 */
export async function versionOwner(
  ctx: AppContext,
  spaceId: string,
  versionId: string,
): Promise<string | null> {
  const job = await ctx.db
    .selectFrom('jobs')
    .select(['user_id', 'type'])
    .where('space_id', '=', spaceId)
    .where('version_id', '=', versionId)
    .where('type', 'in', ['calculate_timetable', 'import_version'])
    .where('state', '=', 'done')
    .where('user_id', 'is not', null)
    .orderBy('finished_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  // A calculation proposes the dates an import's file brought.
  return (job.find((j) => j.type === 'calculate_timetable') ?? job[0])?.user_id ?? null;
}

/**
 * assignment_accepted (variant curator_dates): a curator accepted proposed dates of a version's
 * rows — to the version's owner (versionOwner), one notice per acceptance naming the first row and
 * how many rows.
 */
export async function curatorAcceptedNotices(
  ctx: AppContext,
  spaceId: string,
  versionId: string,
  rowIds: readonly string[],
  actorId: string,
): Promise<NoticeDraft[]> {
  if (rowIds.length === 0) return [];
  const owner = await versionOwner(ctx, spaceId, versionId);
  if (!owner) return [];
  const [first, actor] = await Promise.all([
    ctx.db
      .selectFrom('wbs_items')
      .select('name')
      .where('space_id', '=', spaceId)
      .where('version_id', '=', versionId)
      .where('id', '=', rowIds[0]!)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'login'])
      .where('id', '=', actorId)
      .executeTakeFirst(),
  ]);
  return [
    {
      spaceId,
      userId: owner,
      type: 'assignment_accepted',
      actorId,
      params: {
        variant: 'curator_dates',
        task: first?.name ?? '',
        count: rowIds.length,
        user: actor ? `${actor.first_name} ${actor.last_name}`.trim() || actor.login : '',
      },
      link: { version_id: versionId, wbs_id: rowIds[0]! },
    },
  ];
}

export const noticeContext = (events: object): AppContext | undefined => contexts.get(events);
