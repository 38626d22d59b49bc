// The texts of chat, notices and delegation: the i18next namespace "collab" (French reuses the
// English texts, spec §1).
import en from '../../i18n/collab.en.json';
import ru from '../../i18n/collab.ru.json';
import { moduleTexts } from '../../app/i18n/module-texts';

const texts = moduleTexts('collab', en, ru);

export const useCollabT = texts.useT;
