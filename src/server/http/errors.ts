// One error shape for every failure: {error, error_message: [{code, params, error_message}]},
// with texts in the caller's language and the `error-type: localized` header.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../api/errors';
import { ERROR_TYPE_HEADER, ERROR_TYPE_LOCALIZED } from '../../api/errors';
import { HttpError } from '../errors';
import type { Item } from '../errors';
import { pickLang, translate } from '../i18n/messages';
import { issueToItem } from './validation';

export function sendError(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  error: ErrorCode,
  items: Item[],
  extra?: Record<string, unknown>,
) {
  const lang = pickLang(req.headers.language, req.headers['accept-language']);
  const list = (items.length ? items : [{ code: error }]).map((i) => ({
    code: i.code,
    params: i.params ?? {},
    error_message: translate(lang, i.code, i.params),
  }));
  const body: ErrorBody & Record<string, unknown> = { ...extra, error, error_message: list };
  return reply
    .code(status)
    .header(ERROR_TYPE_HEADER, ERROR_TYPE_LOCALIZED)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body));
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) return sendError(req, reply, err.status, err.error, err.items, err.extra);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const items = err.validation.map((issue) => issueToItem(issue, err.validationContext));
      return sendError(req, reply, 400, 'BadRequest', items);
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return sendError(req, reply, 429, 'TooManyRequests', [{ code: 'TooManyRequests' }]);
    if (status === 413)
      return sendError(req, reply, 413, 'BadRequest', [{ code: 'invalid', params: { field: 'body' } }]);
    // Malformed JSON, a wrong content type, an empty body …: the client's input, not our fault.
    if (status >= 400 && status < 500)
      return sendError(req, reply, 400, 'BadRequest', [{ code: 'invalid', params: { field: 'body' } }]);
    req.log.error({ err }, 'unhandled error');
    return sendError(req, reply, 500, 'UnknownException', [{ code: 'UnknownException' }]);
  });
}
