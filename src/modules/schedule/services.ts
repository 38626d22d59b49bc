// The workbench store's services on the app: texts, the confirmation dialog, toasts, the async
// clipboard (toolbar copy/paste; keyboard copy/paste uses the clipboard events), calendars.

import { defaultCalendarOf } from '../../domain/schedule/default-options';
import i18next from 'i18next';
import { useConfirm } from '../../state/confirm';
import { useToasts } from '../../state/toasts';
import { provideServices } from '../../state/workbench/services';
import { workbench } from '../../state/workbench/store';
import { NS, wbLang } from './i18n';

const TOAST_MS = 5000;

export function installWorkbenchServices(): () => void {
  return provideServices({
    t: (key, params) => i18next.t(key, { ns: NS, ...(params ?? {}) }),
    lang: wbLang,
    confirm: async (message, o) => {
      const r = await useConfirm.getState().ask({
        message,
        title: o?.title,
        submitLabel: o?.submitLabel,
        danger: o?.danger,
        confirmWithEnter: true,
      });
      return r.confirmed;
    },
    notify: (kind, title, lines = []) => {
      useToasts.getState().push({ kind, title, lines: [...lines], durationMs: TOAST_MS });
    },
    writeClipboard: async (text, html) => {
      if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
        await navigator.clipboard.write([
          new ClipboardItem({
            'text/plain': new Blob([text], { type: 'text/plain' }),
            'text/html': new Blob([html], { type: 'text/html' }),
          }),
        ]);
      } else await navigator.clipboard?.writeText(text);
    },
    readClipboard: async () => {
      try {
        const items = await navigator.clipboard.read();
        for (const item of items) {
          const html = item.types.includes('text/html')
            ? await (await item.getType('text/html')).text()
            : null;
          const text = item.types.includes('text/plain')
            ? await (await item.getType('text/plain')).text()
            : '';
          return { text, html };
        }
      } catch {
        // Fall through to plain text (Firefox, or permission refused).
      }
      return { text: (await navigator.clipboard?.readText?.()) ?? '', html: null };
    },
    hoursPerDay: (calendarId) => {
      const cals = workbench.get().calendars;
      const c = cals.find((x) => x.id === calendarId) ?? defaultCalendarOf(cals);
      return c?.hoursPerDay ?? 8;
    },
  });
}
