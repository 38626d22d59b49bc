// Live events: WebSocket at /api/v1/events?token=<bearer token>. The server sends JSON messages of
// the spaces the user is a member of; the client sends nothing but pings.
import { z } from 'zod';

export const EVENTS_PATH = '/api/v1/events';
/** The socket's token travels as the subprotocol after this one (never in the URL or a log). */
export const EVENTS_SUBPROTOCOL = 'bearer';

export const EventName = z.enum([
  'eps_updated',
  'version_updated',
  'space_updated',
  'members_updated',
  'calendars_updated',
  'import',
  'export',
  'timetable_calculate',
  'resource_level',
  'chat_message_created',
  'chat_message_updated',
  'notice_created',
  'batch_start',
  'batch_progress',
  'batch_finish',
  /** A backup of a schedule was made (its job), deleted or restored (issue 21). */
  'backup',
  /** A row's executor or curator was named or cleared (payload: wbs_id, executor_id, curator_id). */
  'row_people_updated',
  /** A comment or photo of an EPS node was added, edited or removed (ids: the node; issue 26). */
  'gallery_updated',
]);
export type EventName = z.infer<typeof EventName>;

export const LiveEvent = z.object({
  event: EventName,
  space_id: z.uuid(),
  /** Ids the event concerns (nodes, versions, users …). */
  ids: z.array(z.string()),
  payload: z.record(z.string(), z.unknown()),
  /** Server side only: the members it goes to (a direct chat, a notice); all members without it. */
  to: z.array(z.string()).optional(),
});
export type LiveEvent = z.infer<typeof LiveEvent>;
