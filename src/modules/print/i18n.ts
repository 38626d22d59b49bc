// The print module's texts as the i18next namespace "print" (src/i18n/print.{en,ru}.json; fr reuses en).
import { moduleTexts } from '../../app/i18n/module-texts';
import en from '../../i18n/print.en.json';
import ru from '../../i18n/print.ru.json';

const texts = moduleTexts('print', en, ru);
export const usePrintT = texts.useT;
