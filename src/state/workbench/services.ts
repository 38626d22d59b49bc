// What commands need from the outside world, injected by the screen (and by tests): texts,
// the confirmation dialog, toasts, new ids, the clipboard. Defaults keep the store usable headless.
import { randomId } from '../random-id';

export interface ClipboardContent {
  readonly text: string;
  readonly html: string | null;
}

export interface WorkbenchServices {
  t(key: string, params?: Record<string, unknown>): string;
  /** Language of dates and numbers shown in cells. */
  lang(): 'en' | 'ru';
  confirm(
    message: string,
    options?: { title?: string; submitLabel?: string; danger?: boolean },
  ): Promise<boolean>;
  notify(kind: 'error' | 'warning' | 'success' | 'info', title: string, lines?: readonly string[]): void;
  newId(): string;
  writeClipboard(text: string, html: string): Promise<void>;
  readClipboard(): Promise<ClipboardContent>;
  /** Working hours per day of a calendar id (null = the default calendar). */
  hoursPerDay(calendarId: string | null): number;
}

let counter = 0;

export const headlessServices: WorkbenchServices = {
  t: (key, params) => (params ? `${key} ${JSON.stringify(params)}` : key),
  lang: () => 'en',
  confirm: async () => true,
  notify: () => undefined,
  newId: () =>
    typeof crypto !== 'undefined' && 'getRandomValues' in crypto
      ? randomId()
      : `id-${Date.now()}-${++counter}`,
  writeClipboard: async () => undefined,
  readClipboard: async () => ({ text: '', html: null }),
  hoursPerDay: () => 8,
};

let current: WorkbenchServices = headlessServices;

export function services(): WorkbenchServices {
  return current;
}

export function provideServices(next: Partial<WorkbenchServices>): () => void {
  const previous = current;
  current = { ...current, ...next };
  return () => {
    current = previous;
  };
}
