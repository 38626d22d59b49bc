// Moments and days as the app's language writes them, not the browser's: the app set to Russian in
// an English browser reads 28.11.2026, 16:33, not 11/28/2026, 4:33 PM.
import i18next from 'i18next';

/** A moment (ISO text, epoch ms or Date) with its date and time, short. */
export const momentText = (at: string | number | Date): string =>
  new Date(at).toLocaleString(i18next.language, { dateStyle: 'short', timeStyle: 'short' });

/** The day of a moment, short. */
export const dayText = (at: string | number | Date): string =>
  new Date(at).toLocaleDateString(i18next.language);
