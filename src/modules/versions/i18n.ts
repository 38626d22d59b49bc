// The versions module's texts (src/i18n/versions.*.json); fr uses en.
import en from '../../i18n/versions.en.json';
import ru from '../../i18n/versions.ru.json';
import { moduleTexts } from '../../app/i18n/module-texts';

export const NS = 'versions';
export const { ensure: ensureVersionTexts, useT: useVersionsT } = moduleTexts(NS, en, ru);
