// A linked attribute from the Directories screen: the directory's Norm is shown on the linked WBS
// rows; updating asks first, naming how many rows change; the workbench shows the values in a
// read-only column added from the column menu; a changed directory value reaches its row; Ctrl+Z
// in the workbench takes that change back, and a reload keeps the undo.
import { expect, test } from '@playwright/test';
import { scheduleWithLinkedDirectory } from './directory-helpers';
import { signedIn } from './platform-helpers';

test('a linked attribute shows the directory values on the linked rows', async ({ page, request }) => {
  test.setTimeout(240_000);
  const { version, ...s } = await scheduleWithLinkedDirectory(request, 'linked');

  await signedIn(page, s.account, `/${s.spaceId}/directories`);
  await page.getByRole('button', { name: /Work types/ }).click();
  const table = page.getByRole('grid', { name: 'Work types' });
  await expect(table).toContainText('Excavation');
  await page.getByRole('button', { name: 'Linked attributes…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Linked attributes of “Work types”' });
  const show = dialog.getByRole('checkbox', { name: 'Show Norm on linked WBS rows' });
  // Checked once the server made the attribute (the box shows the stored state).
  await show.click();
  await expect(show).toBeChecked();
  await expect(show).toBeEnabled();
  await page.screenshot({ path: 'test-results/directory-linked-dialog.png' });
  await dialog.getByRole('button', { name: 'Update linked values' }).click();
  const ask = page.getByRole('dialog', { name: 'Apply refreshed WBS values' });
  await expect(ask).toContainText('2 WBS rows in 1 version(s) take the directory');
  await ask.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('2 rows show the directory')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // A changed directory value reaches its linked row after the confirmation.
  const concrete = table.getByRole('row').filter({ hasText: 'Concrete' });
  await concrete.getByRole('gridcell').nth(2).dblclick();
  await table.getByRole('textbox').fill('4.75');
  await table.getByRole('textbox').press('Enter');
  await page
    .getByRole('dialog', { name: 'Apply refreshed WBS values' })
    .getByRole('button', { name: 'Apply' })
    .click();
  await expect(page.getByText('1 row shows the directory')).toBeVisible();

  // The workbench: the linked column from the column menu, read-only, with the rows' values.
  await page.goto(`/${s.spaceId}/schedule/${s.scheduleId}?version=${version}`);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('gridcell', { name: 'Pour slab' })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  const layoutSaved = page.waitForResponse(
    (r) => r.url().endsWith('/version-layout') && r.request().method() !== 'GET' && r.ok(),
  );
  await page
    .getByRole('dialog', { name: 'Columns' })
    .getByRole('checkbox', { name: 'Norm (Work types)' })
    .check();
  await page.keyboard.press('Escape');
  const header = grid.getByRole('columnheader', { name: 'Norm (Work types)', exact: true });
  await expect(header).toBeVisible();
  const col = Number(await header.getAttribute('aria-colindex')) - 2;
  const rowOfName = (name: string) =>
    grid.locator('[role=row]', { has: page.getByRole('gridcell', { name, exact: true }) });
  const cell = (name: string) => rowOfName(name).locator(`[role=gridcell][data-col="${col}"]`);
  await rowOfName('Pour slab').getByRole('gridcell', { name: 'Pour slab' }).click();
  await page.keyboard.press('End');
  await expect(cell('Dig trench')).toHaveText('2.5');
  await expect(cell('Pour slab')).toHaveText('4.75');
  await expect(cell('Pour slab')).toHaveAttribute('aria-readonly', 'true');
  await page.screenshot({ path: 'test-results/directory-linked-grid.png' });

  // The last change of the version was the directory's: Ctrl+Z takes it back, and it stays back.
  await page.keyboard.press('Control+z');
  await expect(cell('Pour slab')).toHaveText('4');
  await expect(page.getByText('Saving…')).toHaveCount(0);
  await layoutSaved;
  await page.reload();
  await rowOfName('Pour slab').getByRole('gridcell', { name: 'Pour slab' }).click();
  await page.keyboard.press('End');
  await expect(cell('Pour slab')).toHaveText('4');
  await expect(cell('Dig trench')).toHaveText('2.5');
});
