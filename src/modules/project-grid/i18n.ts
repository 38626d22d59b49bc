// The project grid's texts (src/i18n/projectgrid.*.json); fr uses en.
import en from '../../i18n/projectgrid.en.json';
import ru from '../../i18n/projectgrid.ru.json';
import { moduleTexts } from '../../app/i18n/module-texts';

export const NS = 'projectgrid';
export const { ensure: ensureProjectGridTexts, useT: useProjectGridT } = moduleTexts(NS, en, ru);
