// Server texts for error lists, in en and ru (fr uses en), chosen by the language header.
// Placeholders {name} are filled from the item's params.

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
  // domain items
  wrong_credentials: 'Wrong login or password',
  wrong_answer: 'Error during password reset',
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
  calendar_default: 'The default calendar cannot be deleted',
  calendar_in_use: 'The calendar is used by schedule items',
  not_free_space: 'Only a free space can be deleted this way',
  ip_excludes_caller: 'The allow-list does not include your own address {ip}',
  wrong_parent: 'The target is not a valid place for this item',
  bad_image: 'Send a PNG, JPEG, GIF or WebP image up to 1 MB in the field "file"',
  wrong_password: 'The current password is wrong',
  // licences (spec §8)
  LicenseNoActive: 'No active licence found',
  LicenseActiveDelete: 'The active licence cannot be deleted',
  LicenseDecrypt: 'Cannot decrypt the licence token',
  LicenseAlreadyLoaded: 'The licence is already loaded',
  LicensePaidUsersExceeded: 'The space has more members than the licence allows paid users',
  LicenseVersionNotSupported: 'This application version is not supported by the licence',
  LicenseEstimatesNotIncluded: 'Estimates are not in the licence',
  LicenseEstimateUsersExceeded: 'Estimate users exceeded',
  LicenseBimNotIncluded: 'BIM is not in the licence',
  LicenseBimUsersExceeded: 'BIM users exceeded',
  moderator_keeps_admin: 'A moderator role keeps the administration of the space',
  ability_needs_read: 'An ability in a module needs read in that module',
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
  wrong_credentials: 'Неверный логин или пароль',
  wrong_answer: 'Ошибка при сбросе пароля',
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
  calendar_default: 'Календарь по умолчанию нельзя удалить',
  calendar_in_use: 'Календарь используется работами графика',
  not_free_space: 'Так можно удалить только бесплатное пространство',
  ip_excludes_caller: 'Список разрешённых адресов не включает ваш адрес {ip}',
  wrong_parent: 'Сюда нельзя переместить этот элемент',
  bad_image: 'Отправьте изображение PNG, JPEG, GIF или WebP до 1 МБ в поле "file"',
  wrong_password: 'Текущий пароль неверен',
  LicenseNoActive: 'Активная лицензия не найдена',
  LicenseActiveDelete: 'Нельзя удалить активную лицензию',
  LicenseDecrypt: 'Не удалось расшифровать токен лицензии',
  LicenseAlreadyLoaded: 'Лицензия уже загружена',
  LicensePaidUsersExceeded: 'В пространстве больше участников, чем платных пользователей в лицензии',
  LicenseVersionNotSupported: 'Эта версия приложения не поддерживается лицензией',
  LicenseEstimatesNotIncluded: 'Сметы не входят в лицензию',
  LicenseEstimateUsersExceeded: 'Превышено число пользователей смет',
  LicenseBimNotIncluded: 'BIM не входит в лицензию',
  LicenseBimUsersExceeded: 'Превышено число пользователей BIM',
  moderator_keeps_admin: 'Роль модератора сохраняет администрирование пространства',
  ability_needs_read: 'Право в модуле требует права чтения в этом модуле',
};

const catalog: Record<ServerLang, Record<string, string>> = { en, ru };

/** The language of a request: the `language` header, else Accept-Language; ru or en. */
export function pickLang(language: unknown, acceptLanguage: unknown): ServerLang {
  const raw = typeof language === 'string' && language ? language : String(acceptLanguage ?? '');
  return raw.trim().toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

export function translate(lang: ServerLang, code: string, params: Record<string, unknown> = {}): string {
  const text = catalog[lang][code] ?? en[code] ?? code;
  return text.replace(/\{(\w+)\}/g, (_, k: string) =>
    params[k] === undefined ? `{${k}}` : String(params[k]),
  );
}

export const messageCodes = Object.keys(en);
export const catalogs = catalog;
