// Print of a version (spec §7 Versions: print, preview, print/count, print-presets, print-settings):
// a paged vector PDF of chosen grid columns beside the Gantt. Print presets are a user's own sheet
// formats (name, width, height, margins; spec §5 rules); print settings are a user's last settings
// for a version. docs/print.md describes the layout.
import { z } from 'zod';
import { MAX_SHEET_MM, MIN_MARGIN_MM, PRINT_COLUMNS, checkFormat } from '../domain/print/settings';
import { unknownTokens } from '../domain/print/titles';
import { parseFilter } from '../domain/filter/parse';
import { GRID_INDICATORS } from '../domain/indicators/grid-filter';
import { Id, IdParams, Name, Ok, Timestamp } from './common';
import { route } from './route';
import { Job } from './transfer';
import { AnalyticsLevel } from './analytics';

const Mm = z.number().finite();
export const Margins = z.strictObject({
  top: Mm.min(MIN_MARGIN_MM).max(MAX_SHEET_MM),
  right: Mm.min(MIN_MARGIN_MM).max(MAX_SHEET_MM),
  bottom: Mm.min(MIN_MARGIN_MM).max(MAX_SHEET_MM),
  left: Mm.min(MIN_MARGIN_MM).max(MAX_SHEET_MM),
});

const formatShape = {
  name: Name,
  width_mm: Mm,
  height_mm: Mm,
  margins_mm: Margins,
};

/** Spec §5: width ≥ 297 mm, height ≥ 210 mm, margins ≥ 0 (the 400 names the field). */
export const SheetFormat = z.strictObject(formatShape).superRefine((f, ctx) => {
  for (const issue of checkFormat(f))
    ctx.addIssue({ code: 'custom', path: issue.field.split('.'), params: { code: issue.code } });
});
export type SheetFormat = z.infer<typeof SheetFormat>;

const TitleText = z
  .string()
  .max(200)
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f]*$/u)
  .superRefine((s, ctx) => {
    if (unknownTokens(s).length) ctx.addIssue({ code: 'custom', params: { code: 'print.unknown_value' } });
  });
export const TitleParts = z.strictObject({ left: TitleText, center: TitleText, right: TitleText });
export const TitleSet = z.strictObject({
  size: z.number().min(4).max(48),
  first: TitleParts.nullable(),
  default: TitleParts,
  last: TitleParts.nullable(),
});

export const PrintColumn = z.enum(PRINT_COLUMNS);
export const PrintSettings = z.strictObject({
  format: SheetFormat,
  columns: z
    .array(PrintColumn)
    .max(PRINT_COLUMNS.length)
    .refine((cs) => new Set(cs).size === cs.length, { params: { code: 'duplicate_column' } }),
  /** Print the caller's grid layout of the version (visible columns, attributes too) instead. */
  use_layout: z.boolean().optional(),
  /** With the print's own columns: the rows in the caller's grid layout's sort and grouping. */
  layout_sort: z.boolean().optional(),
  fit: z.discriminatedUnion('mode', [
    z.strictObject({ mode: z.literal('pages'), pages_wide: z.number().int().min(1).max(50) }),
    z.strictObject({ mode: z.literal('scale'), percent: z.number().min(10).max(400) }),
  ]),
  header: TitleSet,
  footer: TitleSet,
  legend: z.boolean(),
  relations: z.boolean(),
  /**
   * The schedule page's filter (its `filter` query parameter, JSON of domain/filter): only the
   * rows it shows are printed, with their ancestors. Not kept with the saved settings.
   */
  filter: z
    .string()
    .max(20000)
    .superRefine((s, ctx) => {
      const parsed = parseFilter(s);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', params: { code: 'print.bad_filter' } });
    })
    .nullable()
    .optional(),
  /**
   * The schedule page's indicator filter (its `filter_indicator` parameter): only the rows the
   * grid shows under it are printed, with their ancestors. Not kept with the saved settings.
   */
  filter_indicator: z.enum(GRID_INDICATORS).nullable().optional(),
  /** The page's target version (its `target` parameter), for `delayed` and the target checks. */
  filter_target: Id.nullable().optional(),
  /** A last page with the cyclogram; the keys as `GET versions/{id}/cyclogram/{attributeId}` takes them. */
  cyclogram: z
    .strictObject({ location_by: z.string().min(1).max(200), kind_by: z.string().min(1).max(200) })
    .nullable()
    .optional(),
});
export type PrintSettings = z.infer<typeof PrintSettings>;

export const PrintPreset = z.object({
  id: Id,
  name: z.string(),
  width_mm: z.number(),
  height_mm: z.number(),
  margins_mm: Margins,
  created_at: Timestamp,
});
export type PrintPreset = z.infer<typeof PrintPreset>;

export const PrintCount = z.object({
  pages: z.number().int(),
  /** Pages across (column bands) and down (row bands). */
  across: z.number().int(),
  down: z.number().int(),
  rows: z.number().int(),
  /** Scale of the strip on the sheet, 1 = 100 %. */
  scale: z.number(),
});
export type PrintCount = z.infer<typeof PrintCount>;

export const SavedPrintSettings = z.object({
  version_id: Id,
  settings: PrintSettings,
  /** False: nothing saved yet, these are the defaults. */
  saved: z.boolean(),
});
export type SavedPrintSettings = z.infer<typeof SavedPrintSettings>;

const SettingsBody = z.strictObject({ settings: PrintSettings });
const SaveBody = z.strictObject({ version_id: Id, settings: PrintSettings });

/**
 * A dashboard's print: the charts of a dashboard (`scope` and `id` as the analytics calls take
 * them: the space id for the space) on sheets of a format, by name — a built-in one or one of the
 * caller's print presets — with header and footer titles. `preset_id`: one of the caller's
 * dashboard presets of that node (default: the active one, else the default view).
 */
export const DashboardPrintBody = z.strictObject({
  scope: AnalyticsLevel,
  id: Id,
  format: z.string().trim().min(1).max(100),
  preset_id: Id.nullable().optional(),
  header: TitleSet.optional(),
  footer: TitleSet.optional(),
});
export type DashboardPrintBody = z.infer<typeof DashboardPrintBody>;

export const DashboardPrintCount = z.object({
  pages: z.number().int(),
  /** Charts in a row of the sheet. */
  columns: z.number().int(),
  /** The charts printed, in order (tiles included). */
  charts: z.array(z.string()),
  width_pt: z.number(),
  height_pt: z.number(),
});
export type DashboardPrintCount = z.infer<typeof DashboardPrintCount>;

export const printRoutes = {
  dashboardPrint: route({
    method: 'POST',
    path: '/analytics/print/dashboard',
    scope: 'space',
    summary:
      "Print a dashboard's charts as a paged vector PDF: queues a print_version job (progress as live events)",
    body: DashboardPrintBody,
    response: Job,
    status: 201,
  }),
  dashboardPreview: route({
    method: 'POST',
    path: '/analytics/print/dashboard/preview',
    scope: 'space',
    summary: "One page of a dashboard's print as an SVG image (header x-print-pages: the page count)",
    body: DashboardPrintBody.extend({ page: z.number().int().min(0).max(10_000).default(0) }),
    response: 'blob',
  }),
  dashboardCount: route({
    method: 'POST',
    path: '/analytics/print/dashboard/count',
    scope: 'space',
    summary: "How many pages a dashboard's print has (exactly the PDF's page count)",
    body: DashboardPrintBody,
    response: DashboardPrintCount,
  }),
  print: route({
    method: 'POST',
    path: '/versions/:id/print',
    scope: 'space',
    summary: 'Print the version as a paged PDF: queues a print_version job (progress as live events)',
    params: IdParams,
    body: SettingsBody,
    response: Job,
    status: 201,
  }),
  preview: route({
    method: 'POST',
    path: '/versions/:id/preview',
    scope: 'space',
    summary: 'One page of the print as an SVG image (header x-print-pages: the page count)',
    params: IdParams,
    body: SettingsBody.extend({ page: z.number().int().min(0).max(100_000).default(0) }),
    response: 'blob',
  }),
  count: route({
    method: 'POST',
    path: '/versions/:id/print/count',
    scope: 'space',
    summary: 'How many pages the print has (exactly the PDF’s page count)',
    params: IdParams,
    body: SettingsBody,
    response: PrintCount,
  }),
  presets: route({
    method: 'GET',
    path: '/versions/print-presets/get',
    scope: 'space',
    summary: "The caller's sheet formats, and the built-in ones",
    response: z.object({
      items: z.array(PrintPreset),
      builtin: z.array(z.object({ ...formatShape, name: z.string() })),
    }),
  }),
  createPreset: route({
    method: 'POST',
    path: '/versions/print-presets/create',
    scope: 'space',
    summary: "Save a sheet format (400 print.format_name_taken: 'A format with this name already exists')",
    body: SheetFormat,
    response: PrintPreset,
    status: 201,
  }),
  removePreset: route({
    method: 'DELETE',
    path: '/versions/print-presets/delete/:id',
    scope: 'space',
    summary: 'Delete one of the caller’s sheet formats',
    params: IdParams,
    response: Ok,
  }),
  settings: route({
    method: 'GET',
    path: '/versions/print-settings/:id',
    scope: 'space',
    summary: "The caller's print settings of a version (the defaults when none are saved)",
    params: IdParams,
    response: SavedPrintSettings,
  }),
  createSettings: route({
    method: 'POST',
    path: '/versions/print-settings/create',
    scope: 'space',
    summary: "Save the caller's print settings of a version",
    body: SaveBody,
    response: SavedPrintSettings,
    status: 201,
  }),
  updateSettings: route({
    method: 'POST',
    path: '/versions/print-settings/update',
    scope: 'space',
    summary: "Change the caller's print settings of a version",
    body: SaveBody,
    response: SavedPrintSettings,
  }),
};
