// The analytics module's texts as the i18next namespace "analytics" (src/i18n/analytics.{en,ru}.json;
// fr reuses en).
import { moduleTexts } from '../../app/i18n/module-texts';
import en from '../../i18n/analytics.en.json';
import ru from '../../i18n/analytics.ru.json';

export const NS = 'analytics';

const texts = moduleTexts(NS, en, ru);
export const ensureTexts = texts.ensure;
export const useAnalyticsT = texts.useT;
