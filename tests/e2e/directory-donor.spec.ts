// A donor attribute from the Directories screen: the directory's Norm gives its values to the
// space attribute "Norm per unit"; writing them asks first, naming how many rows change; the
// workbench then shows the values on the linked rows; a changed directory value reaches its row
// after the "apply refreshed WBS values" confirmation.
import { expect, test } from '@playwright/test';
import { api, scheduleInNewSpace, signedIn } from './platform-helpers';

const DIRECTORY_CSV = 'code,name,parent,Norm\n01,Earthworks,,\n01.1,Excavation,01,2.5\n02,Concrete,,4\n';

test('a donor attribute writes its values into the linked rows', async ({ page, request }) => {
  test.setTimeout(120_000);
  const s = await scheduleInNewSpace(request, 'donor');
  const as = <T>(method: 'GET' | 'POST' | 'PUT', p: string, data?: unknown) =>
    api<T>(request, s.account, method, p, data, s.spaceId);
  const res = await request.post(`/api/v1/schedules/${s.scheduleId}/versions/upload/synchronous`, {
    headers: { authorization: `Bearer ${s.account.token}`, 'space-id': s.spaceId },
    multipart: {
      file: {
        name: 'site.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Code,Name,Duration (d)\nA10,Dig trench,2\nA20,Pour slab,3\n'),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const version = ((await res.json()) as { id: string }).id;
  const dirRes = await request.post(`/api/v1/eps/${s.spaceId}/directory/upload`, {
    headers: { authorization: `Bearer ${s.account.token}`, 'space-id': s.spaceId },
    multipart: {
      file: { name: 'Work types.csv', mimeType: 'text/csv', buffer: Buffer.from(DIRECTORY_CSV) },
    },
  });
  expect(dirRes.status(), await dirRes.text()).toBe(201);
  const dir = (await dirRes.json()) as { id: string; values: { id: string; code: string }[] };
  const content = await as<{ items: { id: string; code: string }[] }>('GET', `/versions/${version}/wbs`);
  const rowOf = (code: string) => content.items.find((i) => i.code === code)!.id;
  const valueOf = (code: string) => dir.values.find((v) => v.code === code)!.id;
  for (const [row, value] of [
    ['A10', '01.1'],
    ['A20', '02'],
  ] as const)
    await as('PUT', `/versions/${version}/directory/wbs/${rowOf(row)}`, {
      directory_id: dir.id,
      value_id: valueOf(value),
    });
  await as('POST', '/eps/attributes', {
    name: 'Norm per unit',
    type: 'number',
    scope: 'space',
    node_id: null,
  });

  await signedIn(page, s.account, `/${s.spaceId}/directories`);
  await page.getByRole('button', { name: /Work types/ }).click();
  const table = page.getByRole('treegrid', { name: 'Work types' });
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
