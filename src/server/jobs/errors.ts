// What a failed job or upload says: the readers' ImportError (code + where/line/field/value), a
// stop, or anything else as job.failed with its message, as items of the contract's error list.
import { ImportError } from '../../domain/io/errors';
import { HttpError } from '../errors';
import type { Item, Params } from '../errors';
import type { ServerLang } from '../i18n/messages';
import { translate } from '../i18n/messages';
import { withLocation } from '../import/messages';

/** Thrown inside a job when a stop was asked for; rolls the job's transaction back. */
export class JobStopped extends Error {
  constructor() {
    super('job stopped');
  }
}

const scalar = (v: unknown): v is string | number | boolean | null =>
  v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** The error list items (code + params, no texts) of an error thrown by a job or an upload. */
export function itemsOf(err: unknown): Item[] {
  if (err instanceof JobStopped) return [{ code: 'job.stopped', params: {} }];
  if (err instanceof HttpError) return err.items;
  if (err instanceof ImportError) {
    const params: Params = {};
    for (const [k, v] of Object.entries(err.params)) if (scalar(v)) params[k] = v;
    return [{ code: err.code, params }];
  }
  const message = err instanceof Error ? err.message : String(err);
  return [{ code: 'job.failed', params: { reason: message.slice(0, 300) } }];
}

/** Items with the localized `at` param, ready for HttpError / sendError. */
export function localizedItems(lang: ServerLang, items: Item[]): Item[] {
  return items.map((i) => ({ code: i.code, params: withLocation(lang, i.params ?? {}) }));
}

/** The contract's error list (with texts) of stored items. */
export function errorList(lang: ServerLang, items: Item[]) {
  return localizedItems(lang, items).map((i) => ({
    code: i.code,
    params: i.params ?? {},
    error_message: translate(lang, i.code, i.params),
  }));
}

/** A 400 with the error list of a failed synchronous upload or export. */
export function badFile(lang: ServerLang, err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  return new HttpError(400, 'BadRequest', localizedItems(lang, itemsOf(err)));
}
