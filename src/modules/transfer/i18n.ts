// The transfer module's texts as the i18next namespace "transfer" (src/i18n/transfer.{en,ru}.json; fr reuses en).
import { moduleTexts } from '../../app/i18n/module-texts';
import en from '../../i18n/transfer.en.json';
import ru from '../../i18n/transfer.ru.json';

export const NS = 'transfer';

const texts = moduleTexts(NS, en, ru);
export const ensureTexts = texts.ensure;
export const useTransferT = texts.useT;
