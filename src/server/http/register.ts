// Registers a contract route (src/api) with its handler: token check before validation (401 first),
// zod validation (400), space entry after validation (403/402), then the handler.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { moduleOfRoute } from '../../api';
import { SPACE_HEADER } from '../../api/common';
import type { BodyOf, ParamsOf, QueryOf, ResponseOf, RouteDef } from '../../api/route';
import { API_PREFIX } from '../../api/route';
import { enterSpace } from '../auth/space-access';
import type { SpaceAccess } from '../auth/space-access';
import { resolveSession } from '../auth/tokens';
import { subjectIds } from '../services/delegation';
import type { AppContext } from '../context';
import { HttpError, unauthorized } from '../errors';
import { pickLang } from '../i18n/messages';
import { spaceLimits } from '../storage/files';
import { incomingDir } from '../storage/storage';
import { receiveForm } from '../storage/upload';
import type { ReceivedFile } from '../storage/upload';
import { nulItem } from './nul-check';
import type { ServerLang } from '../i18n/messages';

/** A response body already serialised to JSON (large reads skip schema serialisation). */
export class RawJson {
  constructor(readonly text: string) {}
}
/** A JSON response already serialised and encoded, in parts sent one after the other. */
export class JsonParts {
  constructor(readonly parts: readonly Buffer[]) {}
}
/** A binary response. */
export class Binary {
  constructor(
    readonly data: Buffer,
    readonly mime: string,
  ) {}
}

/** A binary response streamed with its own status and headers (ranges: 206, 416). */
export class Streamed {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string | number>,
    readonly body: Readable | null,
  ) {}
}

export interface Call<R extends RouteDef> {
  params: ParamsOf<R>;
  query: QueryOf<R>;
  body: BodyOf<R>;
  /** The signed-in user (scope user and space). */
  userId: string;
  /** The entered space (scope space). */
  space: SpaceAccess;
  lang: ServerLang;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface Implemented {
  def: RouteDef;
  handler: (call: Call<RouteDef>) => Promise<unknown>;
}

export function implement<R extends RouteDef>(
  def: R,
  handler: (call: Call<R>) => Promise<ResponseOf<R> | RawJson | JsonParts | Binary | Streamed>,
): Implemented {
  return { def, handler: handler as unknown as Implemented['handler'] };
}

const SpaceHeader = z.looseObject({ [SPACE_HEADER]: z.uuid() });

const bearer = (req: FastifyRequest): string | null => {
  const h = req.headers.authorization;
  return h && /^Bearer\s+\S+$/i.test(h) ? h.replace(/^Bearer\s+/i, '') : null;
};

/** 400 for a NUL character anywhere in the input (nul-check.ts), before the schema sees it. */
function refuseNul(req: FastifyRequest): void {
  const item = nulItem({ params: req.params, query: req.query, body: req.body });
  if (item) throw new HttpError(400, 'BadRequest', [item]);
}

/** Whether the space of a space route comes from the path (`/space/:space_id/…`). */
export const spaceFromPath = (def: RouteDef) => def.path.startsWith('/space/:space_id');

export function register(
  app: FastifyInstance,
  ctx: AppContext,
  impl: Implemented,
  config?: Record<string, unknown>,
): void {
  const { def, handler } = impl;
  const status = def.status ?? 200;
  const needsHeader = def.scope === 'space' && !spaceFromPath(def);
  app.route({
    method: def.method,
    url: API_PREFIX + def.path,
    ...(config ? { config } : {}),
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    schema: {
      summary: def.summary,
      tags: [def.path.split('/')[1] ?? 'app'],
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(needsHeader ? { headers: SpaceHeader } : {}),
      ...(def.response !== 'blob' ? { response: { [status]: def.response } } : {}),
      ...(def.consumes ? { consumes: ['multipart/form-data'] } : {}),
      ...(def.form ? { consumes: ['application/json', 'multipart/form-data'] } : {}),
      ...(def.scope !== 'public' ? { security: [{ bearer: [] }] } : {}),
    },
    preValidation: async (req) => {
      if (def.scope === 'public' && def.path !== '/client-error') return refuseNul(req);
      const token = bearer(req);
      const session = token ? await resolveSession(ctx.db, token, ctx.config.idleTimeoutMinutes) : null;
      if (session) {
        req.userId = session.userId;
        req.tokenHash = session.tokenHash;
      } else if (def.scope !== 'public') {
        throw token ? unauthorized('session_expired') : unauthorized();
      }
      if (def.form && req.isMultipart()) {
        // The form's fields become the body (checked by the body schema next); its files are
        // staged on disk, each up to the space's file limit, and removed after the response
        // unless the handler moved them into the storage.
        const spaceId = req.headers[SPACE_HEADER];
        const uuid = typeof spaceId === 'string' && z.uuid().safeParse(spaceId).success;
        const max = uuid
          ? (await spaceLimits(ctx.db, spaceId, ctx.config.storageMaxFileBytes)).maxFile
          : ctx.config.storageMaxFileBytes;
        const form = await receiveForm(req, {
          maxBytes: max,
          dir: incomingDir(ctx.config.dataDir),
          fileField: def.form.files,
          maxFiles: def.form.maxFiles,
          ...(def.form.lists ? { lists: def.form.lists } : {}),
        });
        req.body = form.fields;
        req.formFiles = form.files;
        req.discardForm = form.discard;
      }
      refuseNul(req);
    },
    onResponse: async (req) => {
      if (req.discardForm) await req.discardForm();
    },
    preHandler: async (req) => {
      if (def.scope !== 'space') return;
      const spaceId = spaceFromPath(def)
        ? (req.params as { space_id: string }).space_id
        : (req.headers[SPACE_HEADER] as string);
      req.space = await enterSpace(
        ctx.db,
        req.userId!,
        spaceId,
        req.ip,
        def.ability ?? 'read',
        moduleOfRoute(def),
        subjectIds(req.params, req.body),
      );
    },
    handler: async (req, reply) => {
      const out = await handler({
        params: req.params as never,
        query: req.query as never,
        body: req.body as never,
        userId: req.userId ?? '',
        space: req.space as SpaceAccess,
        lang: pickLang(req.headers.language, req.headers['accept-language']),
        req,
        reply,
      });
      if (out instanceof Streamed)
        return reply
          .code(out.status)
          .headers(out.headers)
          .send(out.body ?? '');
      reply.code(status);
      if (out instanceof RawJson) return reply.type('application/json; charset=utf-8').send(out.text);
      if (out instanceof JsonParts) {
        // Streamed part by part: a 34 MB read is neither joined nor copied per request.
        const length = out.parts.reduce((n, b) => n + b.length, 0);
        return reply
          .type('application/json; charset=utf-8')
          .header('content-length', length)
          .send(Readable.from(out.parts));
      }
      if (out instanceof Binary)
        return reply.type(out.mime).header('cache-control', 'private, max-age=60').send(out.data);
      return out;
    },
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    userId?: string;
    tokenHash?: string;
    space?: SpaceAccess;
    /** The staged files of a multipart call of a route with `form` (register.ts). */
    formFiles?: ReceivedFile[];
    discardForm?: () => Promise<void>;
  }
}

export { HttpError };
