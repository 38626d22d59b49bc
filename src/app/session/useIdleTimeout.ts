import { useEffect } from 'react';
import { authRoutes } from '../../api/users';
import { useSession } from '../../state/session';
import { useSystem } from '../../state/system';
import { call } from '../api/call';
import { navigate } from '../navigation';
import { endForIdleness, endSessionLocally } from './auth';
import { createActivityThrottle, isIdle } from './idle';
import { postTabMessage } from './tabs';

const CHECK_EVERY_MS = 5000;
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const;

/** End the session here and in every tab (spec §4 idleness). */
export function expireSession(): void {
  endForIdleness();
  void call(authRoutes.logout, {}, { silent: true }).catch(() => undefined);
  postTabMessage({ type: 'idleness' });
  // Leave the guarded screen first: dropping the token there would redirect to the sign-in screen.
  void navigate('/auth/idleness', { replace: true }).then(endSessionLocally);
}

/**
 * While signed in: mouse and keyboard activity (at most once a second) moves the activity date
 * here and in the other tabs; after the space's (else the system state's) minutes without it, the
 * session ends.
 */
export function useIdleTimeout(): void {
  const token = useSession((s) => s.token);
  // The open space's time-out (administration settings) wins over the deployment's.
  const minutes = useSystem((s) => s.spaceIdleMinutes ?? s.systemState?.idle_timeout_minutes);
  useEffect(() => {
    if (!token || !minutes) return;
    const system = useSystem.getState();
    system.setActivityDate(Date.now());
    const record = createActivityThrottle((at) => {
      useSystem.getState().setActivityDate(at);
      postTabMessage({ type: 'idleness-updated', at });
    });
    const onActivity = () => record(Date.now());
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    const interval = window.setInterval(() => {
      if (isIdle(useSystem.getState().activityDate, minutes, Date.now())) expireSession();
    }, CHECK_EVERY_MS);
    system.setInterval(interval);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      window.clearInterval(interval);
      useSystem.getState().setInterval(null);
    };
  }, [token, minutes]);
}
