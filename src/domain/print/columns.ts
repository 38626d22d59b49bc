// The grid columns a print draws: the print settings' own list (code, name, … at fixed widths),
// or — with `use_layout` — the user's grid layout: its visible columns, attribute columns
// included, in its order and at its widths (screen pixels at 96 dpi → points at 72).
import { COLUMN_WIDTH } from './settings';
import type { PrintSettings } from './settings';

export interface PrintCol {
  /** A print column id, a workbench column id (type, free_float, progress, calendar, status) or `attr:KEY`. */
  key: string;
  /** Points at scale 100 %. */
  width: number;
}

export interface LayoutCol {
  id: string;
  width: number;
  visible: boolean;
}

/** Workbench columns the print can fill, beside `attr:KEY`. */
export const LAYOUT_PRINTABLE = new Set([
  'code',
  'name',
  'type',
  'duration',
  'start',
  'finish',
  'total_float',
  'free_float',
  'progress',
  'status',
  'calendar',
  'volume',
  'price',
]);

/** The workbench's default layout (src/state/workbench/columns.ts), used when none is saved. */
export const DEFAULT_LAYOUT: readonly LayoutCol[] = [
  { id: 'code', width: 64, visible: true },
  { id: 'name', width: 224, visible: true },
  { id: 'type', width: 104, visible: true },
  { id: 'duration', width: 84, visible: true },
  { id: 'start', width: 88, visible: true },
  { id: 'finish', width: 88, visible: true },
  { id: 'total_float', width: 64, visible: true },
  { id: 'free_float', width: 64, visible: true },
  { id: 'progress', width: 56, visible: true },
  { id: 'status', width: 96, visible: true },
];

const PX_TO_PT = 0.75;

/**
 * The columns to print. `attributeKeys` are the attributes the caller may see: an attribute column
 * of the layout not among them (hidden from the role, or gone) is left out, as are workbench
 * columns the print cannot fill (accepted dates, colour, executor …).
 */
export function printColumns(
  settings: Pick<PrintSettings, 'columns'> & { use_layout?: boolean | undefined },
  layout: readonly LayoutCol[] | null,
  attributeKeys: ReadonlySet<string>,
): PrintCol[] {
  if (!settings.use_layout) return settings.columns.map((key) => ({ key, width: COLUMN_WIDTH[key] }));
  return (layout ?? DEFAULT_LAYOUT)
    .filter(
      (c) =>
        c.visible &&
        (LAYOUT_PRINTABLE.has(c.id) || (c.id.startsWith('attr:') && attributeKeys.has(c.id.slice(5)))),
    )
    .map((c) => ({ key: c.id, width: Math.round(c.width * PX_TO_PT * 100) / 100 }));
}
