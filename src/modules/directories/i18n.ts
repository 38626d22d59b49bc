// The directories module's texts as the i18next namespace "directories" (src/i18n/directories.{en,ru}.json; fr reuses en).
import { moduleTexts } from '../../app/i18n/module-texts';
import en from '../../i18n/directories.en.json';
import ru from '../../i18n/directories.ru.json';

export const NS = 'directories';

const texts = moduleTexts(NS, en, ru);
export const ensureTexts = texts.ensure;
export const useDirectoriesT = texts.useT;
