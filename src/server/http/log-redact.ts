// The request log never holds a secret: token-like query parameters (the live socket's old
// `?token=`, a reset token) are written as [redacted]. Headers are not logged at all.
import type { FastifyServerOptions } from 'fastify';

const SECRET_PARAMS = /([?&](?:token|reset_token|access_token|password)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** Fastify's logger options: its usual request line with the URL redacted. */
export function loggerOptions(
  stream?: NodeJS.WritableStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.hostname,
        remoteAddress: req.ip,
      }),
    },
  };
}
