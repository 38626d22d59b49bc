// The views module's texts as the i18next namespace "views" (src/i18n/views.{en,ru}.json; fr reuses en).
import { moduleTexts } from '../../app/i18n/module-texts';
import en from '../../i18n/views.en.json';
import ru from '../../i18n/views.ru.json';

export const NS = 'views';

const texts = moduleTexts(NS, en, ru);
export const ensureTexts = texts.ensure;
export const useViewsT = texts.useT;
