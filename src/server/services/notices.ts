// Producing notices (issue 26): one row per recipient, then delivery on the channels the
// recipient chose in the profile — `site` as a live `notice_created` event to that user only,
// `corporate` as an email through SMTP (SMTP_URL). A notice never goes to the user who caused it,
// nor to someone outside the space. Delivery failures never fail the request that caused them.
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { sql } from 'kysely';
import type { NoticeLink } from '../../api/collab';
import { deliveryOf } from '../../domain/collab';
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
}

/** Notices written per INSERT statement. */
const NOTICE_BATCH = 500;

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
    // One INSERT per batch of rows (an import can make a thousand notices); ids are made here so
    // the rows a dedup key skipped are known by the ids that did not come back.
    const ready = wanted.flatMap((d) => {
      const m = memberOf.get(`${d.spaceId}/${d.userId}`);
      return m ? [{ d, m, id: randomUUID() }] : [];
    });
    const inserted = new Map<string, Date>();
    for (let i = 0; i < ready.length; i += NOTICE_BATCH) {
      const batch = ready.slice(i, i + NOTICE_BATCH);
      const rows = await db
        .insertInto('notices')
        .values(
          batch.map(({ d, id }) => ({
            space_id: d.spaceId,
            id,
            user_id: d.userId,
            type: d.type,
            params: JSON.stringify(d.params ?? {}),
            link: JSON.stringify(d.link ?? {}),
            actor_id: d.actorId ?? null,
            dedup: d.dedup ?? null,
          })),
        )
        .onConflict((o) =>
          o.columns(['space_id', 'user_id', 'dedup']).where('dedup', 'is not', null).doNothing(),
        )
        .returning(['id', 'created_at'])
        .execute();
      for (const r of rows) inserted.set(r.id, r.created_at);
    }
    for (const { d, m, id } of ready) {
      const createdAt = inserted.get(id);
      if (!createdAt) continue; // already produced (dedup)
      const row = { id, created_at: createdAt };
      const how = deliveryOf(m.notification_channels);
      if (how.site)
        ctx.events.publish({
          event: 'notice_created',
          space_id: d.spaceId,
          ids: [row.id],
          payload: {
            id: row.id,
            type: d.type,
            params: d.params ?? {},
            link: d.link ?? {},
            actor_id: d.actorId ?? null,
            read: false,
            checked: false,
            created_at: row.created_at.toISOString(),
          },
          to: [d.userId],
        });
      if (how.email && ctx.config.smtpUrl) {
        const lang: ServerLang = m.default_language === 'ru' ? 'ru' : 'en';
        const subject = `${m.name}: ${translate(lang, `notice.${d.type}`, d.params ?? {})}`;
        const text = `${subject}\n\n${translate(lang, 'notice.open')}: ${noticePath(d.spaceId, d.link ?? {})}\n`;
        void transportOf(ctx.config.smtpUrl)
          .sendMail({ from: ctx.config.smtpFrom, to: m.email, subject, text })
          .then(() =>
            db
              .updateTable('notices')
              .set({ emailed_at: sql`now()` })
              .where('space_id', '=', d.spaceId)
              .where('id', '=', row.id)
              .execute(),
          )
          .catch(() => undefined);
      }
    }
  } catch {
    // A notice is a side effect: the change that caused it stands.
  }
}

/** Users whose resources are assigned to the given rows of a version (the rows' executors). */
export async function assignedUsers(
  ctx: AppContext,
  spaceId: string,
  versionId: string,
  wbsIds: readonly string[],
): Promise<{ wbs_id: string; user_id: string; assignment_id: string }[]> {
  if (wbsIds.length === 0) return [];
  return ctx.db
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
    .execute() as Promise<{ wbs_id: string; user_id: string; assignment_id: string }[]>;
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
        link: { version_id: versionId, wbs_id: k.rowId, assignment_id: u.assignment_id },
      })),
  );
}

/**
 * assignment_created / assignment_changed to the member a saved assignment's resource stands for;
 * `'all'`: every assignment of the version is new (an imported version).
 */
export async function assignmentNotices(
  ctx: AppContext,
  spaceId: string,
  versionId: string,
  assignmentIds: readonly string[] | 'all',
  created: ReadonlySet<string> | 'all',
  actorId: string | null,
): Promise<void> {
  if (assignmentIds.length === 0) return;
  let q = ctx.db
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
    .innerJoin('wbs_items as w', (j) =>
      j
        .onRef('w.space_id', '=', 'a.space_id')
        .onRef('w.version_id', '=', 'a.version_id')
        .onRef('w.id', '=', 'a.wbs_id'),
    )
    .select(['a.id', 'a.wbs_id', 'r.user_id', 'r.name as resource', 'w.name as task'])
    .where('a.space_id', '=', spaceId)
    .where('a.version_id', '=', versionId)
    .where('r.user_id', 'is not', null);
  if (assignmentIds !== 'all') q = q.where('a.id', 'in', [...assignmentIds]);
  const rows = await q.execute();
  await notify(
    ctx,
    rows.map((r) => ({
      spaceId,
      userId: r.user_id!,
      type:
        created === 'all' || created.has(r.id)
          ? ('assignment_created' as const)
          : ('assignment_changed' as const),
      actorId,
      params: { task: r.task, resource: r.resource },
      link: { version_id: versionId, wbs_id: r.wbs_id, assignment_id: r.id },
    })),
  );
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
  return new Map(rows.map((r) => [r.id, r.ef === null ? null : Number(r.ef)]));
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

export const noticeContext = (events: object): AppContext | undefined => contexts.get(events);
