// Texts of the import/export error items, in en and ru. Every item gets an `at` param: where the
// problem is (table or element, line or row, field, value) in the caller's language, so one text
// per code reads well whichever of those the reader could name.
import { catalogs } from '../i18n/messages';
import type { ServerLang } from '../i18n/messages';

type Params = Record<string, string | number | boolean | null>;

const en: Record<string, string> = {
  'import.unknown_format':
    'Unknown file format{at}. Send a P6 XER, P6 XML, MS Project XML, XLSX, CSV or the product’s JSON file',
  'import.truncated': 'The file is cut short{at}',
  'import.bad_encoding': 'The file is not text in a known encoding{at}',
  'import.bad_value': 'Invalid value{at}',
  'import.missing_field': 'A required field is missing{at}',
  'import.missing_table': 'A required table or element is missing{at}',
  'import.missing_calendar': 'A calendar the file refers to is missing{at}',
  'import.bad_reference': 'A reference points to nothing{at}',
  'import.date_out_of_range': 'A date is outside the years 2000–2050{at}',
  'import.cycle': 'The logic has a loop{at}',
  'import.too_large': 'The file is too large{at}',
  'import.empty': 'The file is empty{at}',
  'import.no_file': 'Send the schedule file in the multipart field "file"',
  'import.bad_rule': 'The upload rule is invalid{at}',
  'import.nothing': 'The file holds no activities{at}',
  'job.failed': 'The job failed{at}',
  'job.stopped': 'The job was stopped',
  'job.interrupted': 'The server stopped while the job was running; start it again',
  'job.finished': 'The job has already finished',
  'export.failed': 'The export failed{at}',
  'export.bad_filter': 'The filter is not a valid filter: {field}',
  'storage.no_file': 'Send the file in the multipart field "file"',
  'storage.too_large': 'The file is larger than {max} MB',
  'storage.missing': 'The stored file is missing{at}',
  'storage.in_use': 'A running job uses the file; stop the job first',
};

const ru: Record<string, string> = {
  'import.unknown_format':
    'Неизвестный формат файла{at}. Отправьте файл P6 XER, P6 XML, MS Project XML, XLSX, CSV или JSON продукта',
  'import.truncated': 'Файл обрывается{at}',
  'import.bad_encoding': 'Файл не является текстом в известной кодировке{at}',
  'import.bad_value': 'Неверное значение{at}',
  'import.missing_field': 'Нет обязательного поля{at}',
  'import.missing_table': 'Нет обязательной таблицы или элемента{at}',
  'import.missing_calendar': 'Нет календаря, на который ссылается файл{at}',
  'import.bad_reference': 'Ссылка указывает на несуществующий объект{at}',
  'import.date_out_of_range': 'Дата вне диапазона 2000–2050 годов{at}',
  'import.cycle': 'В логике есть цикл{at}',
  'import.too_large': 'Файл слишком большой{at}',
  'import.empty': 'Файл пуст{at}',
  'import.no_file': 'Отправьте файл графика в поле "file" формы',
  'import.bad_rule': 'Неверное правило загрузки{at}',
  'import.nothing': 'В файле нет работ{at}',
  'job.failed': 'Задание завершилось с ошибкой{at}',
  'job.stopped': 'Задание остановлено',
  'job.interrupted': 'Сервер остановился во время выполнения задания; запустите его снова',
  'job.finished': 'Задание уже завершено',
  'export.failed': 'Экспорт не удался{at}',
  'export.bad_filter': 'Фильтр задан неверно: {field}',
  'storage.no_file': 'Отправьте файл в поле "file" формы',
  'storage.too_large': 'Файл больше {max} МБ',
  'storage.missing': 'Сохранённый файл не найден{at}',
  'storage.in_use': 'Файл используется выполняемым заданием; сначала остановите его',
};

const WORDS: Record<ServerLang, Record<'line' | 'field' | 'value' | 'activities', string>> = {
  en: { line: 'line', field: 'field', value: 'value', activities: 'activities' },
  ru: { line: 'строка', field: 'поле', value: 'значение', activities: 'работы' },
};

// The server's catalogue gets these texts, so sendError and translate() know them.
Object.assign(catalogs.en, en);
Object.assign(catalogs.ru, ru);

/** ' (TASK, line 12, field target_drtn_hr_cnt, value "x")' in the language, or ''. */
export function locationText(lang: ServerLang, p: Params): string {
  const w = WORDS[lang];
  const parts: string[] = [];
  if (p.where !== undefined && p.where !== null && p.where !== '') parts.push(String(p.where));
  if (typeof p.line === 'number') parts.push(`${w.line} ${p.line}`);
  if (p.field) parts.push(`${w.field} ${String(p.field)}`);
  if (p.value !== undefined && p.value !== null && p.value !== '')
    parts.push(`${w.value} "${String(p.value).slice(0, 60)}"`);
  if (p.activities) parts.push(`${w.activities} ${String(p.activities)}`);
  if (p.reason) parts.push(String(p.reason));
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** Item params with the localized `at` added. */
export function withLocation(lang: ServerLang, params: Params): Params {
  return { ...params, at: locationText(lang, params) };
}

export const transferCodes = Object.keys(en);
