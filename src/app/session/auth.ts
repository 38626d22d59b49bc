// Session life cycle: start after login, restore at start-up, end on logout, idleness or 401.
// The token lives in the session store and in browser storage; other tabs hear about changes.
import type { Session, User } from '../../api/users';
import { useSession } from '../../state/session';
import { useSystem } from '../../state/system';
import { browserStore } from './storage';
import { postTabMessage } from './tabs';

function toSessionUser(u: User) {
  return { id: u.id, login: u.login, email: u.email, first_name: u.first_name, last_name: u.last_name };
}

/**
 * Set while this tab ends the session for idleness: the server's 401s and the live socket's
 * refusal that follow the logout must not send it to the sign-in screen instead of /auth/idleness.
 */
let endingForIdleness = false;

export function endForIdleness(): void {
  endingForIdleness = true;
}

export function isEndingForIdleness(): boolean {
  return endingForIdleness;
}

/** After login or registration: keep the token, tell the other tabs. */
export function startSession(s: Session, broadcast = true): void {
  endingForIdleness = false;
  browserStore().setToken(s.token);
  useSession.getState().setToken(s.token);
  useSession.getState().setUser(toSessionUser(s.user));
  useSystem.getState().setActivityDate(Date.now());
  if (broadcast) postTabMessage({ type: 'auth', token: s.token, userId: s.user.id });
}

export function setUser(u: User): void {
  useSession.getState().setUser(toSessionUser(u));
}

/** Adopt a token another tab (or an external sign-in) obtained. */
export function adoptToken(token: string): void {
  endingForIdleness = false;
  browserStore().setToken(token);
  useSession.getState().setToken(token);
}

/** Forget the session locally: token out of storage and store. */
export function endSessionLocally(): void {
  browserStore().removeToken();
  useSession.getState().clear();
}

/** Where a signed-in user lands: the last used space, else the space chooser. */
export function landingPath(userId: string | undefined): string {
  const last = userId ? browserStore().getLastSpace(userId) : null;
  return last ? `/${last}` : '/auth/select-space';
}

export function rememberSpace(spaceId: string): void {
  const user = useSession.getState().user;
  if (user) browserStore().setLastSpace(user.id, spaceId);
}

export function forgetSpace(): void {
  const user = useSession.getState().user;
  if (user) browserStore().removeLastSpace(user.id);
}
