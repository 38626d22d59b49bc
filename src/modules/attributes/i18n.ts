// The attributes module's texts as the i18next namespace "attributes" (src/i18n/attributes.{en,ru}.json; fr reuses en).
import { moduleTexts } from '../../app/i18n/module-texts';
import en from '../../i18n/attributes.en.json';
import ru from '../../i18n/attributes.ru.json';

export const NS = 'attributes';

const texts = moduleTexts(NS, en, ru);
export const ensureAttributeTexts = texts.ensure;
export const useAttributesT = texts.useT;
