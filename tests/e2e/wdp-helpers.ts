// What the daily planning browser tests share: WBS rows for addRowsByApi, a paste as Excel makes
// it, the day matrix and its totals, opening the Daily planning tab on the "Concrete" row.
import { type Page, expect } from '@playwright/test';
import { grid } from './workbench-helpers';
import type { NodeType } from '../../src/domain/wbs/types';
import { workRow } from './platform-helpers';

export function row(
  id: string,
  nodeType: NodeType,
  parentId: string | null,
  orderKey: string,
  name: string,
  code: string,
  volume: number | null,
  duration: number,
  price: number | null = null,
) {
  return workRow({ id, parentId, orderKey, nodeType, name, code, duration, volume, price });
}

/** Pastes tab-separated text into the focused element as Excel would (a paste event with data). */
export async function pasteText(page: Page, text: string) {
  await page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', t);
    document.activeElement!.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }),
    );
  }, text);
}

export const total = (page: Page, id: string) => page.getByTestId(`wdp-total-${id}`);
export const pct = (page: Page, id: string) => page.getByTestId(`wdp-pct-${id}`);
export const matrix = (page: Page) => page.getByRole('grid', { name: /Day values/ });

export async function openDaily(page: Page) {
  await grid(page).first().locator('[role=gridcell]', { hasText: 'Concrete' }).first().click();
  await page.getByRole('tab', { name: 'Daily planning' }).click();
  await expect(matrix(page)).toBeVisible();
}

/** A day of the matrix as painted on its canvas (the matrix's own probe: what it paints). */
export interface PaintedCell {
  text: string;
  first: boolean;
  last: boolean;
  off: boolean;
  closed: boolean;
  selected: boolean;
  focused: boolean;
  x: number;
  y: number;
}
type Probe = {
  cell(id: string, day: number, reveal?: boolean): PaintedCell | null;
  row(id: string): { es: number; ef: number; texts: Record<string, string> } | null;
};

const probeCell = (page: Page, id: string, day: number, reveal = false) =>
  matrix(page).evaluate(
    (el, [i, d, r]) =>
      (el as unknown as { wdpProbe: Probe }).wdpProbe.cell(i as string, d as number, r as boolean),
    [id, day, reveal] as const,
  );

/** The row's painted days: its first scheduled day and the texts of its days with a value. */
export const paintedRow = (page: Page, id: string) =>
  matrix(page).evaluate((el, i) => (el as unknown as { wdpProbe: Probe }).wdpProbe.row(i), id);

/** The row's first scheduled day (the day outlined first). */
export async function firstDayOf(page: Page, id: string): Promise<number> {
  await expect.poll(async () => (await paintedRow(page, id))?.es ?? NaN).not.toBeNaN();
  return (await paintedRow(page, id))!.es;
}

/** One painted day: read it, click it where it is painted (scrolled into view first). */
export function dayCell(page: Page, id: string, day: number) {
  const at = async () => {
    await probeCell(page, id, day, true);
    // The scroll's repaint happens in its event: read the position after it.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    const c = await probeCell(page, id, day);
    if (!c) throw new Error(`no painted cell ${id} ${day}`);
    return c;
  };
  return {
    look: () => probeCell(page, id, day),
    text: async () => (await probeCell(page, id, day))?.text ?? null,
    /** The cell's box on the screen (48 × row height around its centre). */
    box: async () => {
      const c = await at();
      const h = await matrix(page).evaluate((el) => {
        const r = el.querySelector('.wdp-left');
        return r ? r.getBoundingClientRect().height : 24;
      });
      return { x: c.x - 24, y: c.y - h / 2, width: 48, height: h };
    },
    click: async (opts: { modifiers?: ('Shift' | 'Control')[] } = {}) => {
      const c = await at();
      for (const m of opts.modifiers ?? []) await page.keyboard.down(m);
      await page.mouse.click(c.x, c.y);
      for (const m of opts.modifiers ?? []) await page.keyboard.up(m);
    },
    dblclick: async () => {
      const c = await at();
      await page.mouse.dblclick(c.x, c.y);
    },
  };
}

/** Waits until the painted day shows `text` (as toHaveText did for the DOM cells). */
export const expectDayText = (cell: ReturnType<typeof dayCell>, text: string) =>
  expect.poll(() => cell.text()).toBe(text);
/** Waits until the painted day is (or is not) in the selection. */
export const expectDaySelected = (cell: ReturnType<typeof dayCell>, selected: boolean) =>
  expect.poll(async () => (await cell.look())?.selected).toBe(selected);
