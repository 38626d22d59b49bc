// The live-event WebSocket: GET /api/v1/events. Browsers cannot set headers on a WebSocket, so
// the client names its token as a subprotocol (`Sec-WebSocket-Protocol: bearer, <token>`: it
// stays out of URLs and request logs); `?token=` and an Authorization header are still read.
// Closes with 4401 when the token is missing or expired, and later when the session ends
// (logout, a new password, idle expiry: the hub closes it).
import type { FastifyInstance } from 'fastify';
import { EVENTS_PATH, EVENTS_SUBPROTOCOL } from '../../api/events';
import { resolveSession } from '../auth/tokens';
import type { AppContext } from '../context';
import { CLOSE_SESSION_ENDED } from './hub';

/** The token a socket request carries: subprotocol, then query, then header. */
export function socketToken(
  url: string,
  headers: Record<string, string | string[] | undefined>,
): string | null {
  const protocols = String(headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim());
  const at = protocols.indexOf(EVENTS_SUBPROTOCOL);
  if (at >= 0 && protocols[at + 1]) return protocols[at + 1]!;
  const auth = typeof headers.authorization === 'string' ? headers.authorization : '';
  return new URL(url, 'http://x').searchParams.get('token') ?? (auth.replace(/^Bearer\s+/i, '') || null);
}

export function registerEventSocket(app: FastifyInstance, ctx: AppContext): void {
  app.get(EVENTS_PATH, { websocket: true, schema: { hide: true } }, async (socket, req) => {
    const token = socketToken(req.url, req.headers);
    const session = token ? await resolveSession(ctx.db, token, ctx.config.idleTimeoutMinutes) : null;
    if (!session) {
      socket.close(CLOSE_SESSION_ENDED, 'Unauthorized');
      return;
    }
    const remove = ctx.events.add(session.userId, socket, session.tokenHash);
    socket.on('message', (data) => {
      if (String(data) === 'ping') socket.send('pong');
    });
    socket.on('close', remove);
  });
}
