// Server texts of storage, comments and photos (issue 26), merged into the en and ru catalogues.
import { catalogs } from './messages';

Object.assign(catalogs.en, {
  'storage.quota': 'The space’s storage is full ({quota} MB): delete files first',
  'storage.link_expired': 'The link has expired or is not valid; open the file again',
  'gallery.not_image': 'Send a photo: a PNG, JPEG, GIF or WebP image',
  'gallery.unknown_row': 'The activity is not in this schedule',
  'gallery.not_author': 'Only the author may change or delete it',
});
Object.assign(catalogs.ru, {
  'storage.quota': 'Хранилище пространства заполнено ({quota} МБ): сначала удалите файлы',
  'storage.link_expired': 'Ссылка устарела или недействительна; откройте файл снова',
  'gallery.not_image': 'Отправьте фотографию: изображение PNG, JPEG, GIF или WebP',
  'gallery.unknown_row': 'Такой работы нет в этом графике',
  'gallery.not_author': 'Изменить или удалить может только автор',
});
