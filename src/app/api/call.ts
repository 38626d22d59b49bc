// Typed calls of the contract (src/api): a route definition plus its params, query and body.
import type { z } from 'zod';
import type { RouteDef } from '../../api/route';
import { type RequestOptions, request } from './http';
import { fillPath } from './request-parts';

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type Output<R extends RouteDef> = R['response'] extends z.ZodType ? z.output<R['response']> : Blob;

export interface CallArgs<R extends RouteDef> {
  params?: Input<R['params']>;
  query?: Input<R['query']>;
  body?: Input<R['body']> | FormData;
}

export { fillPath } from './request-parts';

export function call<R extends RouteDef>(
  r: R,
  args: CallArgs<R> = {},
  opts: Omit<RequestOptions, 'body' | 'query'> = {},
): Promise<Output<R>> {
  return request<Output<R>>(r.method, fillPath(r.path, args.params as Record<string, unknown>), {
    ...opts,
    body: args.body,
    query: args.query as RequestOptions['query'],
    responseType: r.response === 'blob' ? 'blob' : 'json',
  });
}
