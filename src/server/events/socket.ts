// The live-event WebSocket: GET /api/v1/events?token=<bearer token> (browsers cannot set headers
// on a WebSocket). Closes with 4401 when the token is missing or expired.
import type { FastifyInstance } from 'fastify';
import { EVENTS_PATH } from '../../api/events';
import { resolveSession } from '../auth/tokens';
import type { AppContext } from '../context';

export function registerEventSocket(app: FastifyInstance, ctx: AppContext): void {
  app.get(EVENTS_PATH, { websocket: true, schema: { hide: true } }, async (socket, req) => {
    const token =
      new URL(req.url, 'http://x').searchParams.get('token') ??
      req.headers.authorization?.replace(/^Bearer\s+/i, '');
    const session = token ? await resolveSession(ctx.db, token, ctx.config.idleTimeoutMinutes) : null;
    if (!session) {
      socket.close(4401, 'Unauthorized');
      return;
    }
    const remove = ctx.events.add(session.userId, socket);
    socket.on('message', (data) => {
      if (String(data) === 'ping') socket.send('pong');
    });
    socket.on('close', remove);
  });
}
