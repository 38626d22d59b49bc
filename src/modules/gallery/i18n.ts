// The gallery's texts as the i18next namespace "gallery" (src/i18n/gallery.{en,ru}.json; fr reuses en).
import { moduleTexts } from '../../app/i18n/module-texts';
import en from '../../i18n/gallery.en.json';
import ru from '../../i18n/gallery.ru.json';

export const NS = 'gallery';

const texts = moduleTexts(NS, en, ru);
export const ensureGalleryTexts = texts.ensure;
export const useGalleryT = texts.useT;
