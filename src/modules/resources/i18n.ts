// The resources module's texts as the i18next namespace "resources" (src/i18n/resources.{en,ru}.json; fr reuses en).
import { moduleTexts } from '../../app/i18n/module-texts';
import en from '../../i18n/resources.en.json';
import ru from '../../i18n/resources.ru.json';

export const NS = 'resources';

const texts = moduleTexts(NS, en, ru);
export const ensureTexts = texts.ensure;
export const useResourcesT = texts.useT;
