// The workbench as the specs reach it: its grid and a cell by displayed position, the workbench of
// a new space's schedule opened and calculated, rows typed in with the keyboard, and the rows shown
// in order under a layout's group headers.
import { type Page, expect } from '@playwright/test';
import { type ScheduleSetup, signedIn } from './platform-helpers';

export const grid = (page: Page) => page.getByRole('grid');

/** A cell by its row in the visible view and its displayed column (the DOM holds those in view). */
export const cell = (page: Page, row: number, col: number) =>
  grid(page).locator(`[data-row="${row}"] [role=gridcell][data-col="${col}"]`);

/** Open the set-up's schedule signed in as its account; its version's dates are calculated. */
export async function openWorkbench(page: Page, s: ScheduleSetup): Promise<void> {
  await signedIn(page, s.account, `/${s.spaceId}/schedule/${s.scheduleId}`);
  await expect(page.getByTestId('workbench')).toBeVisible();
  await expect(grid(page)).toBeVisible();
  await expect(page.getByTestId('timetable-state')).toHaveText('Calculated');
}

/**
 * Rows typed in from the grid, each after the last: Insert, the name, and the duration in days
 * (two Tabs on, past the type) when one is given.
 */
export async function typeRows(page: Page, rows: readonly (readonly [name: string, days?: string])[]) {
  await grid(page).focus();
  for (const [name, days] of rows) {
    await page.keyboard.press('Insert');
    await page.keyboard.type(name);
    if (days !== undefined) {
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.type(days);
    }
    await page.keyboard.press('Enter');
  }
}

/**
 * The grid's rows in order: a group header as "# value" (with `levels`, "#level value"), a row as
 * its name.
 */
export async function shownRows(page: Page, { levels = false } = {}): Promise<string[]> {
  return page.locator('.wb-body [role=row]').evaluateAll(
    (rows, withLevel) =>
      rows
        .map((r) => ({
          at: Number(r.getAttribute('data-row')),
          text:
            r.getAttribute('data-group') !== null
              ? `#${withLevel ? r.getAttribute('data-level') : ''} ${r.getAttribute('data-group')}`
              : (r.querySelector('.wb-cell-name .wb-text')?.textContent ?? ''),
        }))
        .sort((a, b) => a.at - b.at)
        .map((r) => r.text),
    levels,
  );
}
