// Errors the browser catches are stored on the server (POST client-error), never shown twice.
import { appRoutes } from '../../api/app';
import { call } from './call';
import { ApiError } from './errors';

const MAX_PER_PAGE = 20;
let sent = 0;

function send(message: string, stack: string | undefined): void {
  if (sent++ >= MAX_PER_PAGE) return;
  const body = {
    message: (message || 'error').slice(0, 2000),
    url: location.href.slice(0, 2000),
    user_agent: navigator.userAgent.slice(0, 500),
    ...(stack ? { stack: stack.slice(0, 20000) } : {}),
  };
  void call(appRoutes.clientError, { body }, { silent: true }).catch(() => undefined);
}

export function reportClientErrors(): void {
  window.addEventListener('error', (e) => send(e.message, (e.error as Error | undefined)?.stack));
  window.addEventListener('unhandledrejection', (e) => {
    const reason: unknown = e.reason;
    if (reason instanceof ApiError) return; // the server answered; it knows
    send(
      reason instanceof Error ? reason.message : String(reason),
      reason instanceof Error ? reason.stack : undefined,
    );
  });
}
