// The done / failed toasts of imports and exports (spec §8: red, 5 s, a bold title, one line per
// message, each item's translated text as the server sent it).
import type { ErrorItem } from '../../api/errors';
import { ApiError, errorItems } from '../../app/api/errors';
import { translator } from '../../app/api/effects';
import { itemLine } from '../../app/api/toast-text';
import { useToasts } from '../../state/toasts';

const TOAST_MS = 5000;

export const toastDone = (title: string, line: string) =>
  useToasts.getState().push({ kind: 'success', title, lines: [line], durationMs: TOAST_MS });

export const toastInfo = (title: string) =>
  useToasts.getState().push({ kind: 'info', title, lines: [], durationMs: TOAST_MS });

/** A failure: the job's error list, or the refused call's. */
export function toastFailed(title: string, cause: ErrorItem[] | unknown, unknown: string) {
  const items = Array.isArray(cause)
    ? (cause as ErrorItem[])
    : cause instanceof ApiError
      ? errorItems(cause.body)
      : [];
  const lines = items.map((i) => itemLine(i, translator)).filter(Boolean);
  useToasts.getState().push({
    kind: 'error',
    title,
    lines: lines.length ? lines : [unknown],
    durationMs: TOAST_MS,
  });
}
