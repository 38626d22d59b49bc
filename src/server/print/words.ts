// Words printed on the page, in the caller's language (fr prints English, spec §1).
import type { ServerLang } from '../i18n/messages';
import { MONTHS_EN } from '../../domain/print/layout';
import type { PrintWords } from './render';

export const PRINT_WORDS: Record<ServerLang, PrintWords> = {
  en: {
    columns: {
      code: 'Code',
      name: 'Name',
      duration: 'Dur (d)',
      start: 'Start',
      finish: 'Finish',
      total_float: 'TF (d)',
      percent: '%',
      actual_start: 'Actual start',
      actual_finish: 'Actual finish',
    },
    months: MONTHS_EN,
    legend: {
      critical: 'Critical',
      normal: 'Not critical',
      done: 'Completed',
      summary: 'Summary',
      milestone: 'Milestone',
      dataDate: 'Data date',
    },
  },
  ru: {
    columns: {
      code: 'Код',
      name: 'Наименование',
      duration: 'Длит. (д)',
      start: 'Начало',
      finish: 'Окончание',
      total_float: 'ОР (д)',
      percent: '%',
      actual_start: 'Факт. начало',
      actual_finish: 'Факт. оконч.',
    },
    months: ['Янв', 'Фев', 'Мар', 'Апр', 'Май', 'Июн', 'Июл', 'Авг', 'Сен', 'Окт', 'Ноя', 'Дек'],
    legend: {
      critical: 'Критические',
      normal: 'Некритические',
      done: 'Завершённые',
      summary: 'Суммарные',
      milestone: 'Веха',
      dataDate: 'Дата актуализации',
    },
  },
};
