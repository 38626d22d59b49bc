// Deleting a row that carries an assignment and undoing it brings the assignment back (issue 17):
// the server logs the assignments the delete took along in the delete's own step. Seen in the
// resource Gantt (Alt+R) and the Assignments tab, undone from the chart, redone, and undone again
// after a reload (the history rebuilt from the server's log).
import { type Page, expect, test } from '@playwright/test';
import { api, scheduleInNewSpace } from './platform-helpers';
import { grid, openWorkbench, typeRows } from './workbench-helpers';

const firstCell = (page: Page) => grid(page).locator('[data-row="0"] [role=gridcell]').first();
const firstRow = (page: Page) => grid(page).locator('[data-row="0"]');

test('a deleted row comes back with its assignment on Ctrl+Z, after a reload too', async ({
  page,
  request,
}) => {
  const s = await scheduleInNewSpace(request, 'rowdelasg');
  await api(request, s.account, 'POST', '/resources/create', { name: 'Mason', default_limit: 8 }, s.spaceId);
  await openWorkbench(page, s);
  await typeRows(page, [
    ['Walls', '5'],
    ['Roof', '3'],
  ]);
  await expect(page.getByText('Saving…')).toHaveCount(0);
  await firstCell(page).click();
  await page.getByRole('tab', { name: 'Assignments' }).click();
  const pick = page.getByLabel('Resource to assign');
  await pick.focus();
  await pick.selectOption({ label: 'Mason' });
  await page.keyboard.press('Tab');
  await page.keyboard.type('40');
  await page.keyboard.press('Enter');
  const mason = page.locator('tr[data-assignment="Mason"]');
  await expect(mason).toBeVisible();
  await expect(page.getByText('Saving…')).toHaveCount(0);

  // Delete the Walls row with its assignment.
  await firstCell(page).click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete rows' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(firstRow(page)).toContainText('Roof');
  await expect(page.getByText('Saving…')).toHaveCount(0);

  // The resource Gantt: nothing is assigned any more.
  await firstCell(page).click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+r');
  await expect(page.getByText('No resources are assigned in this version.')).toBeVisible();

  // Ctrl+Z there: the row comes back, and Mason's bar in the resource Gantt with it.
  await page.keyboard.press('Control+z');
  const chart = page.getByTestId('resource-gantt');
  await expect(chart).toBeVisible();
  await expect(chart.locator('[data-resource="Mason"]')).toBeVisible();
  await expect(chart.locator('[role=row][data-wbs]')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/row-delete-undo-gantt-en.png' });
  await page.keyboard.press('Alt+r');
  await expect(chart).toHaveCount(0);
  await expect(firstRow(page)).toContainText('Walls');
  await firstCell(page).click();
  await page.getByRole('tab', { name: 'Assignments' }).click();
  await expect(mason).toBeVisible();
  await expect(mason.getByLabel('Intensity of Mason')).toHaveValue('100');
  await page.screenshot({ path: 'test-results/row-delete-undo-tab-en.png' });

  // Ctrl+Y deletes them again; after a reload, Ctrl+Z (the history from the log) brings both back.
  await grid(page).focus();
  await page.keyboard.press('Control+y');
  await expect(firstRow(page)).toContainText('Roof');
  await expect(page.getByText('Saving…')).toHaveCount(0);
  await page.reload();
  await expect(firstRow(page)).toContainText('Roof');
  await grid(page).focus();
  await page.keyboard.press('Control+z');
  await expect(firstRow(page)).toContainText('Walls');
  await expect(page.getByText('Saving…')).toHaveCount(0);
  await page.reload();
  await firstCell(page).click();
  await page.getByRole('tab', { name: 'Assignments' }).click();
  await expect(mason).toBeVisible();
});
