// Texts of the print and report error items, in en and ru.
import { catalogs } from '../i18n/messages';
import { MIN_SHEET_HEIGHT_MM, MIN_SHEET_WIDTH_MM } from '../../domain/print/settings';

const en: Record<string, string> = {
  'print.format_name_taken': 'A format with this name already exists',
  'print.sheet_width': `The sheet width must be at least ${MIN_SHEET_WIDTH_MM} mm: {field}`,
  'print.sheet_height': `The sheet height must be at least ${MIN_SHEET_HEIGHT_MM} mm: {field}`,
  'print.margin': 'A margin cannot be less than 0: {field}',
  'print.margins_too_wide': 'The margins leave no room on the sheet: {field}',
  'print.unknown_value':
    'Unknown dynamic value in a title ({field}); use {page}, {pages}, {date}, {schedule}, {version}, {data_date}, {user}',
  'print.bad_filter': 'The filter is not a valid filter: {field}',
  'print.bad_target': 'The target version is not a version of this schedule: {field}',
  'print.too_many_pages': 'The print would have {pages} pages, more than {max}: {field}',
  'print.unknown_format': 'There is no sheet format named “{format}”: {field}',
  'print.unknown_preset': 'There is no dashboard preset of yours with this id: {field}',
  'print.unknown_node': 'A space’s dashboard is printed by the space’s own id: {field}',
  'report.not_xlsx': 'The template must be an XLSX workbook: {field}',
  'report.unknown_placeholder': 'Unknown placeholder {placeholder} (sheet {sheet}, cell {cell}): {field}',
  'report.field_outside_table':
    '{placeholder} (sheet {sheet}, cell {cell}) is a row field: put it in a row with a {{rows.SET}} (row.…) or {{resources.UNIT}} (res.…) table placeholder: {field}',
  'report.chart_not_alone':
    'A chart placeholder {placeholder} must be alone in its cell (sheet {sheet}, cell {cell}): {field}',
  'report.no_schedules': 'The project of this version has no schedule with a working version: {field}',
  'report.two_tables_in_row':
    'One row holds two tables; {placeholder} (sheet {sheet}, cell {cell}) is the second: {field}',
  'report.builtin': 'A built-in report cannot be deleted',
  'report.no_file': 'Send the XLSX template in the multipart field "file"',
};

const ru: Record<string, string> = {
  'print.format_name_taken': 'Формат с таким названием уже существует',
  'print.sheet_width': `Ширина листа должна быть не меньше ${MIN_SHEET_WIDTH_MM} мм: {field}`,
  'print.sheet_height': `Высота листа должна быть не меньше ${MIN_SHEET_HEIGHT_MM} мм: {field}`,
  'print.margin': 'Поле не может быть меньше 0: {field}',
  'print.margins_too_wide': 'Поля не оставляют места на листе: {field}',
  'print.unknown_value':
    'Неизвестное значение в колонтитуле ({field}); используйте {page}, {pages}, {date}, {schedule}, {version}, {data_date}, {user}',
  'print.bad_filter': 'Фильтр задан неверно: {field}',
  'print.bad_target': 'Целевая версия не принадлежит этому графику: {field}',
  'print.too_many_pages': 'В печати было бы {pages} страниц, больше {max}: {field}',
  'print.unknown_format': 'Нет формата листа «{format}»: {field}',
  'print.unknown_preset': 'У вас нет набора панели с таким идентификатором: {field}',
  'print.unknown_node': 'Панель пространства печатается по идентификатору самого пространства: {field}',
  'report.not_xlsx': 'Шаблон должен быть книгой XLSX: {field}',
  'report.unknown_placeholder':
    'Неизвестная подстановка {placeholder} (лист {sheet}, ячейка {cell}): {field}',
  'report.field_outside_table':
    '{placeholder} (лист {sheet}, ячейка {cell}) — поле строки: поместите его в строку с подстановкой таблицы {{rows.SET}} (row.…) или {{resources.UNIT}} (res.…): {field}',
  'report.chart_not_alone':
    'Подстановка диаграммы {placeholder} должна быть одна в ячейке (лист {sheet}, ячейка {cell}): {field}',
  'report.no_schedules': 'В проекте этой версии нет графика с рабочей версией: {field}',
  'report.two_tables_in_row':
    'В одной строке две таблицы; {placeholder} (лист {sheet}, ячейка {cell}) — вторая: {field}',
  'report.builtin': 'Встроенный отчёт нельзя удалить',
  'report.no_file': 'Отправьте шаблон XLSX в поле multipart "file"',
};

Object.assign(catalogs.en, en);
Object.assign(catalogs.ru, ru);
