// The cost module's texts as the i18next namespace "costr" (src/i18n/costr.{en,ru}.json; fr reuses en).
import { moduleTexts } from '../../app/i18n/module-texts';
import en from '../../i18n/costr.en.json';
import ru from '../../i18n/costr.ru.json';

export const NS = 'costr';

const texts = moduleTexts(NS, en, ru);
export const ensureTexts = texts.ensure;
export const useCostrT = texts.useT;
