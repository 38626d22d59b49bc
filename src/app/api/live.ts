// The app's single live-event connection: an unreachable server leads to /disconnect, a refused
// token to the sign-in screen (as a 401 would).
import { goDisconnected, performDecision } from './effects';
import { LiveEvents } from './events';

export const liveEvents = new LiveEvents({
  onUnreachable: goDisconnected,
  onUnauthorized: () => performDecision({ kind: 'to-login' }, true),
});
