// The user guide served by GET /guide (en and ru; fr reads en): what a newcomer needs to find
// their way around the product's screens, one section per screen or task, opened from the top
// bar's Guide button (src/modules/versions/GuideDialog.tsx).
import type { Guide } from '../../api/app';
import type { ServerLang } from './messages';

const en: Guide = {
  sections: [
    {
      id: 'spaces',
      title: 'Spaces',
      body: 'A space holds the work of one organisation. Choose a space after signing in, or create a free one; "Switch space" in the top bar brings the list back. Moderators invite users, assign roles and set the IP allow-list in Administration.',
    },
    {
      id: 'structure',
      title: 'Structure tree',
      body: 'The left rail opens Structure: facilities hold projects, projects hold schedules, schedules hold versions. Select a node and use the toolbar: Add (a facility, project, schedule or schedule group), F2 renames, Delete removes after a confirmation, ↑ and ↓ move between nodes and Enter opens a version in the workbench.',
    },
    {
      id: 'groups',
      title: 'Schedule groups',
      body: 'With a project selected, Add → Schedule group gathers some of its schedules. Drag a schedule with the mouse onto a group or a project to put it last there, or onto another schedule to put it at that place; the row under the pointer turns green where it can go and red where it cannot. Deleting a group keeps its schedules in the project.',
    },
    {
      id: 'workbench',
      title: 'The workbench: grid and Gantt',
      body: 'Opening a version shows its activities as a grid on the left and a Gantt chart on the right. Type in a cell to edit it, Tab and the arrow keys move, Insert adds a row, Alt+Shift+→ indents. Drag a bar to move an activity, drag its end to change the duration, drag from one bar to another to link them. The ? button lists every key and mouse gesture.',
    },
    {
      id: 'calculate',
      title: 'Calculating a schedule',
      body: 'Calculate on the workbench toolbar schedules the version from its data date through its relations, calendars and constraints. A version is "Not calculated" after an edit, "Calculating" while the server works and "Calculated" when its dates are current; a loop in the relations is named and nothing is written. Critical activities are drawn red.',
    },
    {
      id: 'versions',
      title: 'Versions',
      body: 'A schedule keeps its versions: working versions, one target version (the baseline others are compared with) and one actual version (the one reported). Lock a version to protect it from edits. In the structure tree, Copy to… copies a version into another schedule and Make target makes it the baseline.',
    },
    {
      id: 'upload',
      title: 'Uploading a file',
      body: "Upload version on a schedule reads Primavera P6 (XER, XML), MS Project (XML), Excel, CSV and JSON files and adds them as a new, calculated version; the mapping of columns can be saved as a rule. Replacements… on a schedule turns a contractor's codes, calendars and resources into the owner's on every upload. Import files… on a project uploads a file into each of several schedules in one job.",
    },
    {
      id: 'compare',
      title: 'Comparing versions',
      body: 'Select a version and choose Compare: pick the version compared against (the target by default) and the number of days that counts as a slip. The summary says how far the finish moved, how many activities slipped and whether the critical path changed; the grid marks added, removed and changed rows with old → new values, the Gantt column shows both bars and the slip, and the filters show one kind of change or one field. Export to Excel saves the comparison.',
    },
    {
      id: 'curator',
      title: 'Curator dates',
      body: 'Curator dates… on a calculated version lets a curator accept the proposed start and finish of rows. Later calculations move the proposal, not the acceptance, so rows that moved since are shown with both dates and how many days they slipped.',
    },
    {
      id: 'batch',
      title: 'Batch processing',
      body: 'With a project selected, Calculate schedules…, Export schedules… and Import files… work on several schedules in one job. Each schedule shows Waiting, Working, Done or Failed with the reason; Stop finishes the schedule being worked on and leaves the rest untouched. The report at the end counts what was done, failed and stopped.',
    },
    {
      id: 'resources',
      title: 'Resources and daily plans',
      body: "Resources lists the people, machines and materials of the space and their assignments. Daily plans spread each work's volume over the days and record the facts; days before the editing limit (Daily plan limits… on a schedule) can no longer be changed.",
    },
    {
      id: 'reports',
      title: 'Reports, export and print',
      body: 'Export a version to Excel, CSV, JSON, P6 or MS Project files; print the grid and Gantt to PDF with your page set-up; reports and analytics summarise progress across projects.',
    },
    {
      id: 'roles',
      title: 'Roles',
      body: 'Moderators manage the space; planning and control edit the structure and schedules; fact gathering enters actual progress; students read. A button you may not use is greyed out, and the server refuses the call with a message saying why.',
    },
  ],
};

const ru: Guide = {
  sections: [
    {
      id: 'spaces',
      title: 'Пространства',
      body: 'Пространство хранит работу одной организации. После входа выберите пространство или создайте бесплатное; кнопка «Сменить пространство» в верхней панели снова показывает список. Модераторы приглашают пользователей, назначают роли и задают список разрешённых IP-адресов в разделе «Администрирование».',
    },
    {
      id: 'structure',
      title: 'Дерево структуры',
      body: 'Левая панель открывает «Структуру»: объекты содержат проекты, проекты — графики, графики — версии. Выберите узел и воспользуйтесь панелью инструментов: «Добавить» (объект, проект, график или группу графиков), F2 переименовывает, Delete удаляет после подтверждения, ↑ и ↓ переходят между узлами, Enter открывает версию в рабочей области.',
    },
    {
      id: 'groups',
      title: 'Группы графиков',
      body: 'Выберите проект и нажмите «Добавить» → «Группа графиков», чтобы собрать часть его графиков. Перетащите график мышью на группу или проект — он встанет последним, на другой график — встанет на его место; строка под указателем зеленеет там, куда можно положить, и краснеет, где нельзя. При удалении группы её графики остаются в проекте.',
    },
    {
      id: 'workbench',
      title: 'Рабочая область: таблица и Гант',
      body: 'Открытая версия показывает работы таблицей слева и диаграммой Ганта справа. Начните печатать в ячейке, чтобы изменить её; Tab и стрелки перемещают, Insert добавляет строку, Alt+Shift+→ сдвигает вправо по уровню. Перетащите полосу, чтобы сдвинуть работу, её конец — чтобы изменить длительность, от одной полосы к другой — чтобы связать их. Кнопка «?» перечисляет все клавиши и жесты мыши.',
    },
    {
      id: 'calculate',
      title: 'Расчёт графика',
      body: '«Рассчитать» на панели рабочей области строит график от даты актуализации по связям, календарям и ограничениям. После правки версия «Не рассчитана», пока сервер считает — «Рассчитывается», когда даты актуальны — «Рассчитана»; цикл в связях называется поимённо, и ничего не записывается. Критические работы рисуются красным.',
    },
    {
      id: 'versions',
      title: 'Версии',
      body: 'У графика есть версии: рабочие, одна целевая (базовый план, с которым сравнивают остальные) и одна актуальная (по которой отчитываются). Заблокируйте версию, чтобы защитить её от изменений. В дереве структуры «Копировать в…» копирует версию в другой график, а «Сделать целевой» делает её базовым планом.',
    },
    {
      id: 'upload',
      title: 'Загрузка файла',
      body: '«Загрузить версию» у графика читает файлы Primavera P6 (XER, XML), MS Project (XML), Excel, CSV и JSON и добавляет их новой рассчитанной версией; сопоставление столбцов можно сохранить как правило. «Замены…» у графика превращают коды, календари и ресурсы подрядчика в коды заказчика при каждой загрузке. «Импорт файлов…» у проекта загружает по файлу в несколько графиков одной задачей.',
    },
    {
      id: 'compare',
      title: 'Сравнение версий',
      body: 'Выберите версию и нажмите «Сравнить»: укажите, с какой версией сравнивать (по умолчанию — с целевой), и сколько дней считать сдвигом. Сводка показывает, на сколько сдвинулось окончание, сколько работ сдвинулось и изменился ли критический путь; таблица отмечает добавленные, удалённые и изменённые строки со значениями «было → стало», столбец Ганта показывает обе полосы и сдвиг, а фильтры — один вид изменений или одно поле. «Экспорт в Excel» сохраняет сравнение.',
    },
    {
      id: 'curator',
      title: 'Даты куратора',
      body: '«Даты куратора…» у рассчитанной версии позволяют куратору принять предложенные начало и окончание строк. Последующие расчёты сдвигают предложение, а не принятые даты, поэтому строки, сдвинувшиеся с тех пор, показаны с обеими датами и числом дней сдвига.',
    },
    {
      id: 'batch',
      title: 'Пакетная обработка',
      body: 'Выберите проект: «Рассчитать графики…», «Экспорт графиков…» и «Импорт файлов…» обрабатывают несколько графиков одной задачей. У каждого графика видно: «Ожидает», «Выполняется», «Готово» или «Ошибка» с причиной; «Остановить» завершает текущий график, остальные не затрагиваются. Итоговый отчёт считает выполненные, ошибочные и остановленные.',
    },
    {
      id: 'resources',
      title: 'Ресурсы и суточные планы',
      body: '«Ресурсы» перечисляют людей, машины и материалы пространства и их назначения. Суточные планы распределяют объём каждой работы по дням и хранят факт; дни раньше предела редактирования («Пределы суточных планов…» у графика) менять уже нельзя.',
    },
    {
      id: 'reports',
      title: 'Отчёты, экспорт и печать',
      body: 'Экспортируйте версию в Excel, CSV, JSON, P6 или MS Project; печатайте таблицу и Гант в PDF с вашими настройками страницы; отчёты и аналитика сводят ход работ по проектам.',
    },
    {
      id: 'roles',
      title: 'Роли',
      body: 'Модераторы управляют пространством; планирование и контроль редактируют структуру и графики; сбор факта вносит фактическое выполнение; студенты читают. Недоступная вам кнопка неактивна, а сервер отклоняет вызов с сообщением о причине.',
    },
  ],
};

export const guide = (lang: ServerLang): Guide => (lang === 'ru' ? ru : en);
