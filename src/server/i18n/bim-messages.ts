// Server texts of the 3D/BIM module (issue 25), merged into the en and ru catalogues.
export const bimEn: Record<string, string> = {
  BimNotLicensed: 'BIM is not in the licence. Contact your system administrator',
  BimUsersExceeded: 'The BIM users of the licence are exceeded ({cap}). Contact your system administrator',
  'bim.no_file': 'Send an IFC file (.ifc or .ifczip) in the field "file"',
  'bim.not_ifc': 'The file {file} is not an IFC model (field "file")',
  'bim.truncated': 'The IFC file {file} is cut short or damaged (field "file")',
  'bim.unsupported_schema': 'The IFC schema {schema} is not supported: IFC2X3, IFC4 or IFC4X3 (field "file")',
  'bim.no_products': 'The IFC file {file} holds no building elements (field "file")',
  'bim.unknown_element': 'The model has no element {element_id} ({field})',
  'bim.unknown_model': 'The project has no model {model_id} ({field})',
  'bim.model_not_ready': 'The model {model_id} is still being read or failed',
  'bim.unknown_schedule': 'The schedule {schedule_id} is not in this project ({field})',
  'bim.other_version': 'The row {wbs_id} is not in version {version_id} ({field})',
  'bim.other_schedule': 'The version belongs to another schedule than the link ({field})',
  'bim.bad_rule': 'The rule needs {field}',
  'bim.builtin_profile': 'The built-in profile cannot be changed or deleted, only made active ({field})',
  'bim.bad_profile': 'A profile by attribute needs {field}',
};

export const bimRu: Record<string, string> = {
  BimNotLicensed: 'BIM не входит в лицензию. Обратитесь к системному администратору',
  BimUsersExceeded:
    'Превышено число пользователей BIM по лицензии ({cap}). Обратитесь к системному администратору',
  'bim.no_file': 'Отправьте файл IFC (.ifc или .ifczip) в поле "file"',
  'bim.not_ifc': 'Файл {file} не является моделью IFC (поле "file")',
  'bim.truncated': 'Файл IFC {file} обрезан или повреждён (поле "file")',
  'bim.unsupported_schema': 'Схема IFC {schema} не поддерживается: IFC2X3, IFC4 или IFC4X3 (поле "file")',
  'bim.no_products': 'В файле IFC {file} нет элементов здания (поле "file")',
  'bim.unknown_element': 'В модели нет элемента {element_id} ({field})',
  'bim.unknown_model': 'В проекте нет модели {model_id} ({field})',
  'bim.model_not_ready': 'Модель {model_id} ещё читается или не прочитана',
  'bim.unknown_schedule': 'График {schedule_id} не относится к этому проекту ({field})',
  'bim.other_version': 'Строка {wbs_id} не относится к версии {version_id} ({field})',
  'bim.other_schedule': 'Версия относится не к тому графику, что связь ({field})',
  'bim.bad_rule': 'В правиле нужно указать {field}',
  'bim.builtin_profile':
    'Встроенный профиль нельзя изменить или удалить, его можно только сделать активным ({field})',
  'bim.bad_profile': 'Для профиля по атрибуту нужно указать {field}',
};
