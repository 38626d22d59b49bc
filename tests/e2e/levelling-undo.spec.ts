// A levelling run is one step of the version's server-kept undo history (issue 17): level two rows
// that need the one crane, reload the page, and Ctrl+Z from the resource Gantt puts the crane's
// over-allocation back; Ctrl+Y levels again, and that too holds after another reload.
import { type Page, expect, test } from '@playwright/test';
import { api, scheduleInNewSpace } from './platform-helpers';
import { grid, openWorkbench, typeRows } from './workbench-helpers';

async function openResourceGantt(page: Page) {
  await grid(page).locator('[data-row="0"] [role=gridcell]').first().click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+r');
  await expect(page.getByTestId('resource-gantt')).toBeVisible();
  await page.getByTestId('resource-gantt-canvas').focus();
}

test('a levelling is undone and redone after a reload', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'levundo');
  await api(request, s.account, 'POST', '/resources/create', { name: 'Crane', default_limit: 1 }, s.spaceId);
  await openWorkbench(page, s);
  await typeRows(page, [
    ['Walls', '5'],
    ['Roof', '3'],
  ]);
  await expect(page.getByText('Saving…')).toHaveCount(0);
  for (const row of [0, 1]) {
    await grid(page).locator(`[data-row="${row}"] [role=gridcell]`).first().click();
    await page.getByRole('tab', { name: 'Assignments' }).click();
    const pick = page.getByLabel('Resource to assign');
    await pick.focus();
    await pick.selectOption({ label: 'Crane' });
    await page.keyboard.press('Tab');
    await page.keyboard.type('5');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    await expect(page.locator('tr[data-assignment="Crane"]')).toBeVisible();
  }
  await openResourceGantt(page);
  const crane = page.getByTestId('resource-gantt').locator('[data-resource="Crane"]');
  await expect(crane).toHaveAttribute('data-over', 'true');
  await page.getByRole('button', { name: 'Level…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Level resources' });
  await dialog.getByLabel('Improvement time (ms)').fill('0');
  await dialog.getByRole('button', { name: 'Level', exact: true }).click();
  await expect(page.getByText(/Levelled: 1 rows delayed/)).toBeVisible({ timeout: 20_000 });
  await expect(crane).toHaveAttribute('data-over', 'false');

  // After a reload the history comes from the server's log: Ctrl+Z undoes the levelling.
  await page.reload();
  await openResourceGantt(page);
  await expect(crane).toHaveAttribute('data-over', 'false');
  await page.keyboard.press('Control+z');
  await expect(crane).toHaveAttribute('data-over', 'true');
  await expect(page.getByTestId('rgantt-summary')).toHaveText('1 resources, 1 over-allocated');
  await page.keyboard.press('Control+y');
  await expect(crane).toHaveAttribute('data-over', 'false');
  await expect(page.getByText('Saving…')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/levelling-undo-en.png' });

  // The redo was stored: levelled after another reload, and not out of date.
  await page.reload();
  await openResourceGantt(page);
  await expect(crane).toHaveAttribute('data-over', 'false');
  await expect(page.getByTestId('rgantt-summary')).toHaveText('1 resources, 0 over-allocated · levelled');
});
