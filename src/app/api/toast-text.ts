// Text of the red error toast (spec §8): a bold translated title, then one line per message.
import { type ErrorBody, type ErrorItem, errorItems } from './errors';

export interface Translator {
  t: (key: string, params?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
}

export interface ErrorToastText {
  title: string;
  lines: string[];
}

/** Line for one error item: its translated code with params when a translation exists, else its own text. */
export function itemLine(item: ErrorItem, tr: Translator): string {
  const key = `errors.codes.${item.code}`;
  if (item.code && tr.exists(key)) return tr.t(key, item.params ?? {});
  return item.error_message || item.code || tr.t('errors.unknown');
}

/** Line for a message string: the translation of a known code, else the text as sent. */
function messageLine(message: string, tr: Translator): string {
  const key = `errors.codes.${message}`;
  return tr.exists(key) ? tr.t(key) : message;
}

export function errorTitle(body: ErrorBody, tr: Translator): string {
  const key = body.error ? `errors.exceptions.${body.error}` : '';
  return key && tr.exists(key) ? tr.t(key) : tr.t('errors.title');
}

/**
 * Build the toast. `localized` is true for responses with the `error-type: localized` header:
 * their list is the message, and an empty list reads 'unknown error'.
 */
export function errorToastText(body: ErrorBody, tr: Translator, localized: boolean): ErrorToastText {
  const title = errorTitle(body, tr);
  const items = errorItems(body);
  const isList = localized || Array.isArray(body.error_message) || Array.isArray(body.errors);
  if (isList) {
    const lines = items.map((item) => itemLine(item, tr));
    return { title, lines: lines.length > 0 ? lines : [tr.t('errors.unknown')] };
  }
  if (typeof body.error_message === 'string' && body.error_message) {
    return { title, lines: [messageLine(body.error_message, tr)] };
  }
  return { title, lines: [tr.t('errors.unknown')] };
}
