// The texts of the administration, profile and home screens: the i18next namespace "admin", and
// "admin2" for backups and executors, "admin3" for the texts tab (French reuses the English texts, spec §1).
import en from '../../i18n/admin.en.json';
import ru from '../../i18n/admin.ru.json';
import en2 from '../../i18n/admin2.en.json';
import ru2 from '../../i18n/admin2.ru.json';
import en3 from '../../i18n/admin3.en.json';
import ru3 from '../../i18n/admin3.ru.json';
import { moduleTexts } from '../../app/i18n/module-texts';

export const NS = 'admin';

const texts = moduleTexts(NS, en, ru);
const texts2 = moduleTexts('admin2', en2, ru2);
const texts3 = moduleTexts('admin3', en3, ru3);

/** useTranslation for the module's namespace. */
export const useAdminT = texts.useT;
/** useTranslation for the backups and executors texts. */
export const useAdmin2T = texts2.useT;
/** useTranslation for the texts (localization) tab. */
export const useAdmin3T = texts3.useT;
