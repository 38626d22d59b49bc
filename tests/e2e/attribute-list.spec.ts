// A list attribute in the grid: its editor offers the list, a value not in it is refused with a
// message naming the list (the cell keeps what it had), a list value typed in any case is stored
// in the list's spelling and is still there after a reload.
import { type Page, expect, test } from '@playwright/test';
import { api, scheduleInNewSpace, signedIn, uploadVersionCsv } from './platform-helpers';

const CSV = ['Code,Name,Duration (d)', 'A1,Excavate,3', 'A2,Pour slab,2'].join('\n');
const grid = (page: Page) => page.getByRole('grid');

async function columnOf(page: Page, name: string): Promise<number> {
  const header = grid(page).getByRole('columnheader', { name, exact: true });
  await expect(header).toBeVisible();
  return Number(await header.getAttribute('aria-colindex')) - 2;
}

test('a list attribute takes only its values in the grid', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'attrlist');
  const version = (await uploadVersionCsv(request, s, CSV)).id;
  await api(
    request,
    s.account,
    'POST',
    '/eps/attributes',
    { name: 'Zone', type: 'list', scope: 'space', node_id: null, list_values: ['North', 'South'] },
    s.spaceId,
  );

  await signedIn(page, s.account, `/${s.spaceId}/schedule/${s.scheduleId}?version=${version}`);
  await expect(grid(page).getByRole('gridcell', { name: 'Pour slab' })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('dialog', { name: 'Columns' }).getByRole('checkbox', { name: 'Zone' }).check();
  await page.keyboard.press('Escape');
  const zone = await columnOf(page, 'Zone');
  const pourRow = () =>
    grid(page).locator('[role=row]', { has: page.getByRole('gridcell', { name: 'Pour slab' }) });
  await pourRow().getByRole('gridcell', { name: 'Pour slab' }).click();
  await page.keyboard.press('End');
  const cell = pourRow().locator(`[role=gridcell][data-col="${zone}"]`);
  await expect(cell).toHaveAttribute('aria-selected', 'true');

  // The editor offers the list.
  await page.keyboard.press('F2');
  const editor = page.locator('input.wb-editor');
  await expect(editor).toBeFocused();
  await expect(editor).toHaveAttribute('list', 'wb-list-options');
  await expect(page.locator('#wb-list-options option')).toHaveCount(2);
  expect(
    await page
      .locator('#wb-list-options option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)),
  ).toEqual(['North', 'South']);

  // A value outside the list is refused with the list named; the cell stays empty.
  await editor.fill('East');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Not in the list: North, South')).toBeVisible();
  await expect(cell).toHaveText('');

  // A list value in another case is stored in the list's spelling.
  await pourRow().getByRole('gridcell', { name: 'Pour slab' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type('south');
  await page.keyboard.press('Enter');
  await expect(cell).toHaveText('South');
  await expect(page.getByText('Saving…')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/attribute-list.png' });

  await page.reload();
  const after = await columnOf(page, 'Zone');
  // The grid renders the columns in view: End brings the last one (Zone) in.
  await pourRow().getByRole('gridcell', { name: 'Pour slab' }).click();
  await page.keyboard.press('End');
  await expect(pourRow().locator(`[role=gridcell][data-col="${after}"]`)).toHaveText('South');
});
