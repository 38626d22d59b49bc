// Performs the status decisions of status.ts: redirects and the red error toast (spec §8).
import i18next from 'i18next';
import { useToasts } from '../../state/toasts';
import { endSessionLocally, forgetSpace, isEndingForIdleness } from '../session/auth';
import { currentPath, navigate } from '../navigation';
import { browserStore } from '../session/storage';
import { KEYS } from '../session/storage';
import type { ErrorBody } from './errors';
import type { StatusDecision } from './status';
import { type Translator, errorToastText } from './toast-text';

/** Spec §9: error toast duration. */
export const ERROR_TOAST_MS = 5000;

export const translator: Translator = {
  t: (key, params) => i18next.t(key, params ?? {}),
  exists: (key) => i18next.exists(key),
};

export function showErrorToast(body: ErrorBody, localized = true): void {
  const { title, lines } = errorToastText(body, translator, localized);
  useToasts.getState().push({ kind: 'error', title, lines, durationMs: ERROR_TOAST_MS });
}

export function performDecision(d: StatusDecision, silent: boolean): void {
  switch (d.kind) {
    case 'ok':
      return;
    case 'to-login':
      // The session is ending for idleness: that flow leads to /auth/idleness and drops the token.
      if (isEndingForIdleness()) return;
      if (currentPath().startsWith('/auth/')) endSessionLocally();
      else void navigate('/auth/login', { replace: true }).then(endSessionLocally);
      return;
    case 'to-select-space':
      forgetSpace();
      if (!silent) showErrorToast(d.body);
      void navigate('/auth/select-space', { replace: true });
      return;
    case 'to-error-page':
      void navigate(`/error?message=${d.code}`, { replace: true });
      return;
    case 'localized':
      if (!silent) showErrorToast(d.body, true);
      return;
    case 'generic':
      if (!silent) showErrorToast(d.body, false);
      return;
  }
}

/** The server cannot be reached: go to /disconnect, remembering where to come back to. */
export function goDisconnected(): void {
  const here = currentPath();
  if (here === '/disconnect') return;
  browserStore().raw.setItem(KEYS.disconnectFrom, here + window.location.search);
  void navigate('/disconnect', { replace: true });
}
