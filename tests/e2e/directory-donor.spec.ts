// A donor attribute from the Directories screen: the directory's Norm gives its values to the
// space attribute "Norm per unit"; writing them asks first, naming how many rows change; the
// workbench then shows the values on the linked rows; a changed directory value reaches its row
// after the "apply refreshed WBS values" confirmation.
import { expect, test } from '@playwright/test';
import { scheduleWithLinkedDirectory } from './directory-helpers';
import { signedIn } from './platform-helpers';

test('a donor attribute writes its values into the linked rows', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { as, version, ...s } = await scheduleWithLinkedDirectory(request, 'donor');
  await as('POST', '/eps/attributes', {
    name: 'Norm per unit',
    type: 'number',
    scope: 'space',
    node_id: null,
  });

  await signedIn(page, s.account, `/${s.spaceId}/directories`);
  await page.getByRole('button', { name: /Work types/ }).click();
  const table = page.getByRole('grid', { name: 'Work types' });
  await expect(table).toContainText('Excavation');
  await page.getByRole('button', { name: 'Donor attributes…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Donor attributes of “Work types”' });
  const target = dialog.getByRole('combobox', { name: 'Norm gives its values to' });
  await target.selectOption({ label: 'Norm per unit' });
  await expect(target).toBeEnabled();
  await expect(target).toHaveValue(/^a_/);
  await page.screenshot({ path: 'test-results/directory-donor-dialog.png' });
  await dialog.getByRole('button', { name: 'Write into linked rows' }).click();
  const ask = page.getByRole('dialog', { name: 'Apply refreshed WBS values' });
  await expect(ask).toContainText('Norm: 2 linked WBS rows in 1 version(s) take the directory');
  await ask.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('2 rows took the directory')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // A changed directory value reaches its linked row after the confirmation.
  const concrete = table.getByRole('row').filter({ hasText: 'Concrete' });
  await concrete.getByRole('gridcell').nth(2).dblclick();
  await table.getByRole('textbox').fill('4.75');
  await table.getByRole('textbox').press('Enter');
  const refresh = page.getByRole('dialog', { name: 'Apply refreshed WBS values' });
  await refresh.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('1 row took the directory')).toBeVisible();

  // The workbench shows the values in the attribute's column.
  await page.goto(`/${s.spaceId}/schedule/${s.scheduleId}?version=${version}`);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('gridcell', { name: 'Pour slab' })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page
    .getByRole('dialog', { name: 'Columns' })
    .getByRole('checkbox', { name: 'Norm per unit' })
    .check();
  await page.keyboard.press('Escape');
  const header = grid.getByRole('columnheader', { name: 'Norm per unit', exact: true });
  await expect(header).toBeVisible();
  const col = Number(await header.getAttribute('aria-colindex')) - 2;
  const rowOfName = (name: string) =>
    grid.locator('[role=row]', { has: page.getByRole('gridcell', { name, exact: true }) });
  // The grid renders the columns in view: End brings the last one in.
  await rowOfName('Dig trench').getByRole('gridcell', { name: 'Dig trench' }).click();
  await page.keyboard.press('End');
  await expect(rowOfName('Dig trench').locator(`[role=gridcell][data-col="${col}"]`)).toHaveText('2.5');
  await expect(rowOfName('Pour slab').locator(`[role=gridcell][data-col="${col}"]`)).toHaveText('4.75');
  await page.screenshot({ path: 'test-results/directory-donor-grid.png' });
});
