// What the daily planning browser tests share: WBS rows for addRowsByApi, a paste as Excel makes
// it, the day matrix and its totals, opening the Daily planning tab on the "Concrete" row.
import { type Page, expect } from '@playwright/test';
import { grid } from './workbench-helpers';

export function row(
  id: string,
  nodeType: string,
  parentId: string | null,
  orderKey: string,
  name: string,
  code: string,
  volume: number | null,
  duration: number,
  price: number | null = null,
) {
  return {
    id,
    parentId,
    orderKey,
    nodeType,
    name,
    code,
    calendarId: null,
    duration,
    remaining: null,
    startLimitType: null,
    startLimitDate: null,
    finishLimitType: null,
    finishLimitDate: null,
    actualStart: null,
    actualFinish: null,
    percentComplete: 0,
    volume,
    price,
    color: null,
    attributes: {},
  };
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
