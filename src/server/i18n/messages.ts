// Server texts for error lists, in en and ru (fr uses en), chosen by the language header.
// Placeholders {name} are filled from the item's params.

import { collabEn, collabRu } from './collab-messages';
import { admin2En, admin2Ru } from './admin2-messages';
import { remoteEn, remoteRu } from './remote-messages';
import { bimEn, bimRu } from './bim-messages';
import { costrEn, costrRu } from './costr-messages';
import { relationEn, relationRu } from './relation-messages';
import { groupEn, groupRu } from './group-messages';

export type ServerLang = 'en' | 'ru';

const en: Record<string, string> = {
  // top-level errors
  BadRequest: 'The request is invalid',
  Unauthorized: 'User is not authorized',
  LicenseLimit: 'User limit exceeded for the selected space',
  LicenseNotFound: 'No licence found for the space. Contact your system administrator',
  LicenseExpired: 'The licence of the space has expired. Contact your system administrator',
  Forbidden: 'No access to the selected space',
  IPNotAllowed: 'Access not allowed from this IP address',
  NotFound: 'Not found',
  Conflict: 'The request conflicts with the current state',
  TooManyRequests: 'Too many attempts, try again in a minute',
  UnknownException: 'Unknown error',
  // validation items
  required: 'The field is required: {field}',
  max_length: 'The field exceeds the maximum line length - {max} characters',
  min_length: 'The field is shorter than {min} characters: {field}',
  prohibited_characters: 'The field contains prohibited characters',
  invalid_email: 'Invalid email',
  password_mismatch: 'Password mismatch',
  invalid: 'Invalid value: {field}',
  curve_name_taken: 'A curve with this name already exists: {field}',
  curve_empty: 'A curve needs at least one point above zero: {field}',
  // domain items
  wrong_credentials: 'Wrong login or password',
  wrong_answer: 'Error during password reset',
  'wbs.edit_conflict': 'Someone else changed the same places meanwhile ({count})',
  reset_locked: 'Too many wrong answers: password recovery for this login is locked for {minutes} minutes',
  no_secret_question: 'No secret question is set. Contact your system administrator',
  login_taken: 'This login is already taken',
  session_expired: 'The session has ended, sign in again',
  not_found: '{what} not found',
  not_member: 'The user is not a member of the space',
  already_member: 'The user is already a member of the space',
  last_moderator: 'The space must keep at least one moderator',
  role_in_use: 'The role is held by members of the space',
  role_builtin: 'A built-in role cannot be deleted',
  version_locked: 'The version is locked',
  'resources.nothing_to_undo': 'Nothing to undo among your resource edits',
  'resources.nothing_to_redo': 'Nothing to redo among your resource edits',
  'resources.undo_changed':
    'These resources were changed since (by another edit or member): your edit stays as it is and leaves the undo history',
  calendar_default: 'The default calendar cannot be deleted',
  calendar_in_use: 'The calendar is used by schedule items',
  not_free_space: 'Only a free space can be deleted this way',
  ip_excludes_caller: 'The allow-list does not include your own address {ip}',
  moderator_keeps_admin: 'A moderator role keeps the administration of the space',
  ability_needs_read: 'An ability in a module needs its read ability',
  wrong_parent: 'The target is not a valid place for this item',
  'versions.other_schedule': 'The version {version} is not a version of this schedule',
  'versions.same_version': 'Choose two different versions to compare',
  'versions.actual_target': 'The actual version cannot be the target; choose another version',
  'replacements.same_value': 'The rule replaces "{value}" with itself: {field}',
  'replacements.duplicate_from': 'Another rule already replaces "{value}": {field}',
  'replacements.many_to_one':
    'The codes {first} and {second} would both become {to}; two activities cannot share a code: {field}',
  'replacements.code_collision': 'The replacements would give the code {to} to several activities ({codes})',
  'batch.one_or_many': 'Send either version_id or version_ids, not both: {field}',
  'batch.files_schedules':
    'Name one schedule per file: {files} files were sent with {schedules} schedules ({field})',
  'batch.too_many_files': 'A batch imports at most {max} files at a time ({field})',
  'curator.not_calculated':
    'Calculate the version "{label}" first: only calculated dates can be accepted ({field})',
  'curator.unknown_row': 'The row {code} is not a row of this version: {field}',
  'curator.duplicate_row': 'The row {code} is named twice: {field}',
  'curator.no_dates': 'The row {code} has no calculated dates to accept: {field}',
  bad_image: 'Send a PNG, JPEG, GIF or WebP image up to 1 MB in the field "file"',
  wrong_password: 'The current password is wrong',
  // directories
  'directory.no_header': 'The first row must name the columns {columns}',
  'directory.no_rows': 'The file has no values',
  'directory.empty_code': 'Row {row}: the code is empty',
  'directory.duplicate_code': 'Row {row}: the code {code} is already in row {first}',
  'directory.unknown_parent': 'Row {row}: no value has the parent code {code}',
  'directory.parent_cycle': 'Row {row}: the parents of {code} lead back to it',
  'directory.too_long': 'Row {row}: the code is longer than 64 or the name than 500 characters',
  'timesheet.not_assigned':
    'The work {item_id} is not assigned to the owner of the timesheet: a planner names them its executor',
  'timesheet.bad_period': 'The period is not valid (it ends before it starts, or is too long): {field}',
  'timesheet.report': 'Timesheets',
  'timesheet.col_person': 'Person',
  'timesheet.col_schedule': 'Schedule — version',
  'timesheet.col_code': 'Code',
  'timesheet.col_work': 'Work',
  'timesheet.col_unit': 'Unit',
  'timesheet.col_hours': 'Hours',
  'timesheet.col_fact': 'Fact',
  'timesheet.col_cost': 'Cost',
  'directory.bad_file': 'Send a CSV or XLSX file in the field "file"',
  'directory.code_taken': 'The code {code} is already in this directory',
  'directory.nothing_to_undo': 'Nothing to undo among your edits of this directory',
  'directory.nothing_to_redo': 'Nothing to redo among your edits of this directory',
  'directory.undo_changed':
    'These directory values were changed since (by another edit or member): your edit stays as it is and leaves the undo history',
  'directory.attribute_taken': 'The directory already has an attribute named {name}',
  'directory.not_donor': 'The attribute {name} of the directory gives its values to no attribute: {field}',
  'attribute.not_in_list': 'The value "{value}" is not in the list of {name}: {values}',
  'attribute.not_in_directory': 'The value "{value}" is not a code of the directory of {name}: {field}',
  'attribute.linked':
    "The attribute {name} shows the values of a directory: change the value in the directory, or the row's link to it",
  'directory.already_linked': 'The attribute {name} of the directory is already shown on WBS rows: {field}',
  'directory.list_wrong_value': 'The value {value_id} is not a value of this directory: {field}',
  'directory.list_taken': 'The directory already has a list named {name}: {field}',
  'directory.list_unknown': 'The directory has no such list: {field}',
  'directory.unknown': 'The space has no such directory: {field}',
  'directory.not_reference': 'The attribute does not point into this directory: {field}',
  'directory.unknown_code': 'The directory has no value with the code {code}: {field}',
};

const ru: Record<string, string> = {
  BadRequest: 'Неверный запрос',
  Unauthorized: 'Пользователь не авторизован',
  LicenseLimit: 'Превышен лимит пользователей для выбранного пространства',
  LicenseNotFound: 'Не найдена лицензия для пространства. Обратитесь к системному администратору',
  LicenseExpired: 'Срок лицензии пространства истёк. Обратитесь к системному администратору',
  Forbidden: 'Нет доступа к выбранному пространству',
  IPNotAllowed: 'Доступ с этого IP-адреса запрещён',
  NotFound: 'Не найдено',
  Conflict: 'Запрос противоречит текущему состоянию',
  TooManyRequests: 'Слишком много попыток, повторите через минуту',
  UnknownException: 'Неизвестная ошибка',
  required: 'Обязательное поле: {field}',
  max_length: 'Поле превышает максимальную длину строки - {max} символов',
  min_length: 'Поле короче {min} символов: {field}',
  prohibited_characters: 'Поле содержит запрещённые символы',
  invalid_email: 'Неверный email',
  password_mismatch: 'Пароли не совпадают',
  invalid: 'Неверное значение: {field}',
  curve_name_taken: 'Кривая с таким именем уже есть: {field}',
  curve_empty: 'Нужна хотя бы одна точка кривой больше нуля: {field}',
  wrong_credentials: 'Неверный логин или пароль',
  wrong_answer: 'Ошибка при сбросе пароля',
  reset_locked:
    'Слишком много неверных ответов: восстановление пароля для этого логина заблокировано на {minutes} мин.',
  no_secret_question: 'Секретный вопрос не задан. Обратитесь к системному администратору',
  login_taken: 'Этот логин уже занят',
  session_expired: 'Сеанс завершён, войдите снова',
  not_found: '{what}: не найдено',
  not_member: 'Пользователь не состоит в пространстве',
  already_member: 'Пользователь уже состоит в пространстве',
  last_moderator: 'В пространстве должен остаться хотя бы один модератор',
  role_in_use: 'Роль назначена участникам пространства',
  role_builtin: 'Встроенную роль нельзя удалить',
  version_locked: 'Версия заблокирована',
  'resources.nothing_to_undo': 'Среди ваших правок ресурсов нечего отменять',
  'resources.nothing_to_redo': 'Среди ваших правок ресурсов нечего повторять',
  'resources.undo_changed':
    'Эти ресурсы с тех пор изменены (другой правкой или участником): ваша правка остаётся как есть и уходит из истории отмены',
  calendar_default: 'Календарь по умолчанию нельзя удалить',
  calendar_in_use: 'Календарь используется работами графика',
  not_free_space: 'Так можно удалить только бесплатное пространство',
  ip_excludes_caller: 'Список разрешённых адресов не включает ваш адрес {ip}',
  moderator_keeps_admin: 'Роль модератора сохраняет администрирование пространства',
  ability_needs_read: 'Право в модуле требует права на чтение',
  wrong_parent: 'Сюда нельзя переместить этот элемент',
  'versions.other_schedule': 'Версия {version} не относится к этому графику',
  'versions.same_version': 'Выберите для сравнения две разные версии',
  'versions.actual_target': 'Актуальная версия не может быть целевой; выберите другую версию',
  'replacements.same_value': 'Правило заменяет «{value}» на само себя: {field}',
  'replacements.duplicate_from': 'Другое правило уже заменяет «{value}»: {field}',
  'replacements.many_to_one':
    'Коды {first} и {second} оба стали бы {to}; у двух работ не может быть одного кода: {field}',
  'replacements.code_collision': 'Замены дали бы код {to} нескольким работам ({codes})',
  'batch.one_or_many': 'Укажите либо version_id, либо version_ids, но не оба: {field}',
  'batch.files_schedules':
    'Укажите по одному графику на файл: отправлено файлов — {files}, графиков — {schedules} ({field})',
  'batch.too_many_files': 'За один раз пакет импортирует не более {max} файлов ({field})',
  'curator.not_calculated':
    'Сначала рассчитайте версию «{label}»: принять можно только рассчитанные даты ({field})',
  'curator.unknown_row': 'Строка {code} не относится к этой версии: {field}',
  'curator.duplicate_row': 'Строка {code} указана дважды: {field}',
  'curator.no_dates': 'У строки {code} нет рассчитанных дат для принятия: {field}',
  bad_image: 'Отправьте изображение PNG, JPEG, GIF или WebP до 1 МБ в поле "file"',
  wrong_password: 'Текущий пароль неверен',
  'directory.no_header': 'В первой строке должны быть названия столбцов {columns}',
  'directory.no_rows': 'В файле нет значений',
  'directory.empty_code': 'Строка {row}: код пуст',
  'directory.duplicate_code': 'Строка {row}: код {code} уже есть в строке {first}',
  'directory.unknown_parent': 'Строка {row}: нет значения с кодом родителя {code}',
  'directory.parent_cycle': 'Строка {row}: родители {code} ведут обратно к нему',
  'directory.too_long': 'Строка {row}: код длиннее 64 или наименование длиннее 500 символов',
  'timesheet.not_assigned':
    'Работа {item_id} не назначена владельцу табеля: планировщик назначает его исполнителем работы',
  'timesheet.bad_period': 'Период задан неверно (кончается раньше начала или слишком длинный): {field}',
  'timesheet.report': 'Табели',
  'timesheet.col_person': 'Сотрудник',
  'timesheet.col_schedule': 'График — версия',
  'timesheet.col_code': 'Код',
  'timesheet.col_work': 'Работа',
  'timesheet.col_unit': 'Ед. изм.',
  'timesheet.col_hours': 'Часы',
  'timesheet.col_fact': 'Факт',
  'timesheet.col_cost': 'Стоимость',
  'directory.bad_file': 'Отправьте файл CSV или XLSX в поле "file"',
  'directory.code_taken': 'Код {code} уже есть в этом справочнике',
  'directory.nothing_to_undo': 'Среди ваших правок этого справочника нечего отменять',
  'directory.nothing_to_redo': 'Среди ваших правок этого справочника нечего повторять',
  'directory.undo_changed':
    'Эти значения справочника с тех пор изменены (другой правкой или участником): ваша правка остаётся как есть и уходит из истории отмены',
  'directory.attribute_taken': 'В справочнике уже есть атрибут {name}',
  'directory.not_donor': 'Атрибут справочника {name} не передаёт значения ни одному атрибуту: {field}',
  'attribute.not_in_list': 'Значения «{value}» нет в списке атрибута {name}: {values}',
  'attribute.not_in_directory': 'Значения «{value}» нет среди кодов справочника атрибута {name}: {field}',
  'attribute.linked':
    'Атрибут {name} показывает значения справочника: измените значение в справочнике или ссылку строки на него',
  'directory.already_linked': 'Атрибут справочника {name} уже показан в строках ГПР: {field}',
  'directory.list_wrong_value': 'Значение {value_id} не относится к этому справочнику: {field}',
  'directory.list_taken': 'В справочнике уже есть список {name}: {field}',
  'directory.list_unknown': 'В справочнике нет такого списка: {field}',
  'directory.unknown': 'В пространстве нет такого справочника: {field}',
  'directory.not_reference': 'Атрибут не ссылается на этот справочник: {field}',
  'directory.unknown_code': 'В справочнике нет значения с кодом {code}: {field}',
};

const catalog: Record<ServerLang, Record<string, string>> = {
  en: { ...en, ...costrEn, ...collabEn, ...admin2En, ...bimEn, ...relationEn, ...remoteEn, ...groupEn },
  ru: { ...ru, ...costrRu, ...collabRu, ...admin2Ru, ...bimRu, ...relationRu, ...remoteRu, ...groupRu },
};

/** The language of a request: the `language` header, else Accept-Language; ru or en. */
export function pickLang(language: unknown, acceptLanguage: unknown): ServerLang {
  const raw = typeof language === 'string' && language ? language : String(acceptLanguage ?? '');
  return raw.trim().toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

export function translate(lang: ServerLang, code: string, params: Record<string, unknown> = {}): string {
  const text = catalog[lang][code] ?? catalog.en[code] ?? code;
  return text.replace(/\{(\w+)\}/g, (_, k: string) =>
    params[k] === undefined ? `{${k}}` : String(params[k]),
  );
}

export const messageCodes = Object.keys(catalog.en);
export const catalogs = catalog;
