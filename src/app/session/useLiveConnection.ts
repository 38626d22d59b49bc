import { useEffect } from 'react';
import { useSession } from '../../state/session';
import { liveEvents } from '../api/live';

/** Keep the one live-event socket open while a token exists. */
export function useLiveConnection(): void {
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) return;
    liveEvents.connect(token);
    return () => liveEvents.disconnect();
  }, [token]);
}
