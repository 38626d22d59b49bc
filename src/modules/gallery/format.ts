// Dates and captions of the gallery. A photo's date taken is the camera's wall clock sent as UTC,
// so it is shown in UTC (as the camera said); the moments comments and uploads were made are
// shown in the reader's time zone.
import type { EpsPhoto } from '../../api/gallery';

type T = (key: string, params?: Record<string, unknown>) => string;

const locale = (lang: 'en' | 'ru') => (lang === 'ru' ? 'ru-RU' : 'en-GB');

export function formatMoment(iso: string, lang: 'en' | 'ru', utc = false): string {
  return new Intl.DateTimeFormat(locale(lang), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(utc ? { timeZone: 'UTC' } : {}),
  }).format(new Date(iso));
}

export const takenText = (p: EpsPhoto, lang: 'en' | 'ru', t: T) =>
  p.taken_at ? t('taken', { date: formatMoment(p.taken_at, lang, true) }) : t('no_date');

/** Lines under a photo in the lightbox: name, date taken, row, author and upload time. */
export function photoCaption(p: EpsPhoto, lang: 'en' | 'ru', t: T): string[] {
  return [
    p.name,
    takenText(p, lang, t),
    ...(p.wbs_item_id ? [t('of_row', { code: p.wbs_code ?? '', name: p.wbs_name ?? '' })] : []),
    t('added_by', { name: p.author.name || t('unknown_author'), date: formatMoment(p.created_at, lang) }),
  ];
}
