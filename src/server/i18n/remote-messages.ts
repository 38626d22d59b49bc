// Server texts of remote spaces (copying a space from another deployment; issue 21), merged into
// the en and ru catalogues.
export const remoteEn: Record<string, string> = {
  'remote.url_invalid': 'The address of the other deployment is not a web address: {field}',
  'remote.url_scheme': 'The address of the other deployment must start with http:// or https://: {field}',
  'remote.url_credentials': 'The address must not carry a user name or password (use the token): {field}',
  'remote.unreachable': 'The other deployment does not answer at {url}',
  'remote.redirect': 'The other deployment at {url} redirects elsewhere; give its final address',
  'remote.bad_token': 'The other deployment refused the token',
  'remote.too_many': 'The other deployment refuses more attempts for a minute; try again later',
  'remote.not_found':
    'No copy of spaces is offered at {url}: check the address, or ask its administrator to set a remote-access token',
  'remote.failed': 'The other deployment answered with an error (status {status})',
  'remote.not_product': 'The address does not answer as a deployment of this product',
  'remote.unsupported_version':
    'The other deployment (version {version}) writes copies this server cannot read; update one of them',
  'remote.too_large': 'The space is larger than this server takes from another deployment ({max_mb} MB)',
  'remote.unreadable': 'The copy sent by the other deployment cannot be read',
  'remote.space_not_shown': 'The token does not show this space: {field}',
};

export const remoteRu: Record<string, string> = {
  'remote.url_invalid': 'Адрес другого развёртывания не является веб-адресом: {field}',
  'remote.url_scheme': 'Адрес другого развёртывания должен начинаться с http:// или https://: {field}',
  'remote.url_credentials':
    'В адресе не должно быть имени пользователя или пароля (используйте токен): {field}',
  'remote.unreachable': 'Другое развёртывание не отвечает по адресу {url}',
  'remote.redirect':
    'Другое развёртывание по адресу {url} перенаправляет в другое место; укажите конечный адрес',
  'remote.bad_token': 'Другое развёртывание отклонило токен',
  'remote.too_many': 'Другое развёртывание на минуту отказывает в новых попытках; повторите позже',
  'remote.not_found':
    'По адресу {url} копирование пространств не предлагается: проверьте адрес или попросите администратора задать токен удалённого доступа',
  'remote.failed': 'Другое развёртывание ответило ошибкой (статус {status})',
  'remote.not_product': 'По этому адресу отвечает не развёртывание этого продукта',
  'remote.unsupported_version':
    'Другое развёртывание (версия {version}) пишет копии, которые этот сервер не читает; обновите одно из них',
  'remote.too_large': 'Пространство больше, чем этот сервер принимает от другого развёртывания ({max_mb} МБ)',
  'remote.unreadable': 'Копию, присланную другим развёртыванием, не удаётся прочитать',
  'remote.space_not_shown': 'Токен не показывает это пространство: {field}',
};
