// The calendars module's texts as the i18next namespace "calendars" (src/i18n/calendars.{en,ru}.json; fr reuses en).
import { moduleTexts } from '../../app/i18n/module-texts';
import en from '../../i18n/calendars.en.json';
import ru from '../../i18n/calendars.ru.json';

export const NS = 'calendars';

const texts = moduleTexts(NS, en, ru);
export const ensureTexts = texts.ensure;
export const useCalendarsT = texts.useT;
