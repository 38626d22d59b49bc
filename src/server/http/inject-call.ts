// A contract route called in-process (Fastify's inject), as the integration tests and the
// benchmarks call the server without a socket: `:name` path segments from params, the session
// token and the space header, a JSON body.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API_PREFIX } from '../../api/route';
import type { RouteDef } from '../../api/route';

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  token?: string;
  space?: string;
  headers?: Record<string, string>;
}

/** Calls a contract route by its definition, filling `:name` path segments from params. */
export function injectCall(
  app: FastifyInstance,
  def: RouteDef,
  o: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const url =
    API_PREFIX +
    def.path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(o.params?.[k] ?? `missing-${k}`));
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.space) headers['space-id'] = o.space;
  return app.inject({
    method: def.method,
    url,
    query: o.query,
    headers,
    ...(o.body !== undefined ? { payload: o.body as object } : {}),
  });
}
