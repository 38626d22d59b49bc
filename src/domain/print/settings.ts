// Print settings of a version (spec §4 "Print format", §5 and §9): the sheet, the grid columns
// printed beside the Gantt, the fit (N pages wide or a fixed scale), header and footer titles for
// a special first page, default pages and a special last page, and the legend. Pure types and
// rules; the server's zod schemas (src/api/print.ts) mirror them.
import type { GridIndicator } from '../indicators/grid-filter';

/** Spec §9: the smallest sheet is 297 by 210 mm (width at least 297, height at least 210). */
export const MIN_SHEET_WIDTH_MM = 297;
export const MIN_SHEET_HEIGHT_MM = 210;
export const MAX_SHEET_MM = 5000;
export const MIN_MARGIN_MM = 0;

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** A sheet format: a name, width and height in mm (landscape or portrait), margins in mm. */
export interface SheetFormat {
  name: string;
  width_mm: number;
  height_mm: number;
  margins_mm: Margins;
}

const m10: Margins = { top: 10, right: 10, bottom: 10, left: 10 };
/** Formats every user has; a user's own formats (print presets) may not take these names. */
export const BUILTIN_FORMATS: readonly SheetFormat[] = [
  { name: 'A4', width_mm: 297, height_mm: 210, margins_mm: m10 },
  { name: 'A3', width_mm: 420, height_mm: 297, margins_mm: m10 },
  { name: 'A3 portrait', width_mm: 297, height_mm: 420, margins_mm: m10 },
  { name: 'A2', width_mm: 594, height_mm: 420, margins_mm: m10 },
  { name: 'A1', width_mm: 841, height_mm: 594, margins_mm: m10 },
  { name: 'A0', width_mm: 1189, height_mm: 841, margins_mm: m10 },
];

export const PRINT_COLUMNS = [
  'code',
  'name',
  'duration',
  'start',
  'finish',
  'total_float',
  'percent',
  'actual_start',
  'actual_finish',
] as const;
export type PrintColumn = (typeof PRINT_COLUMNS)[number];

/** Width of each column in points at scale 100 %. */
export const COLUMN_WIDTH: Record<PrintColumn, number> = {
  code: 70,
  name: 200,
  duration: 42,
  start: 58,
  finish: 58,
  total_float: 40,
  percent: 36,
  actual_start: 58,
  actual_finish: 58,
};

export interface TitleParts {
  left: string;
  center: string;
  right: string;
}

/** Titles of one band (header or footer); first and last replace default on those pages. */
export interface TitleSet {
  /** Text size in points. */
  size: number;
  first: TitleParts | null;
  default: TitleParts;
  last: TitleParts | null;
}

export type Fit = { mode: 'pages'; pages_wide: number } | { mode: 'scale'; percent: number };

export interface PrintSettings {
  format: SheetFormat;
  columns: PrintColumn[];
  /**
   * Print the user's grid layout's columns (order, widths, attribute columns) instead of
   * `columns`, in the layout's sort and grouping.
   */
  use_layout?: boolean;
  /**
   * With the print's own `columns`: the rows in the user's grid layout's sort and grouping (as
   * `use_layout` does with the layout's columns).
   */
  layout_sort?: boolean;
  /** The schedule page's filter (JSON of domain/filter): only its rows print. Never saved. */
  filter?: string | null;
  /**
   * The schedule page's indicator filter (`filter_indicator`: critical, delayed, a quality check
   * …): only the rows it flags print, with their ancestors; with `filter`, rows pass both. Never saved.
   */
  filter_indicator?: GridIndicator | null;
  /** The page's target version (its `target` parameter) `delayed` and the target checks compare with. */
  filter_target?: string | null;
  fit: Fit;
  header: TitleSet;
  footer: TitleSet;
  legend: boolean;
  relations: boolean;
  /** A last page with the version's cyclogram: locations and kinds of work grouped by these keys. */
  cyclogram?: CyclogramPage | null;
}

/** What names the cyclogram's locations and its kinds of work (an attribute key, `wbs:N`, `name`). */
export interface CyclogramPage {
  location_by: string;
  kind_by: string;
}

const blank: TitleParts = { left: '', center: '', right: '' };

const FOOTER_TEXTS = {
  en: { dataDate: 'Data date {data_date}', page: 'Page {page} of {pages}' },
  ru: { dataDate: 'Дата актуализации {data_date}', page: 'Страница {page} из {pages}' },
};

/** The defaults, footer words in the language (fr prints English, spec §1). */
export function defaultSettings(lang: 'en' | 'ru' = 'en'): PrintSettings {
  const w = FOOTER_TEXTS[lang];
  return {
    format: structuredClone(BUILTIN_FORMATS[1]!),
    columns: ['code', 'name', 'duration', 'start', 'finish', 'total_float'],
    fit: { mode: 'pages', pages_wide: 1 },
    header: {
      size: 10,
      first: null,
      default: { left: '{schedule}', center: '{version}', right: '{date}' },
      last: null,
    },
    footer: {
      size: 8,
      first: null,
      default: { left: '{user}', center: w.dataDate, right: w.page },
      last: null,
    },
    legend: true,
    relations: true,
  };
}

export { blank as BLANK_TITLE };

/** An error of a sheet format: the field (relative to the format) and the rule broken. */
export interface FormatIssue {
  field: string;
  code: 'print.sheet_width' | 'print.sheet_height' | 'print.margin' | 'print.margins_too_wide';
  min?: number;
}

/** Spec §5: width ≥ 297 mm, height ≥ 210 mm, margins ≥ 0, and room left inside the margins. */
export function checkFormat(f: SheetFormat): FormatIssue[] {
  const out: FormatIssue[] = [];
  if (!(f.width_mm >= MIN_SHEET_WIDTH_MM) || f.width_mm > MAX_SHEET_MM)
    out.push({ field: 'width_mm', code: 'print.sheet_width', min: MIN_SHEET_WIDTH_MM });
  if (!(f.height_mm >= MIN_SHEET_HEIGHT_MM) || f.height_mm > MAX_SHEET_MM)
    out.push({ field: 'height_mm', code: 'print.sheet_height', min: MIN_SHEET_HEIGHT_MM });
  for (const side of ['top', 'right', 'bottom', 'left'] as const)
    if (!(f.margins_mm[side] >= MIN_MARGIN_MM))
      out.push({ field: `margins_mm.${side}`, code: 'print.margin', min: MIN_MARGIN_MM });
  if (out.length === 0) {
    if (f.margins_mm.left + f.margins_mm.right > f.width_mm / 2)
      out.push({ field: 'margins_mm.left', code: 'print.margins_too_wide' });
    if (f.margins_mm.top + f.margins_mm.bottom > f.height_mm / 2)
      out.push({ field: 'margins_mm.top', code: 'print.margins_too_wide' });
  }
  return out;
}

/** Format names compare without case and surrounding spaces. */
export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
