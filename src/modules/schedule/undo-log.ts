// The version's undo log as the history dialog shows it: its pages, who made each action (the
// log gives a user id; the space's members give the name), the action's text, and what a failed
// restore says.

import { api } from '../../api';
import type { Member } from '../../api/spaces';
import type { UndoAction } from '../../api/wbs-batch';
import { call } from '../../app/api/call';
import { ApiError, errorItems } from '../../app/api/errors';

/** Actions per page: entries carry their patches (a paste's can be large), so pages stay small. */
export const UNDO_PAGE_SIZE = 25;

export interface UndoPage {
  readonly items: readonly UndoAction[];
  readonly next_offset: number | null;
}

type T = (key: string, params?: Record<string, unknown>) => string;

export function readUndoPage(versionId: string, offset: number): Promise<UndoPage> {
  return call(api.wbsBatch.undoActions, {
    params: { id: versionId },
    query: { offset, limit: UNDO_PAGE_SIZE },
  });
}

/**
 * Undo the action and every later one on the server. 404 and 409 are left to the caller (it says
 * what they mean here); any other failure gets the app's error toast.
 */
export function restoreUndoAction(versionId: string, actionId: string): Promise<unknown> {
  return call(api.wbsBatch.restore, { params: { id: versionId, actionId } }, { silent: [404, 409] });
}

/** Names of the space's members by user id (empty when they cannot be read: ids are shown then). */
export async function readMemberNames(spaceId: string): Promise<ReadonlyMap<string, string>> {
  try {
    const members = await call(api.space.users, { params: { space_id: spaceId } }, { silent: true });
    return new Map(members.map((m) => [m.user_id, memberName(m)]));
  } catch {
    return new Map();
  }
}

export function memberName(m: Pick<Member, 'login' | 'first_name' | 'last_name'>): string {
  return `${m.first_name} ${m.last_name}`.trim() || m.login;
}

/** Who made an action: the member's name, else the user id as stored, else null (no user). */
export function whoText(userId: string | null, names: ReadonlyMap<string, string>): string | null {
  if (!userId) return null;
  return names.get(userId) ?? userId;
}

/** What an action did: a command's label key (cmd.edit …) translated, anything else as stored. */
export function whatText(label: string, t: T, exists: (key: string) => boolean): string {
  return label && exists(label) ? t(label) : label;
}

/** The message of a restore the server refused (404, 409), or null for other failures. */
export function restoreErrorText(err: unknown, t: T): string | null {
  if (!(err instanceof ApiError)) return null;
  if (err.status === 404) return t('history.gone');
  if (err.status !== 409) return null;
  const codes = errorItems(err.body).map((i) => i.code);
  return t(codes.includes('version_locked') ? 'history.locked' : 'history.conflict');
}
