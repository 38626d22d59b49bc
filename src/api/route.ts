// A route of the contract: method, path, who may call it, and the zod schemas of its parts.
// The server registers exactly these; tests enumerate them (tenancy, bad input).
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * public: no token. user: a valid token. space: a valid token and membership of the space named by
 * the path (`/space/{space_id}/…`) or else the `space-id` header, with an allowed IP and licence.
 */
export type Scope = 'public' | 'user' | 'space';

/** What a space route needs of the caller's role in the route's module (domain/admin/permissions). */
export type Ability = 'read' | 'edit' | 'approve' | 'admin';

export interface RouteDef {
  method: Method;
  /** Under /api/v1, in Fastify syntax (`/versions/:id`). */
  path: string;
  scope: Scope;
  /** Space routes only; default read. */
  ability?: Ability;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** 'multipart' for uploads (the body is not JSON and has no schema here). */
  consumes?: 'multipart';
  /**
   * The route also takes multipart/form-data (besides JSON): the body's fields as form fields
   * (validated by the same `body` schema; `lists` are fields that may repeat and form an array)
   * and up to `maxFiles` file parts named `files`, streamed to staging files before the handler.
   */
  form?: { files: 'files'; maxFiles: number; lists?: readonly string[] };
  /** JSON schema of the success body, or 'blob' for binary bodies. */
  response: z.ZodType | 'blob';
  /** Success status; default 200. */
  status?: 200 | 201;
  /** Largest request body in bytes, where a route takes more than the server's default (10 MiB). */
  bodyLimit?: number;
}

export const API_PREFIX = '/api/v1';

/** Identity helper that keeps the literal types of a route definition. */
export function route<const R extends RouteDef>(r: R): R {
  return r;
}

export type BodyOf<R extends RouteDef> = R['body'] extends z.ZodType ? z.output<R['body']> : undefined;
export type QueryOf<R extends RouteDef> = R['query'] extends z.ZodType ? z.output<R['query']> : undefined;
export type ParamsOf<R extends RouteDef> = R['params'] extends z.ZodType ? z.output<R['params']> : undefined;
export type ResponseOf<R extends RouteDef> = R['response'] extends z.ZodType
  ? z.input<R['response']>
  : Buffer | Uint8Array;
