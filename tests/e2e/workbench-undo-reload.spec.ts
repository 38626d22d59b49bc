// Undo survives a reload: the demo user renames a task of the demo schedule, reloads the page and
// undoes the rename with Ctrl+Z (the history comes back from the server's undo log); after another
// reload the old name is still there, and Ctrl+Y renames it again.
import { type Page, expect, test } from '@playwright/test';
import { openDemoSchedule } from './platform-helpers';

const grid = (page: Page) => page.getByRole('grid');
const cell = (page: Page, row: number, col: number) =>
  grid(page).locator(`[data-row="${row}"] [role=gridcell][data-col="${col}"]`);
/** The text of the name cell of row 1 (without the expand toggle). */
const name = (page: Page) => cell(page, 1, 1).locator('.wb-text');
const tool = (page: Page, id: string) => page.locator(`[data-command="${id}"]`);

/** The demo schedule open, its first row named. */
async function openDemo(page: Page): Promise<void> {
  await openDemoSchedule(page);
  await expect(name(page)).not.toHaveText('');
}

/** Reload and wait until the version and its undo log are read. */
async function reload(page: Page): Promise<void> {
  const log = page.waitForResponse((r) => r.url().includes('/undo-actions') && r.ok());
  await page.reload();
  await log;
  await expect(name(page)).not.toHaveText('');
}

test('Ctrl+Z after a reload undoes the rename made before it', async ({ page }) => {
  await openDemo(page);
  const oldName = (await name(page).textContent()) ?? '';
  expect(oldName).not.toBe('');
  const newName = `${oldName} (renamed)`;

  const saved = page.waitForResponse((r) => r.url().includes('/wbs/batch') && r.ok());
  await cell(page, 1, 1).dblclick();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(newName);
  await page.keyboard.press('Enter');
  await saved;
  await expect(name(page)).toHaveText(newName);

  await reload(page);
  await expect(name(page)).toHaveText(newName);
  await expect(tool(page, 'undo')).toBeEnabled();
  const undone = page.waitForResponse(
    (r) => r.url().includes('/wbs/batch') && r.request().postDataJSON()?.origin === 'undo' && r.ok(),
  );
  await grid(page).focus();
  await page.keyboard.press('Control+z');
  await expect(name(page)).toHaveText(oldName);
  await undone;

  // The undo was stored: another reload reads the old name, and the rename can be redone.
  await reload(page);
  await expect(name(page)).toHaveText(oldName);
  await expect(tool(page, 'redo')).toBeEnabled();
  const redone = page.waitForResponse(
    (r) => r.url().includes('/wbs/batch') && r.request().postDataJSON()?.origin === 'redo' && r.ok(),
  );
  await grid(page).focus();
  await page.keyboard.press('Control+y');
  await expect(name(page)).toHaveText(newName);
  await redone;
  await reload(page);
  await expect(name(page)).toHaveText(newName);
});
