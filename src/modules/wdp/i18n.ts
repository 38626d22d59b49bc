// The wdp module's texts as the i18next namespace "wdp" (src/i18n/wdp.{en,ru}.json; fr reuses en).
import { moduleTexts } from '../../app/i18n/module-texts';
import en from '../../i18n/wdp.en.json';
import ru from '../../i18n/wdp.ru.json';

export const NS = 'wdp';

const texts = moduleTexts(NS, en, ru);
export const ensureTexts = texts.ensure;
export const useWdpT = texts.useT;
