// The 3D/BIM module's texts as the i18next namespace "bim" (src/i18n/bim.{en,ru}.json; fr reuses en).
import { moduleTexts } from '../../app/i18n/module-texts';
import en from '../../i18n/bim.en.json';
import ru from '../../i18n/bim.ru.json';

export const NS = 'bim';

const texts = moduleTexts(NS, en, ru);
export const ensureTexts = texts.ensure;
export const useBimT = texts.useT;
