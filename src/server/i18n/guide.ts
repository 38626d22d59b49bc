// The short user guide served by GET /guide (en and ru; fr reads en).
import type { Guide } from '../../api/app';
import type { ServerLang } from './messages';

const en: Guide = {
  sections: [
    {
      id: 'spaces',
      title: 'Spaces',
      body: 'A space holds the work of one organisation. Choose a space after signing in, or create a free one. Moderators invite users, assign roles and set the IP allow-list.',
    },
    {
      id: 'structure',
      title: 'Structure tree',
      body: 'Facilities hold projects, projects hold schedules (optionally in schedule groups), schedules hold versions. Create, rename, move up or down and delete nodes from the tree.',
    },
    {
      id: 'versions',
      title: 'Versions',
      body: 'A schedule keeps its versions: working versions, target versions (baselines to compare against) and one actual version. Lock a version to protect it from edits.',
    },
    {
      id: 'roles',
      title: 'Roles',
      body: 'Moderators manage the space; planning and control edit the structure and schedules; fact gathering and students read.',
    },
  ],
};

const ru: Guide = {
  sections: [
    {
      id: 'spaces',
      title: 'Пространства',
      body: 'Пространство хранит работу одной организации. После входа выберите пространство или создайте бесплатное. Модераторы приглашают пользователей, назначают роли и задают список разрешённых IP-адресов.',
    },
    {
      id: 'structure',
      title: 'Дерево структуры',
      body: 'Объекты содержат проекты, проекты — графики (при желании в группах графиков), графики — версии. Создавайте, переименовывайте, перемещайте вверх и вниз и удаляйте узлы дерева.',
    },
    {
      id: 'versions',
      title: 'Версии',
      body: 'У графика есть версии: рабочие, целевые (базовые планы для сравнения) и одна актуальная. Заблокируйте версию, чтобы защитить её от изменений.',
    },
    {
      id: 'roles',
      title: 'Роли',
      body: 'Модераторы управляют пространством; планирование и контроль редактируют структуру и графики; сбор факта и студенты читают.',
    },
  ],
};

export const guide = (lang: ServerLang): Guide => (lang === 'ru' ? ru : en);
