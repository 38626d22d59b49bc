// The app's single live-event connection; an unreachable server leads to /disconnect.
import { goDisconnected } from './effects';
import { LiveEvents } from './events';

export const liveEvents = new LiveEvents({ onUnreachable: goDisconnected, onOpen: () => undefined });
