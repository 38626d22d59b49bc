// The texts of the administration, profile and home screens: the i18next namespace "admin", and
// "admin2" for backups and executors, "admin3" for the texts tab, "admin5" for the access tab, "admin6" for copying a space from another deployment (French reuses the English texts, spec §1).
import en from '../../i18n/admin.en.json';
import ru from '../../i18n/admin.ru.json';
import en2 from '../../i18n/admin2.en.json';
import ru2 from '../../i18n/admin2.ru.json';
import en3 from '../../i18n/admin3.en.json';
import ru3 from '../../i18n/admin3.ru.json';
import en4 from '../../i18n/admin4.en.json';
import ru4 from '../../i18n/admin4.ru.json';
import en5 from '../../i18n/admin5.en.json';
import ru5 from '../../i18n/admin5.ru.json';
import en6 from '../../i18n/admin6.en.json';
import ru6 from '../../i18n/admin6.ru.json';
import { moduleTexts } from '../../app/i18n/module-texts';

export const NS = 'admin';

const texts = moduleTexts(NS, en, ru);
const texts2 = moduleTexts('admin2', en2, ru2);
const texts3 = moduleTexts('admin3', en3, ru3);
const texts4 = moduleTexts('admin4', en4, ru4);
const texts5 = moduleTexts('admin5', en5, ru5);
const texts6 = moduleTexts('admin6', en6, ru6);

/** useTranslation for the module's namespace. */
export const useAdminT = texts.useT;
/** useTranslation for the backups and executors texts. */
export const useAdmin2T = texts2.useT;
/** useTranslation for the texts (localization) tab. */
export const useAdmin3T = texts3.useT;
/** useTranslation for the profile's avatar crop, privacy policy and own resources. */
export const useAdmin4T = texts4.useT;
/** useTranslation for the access tab (grants beyond a member's role). */
export const useAdmin5T = texts5.useT;
/** useTranslation for copying a space from another deployment. */
export const useAdmin6T = texts6.useT;
