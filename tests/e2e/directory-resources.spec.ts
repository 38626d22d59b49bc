// Resource directories: a version's resources built from a directory list on the Resources screen
// (each value a linked space resource, the leaves the version's), a resource's directory link with
// the value's attributes in the details panel, and a sync after the list and a value changed
// (counted, confirmed, renamed, the left resource named and kept). Then the dialog in Russian.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { scheduleInNewSpace, signedIn, uploadDirectoryCsv, uploadVersionCsv } from './platform-helpers';

const CSV =
  'code,name,parent,unit\nLAB,Labour,,\nLAB.C,Carpenters,LAB,h\nLAB.M,Masons,LAB,h\nEQ,Equipment,,\nEQ.CR,Crane,EQ,mh\n';

const rowNamed = (page: Page, name: string) =>
  page
    .getByRole('grid')
    .locator('[role=row]')
    // A group's name cell also names its fold toggle ("Collapse Labour").
    .filter({ has: page.getByRole('gridcell', { name: new RegExp(`^(Collapse )?${name}$`) }) });

async function setUp(request: APIRequestContext, prefix: string) {
  const s = await scheduleInNewSpace(request, prefix);
  const headers = { authorization: `Bearer ${s.account.token}`, 'space-id': s.spaceId };
  const version = (
    await uploadVersionCsv(request, s, 'Code,Name,Duration (d)\nA10,Dig,2\n', { label: 'Site works' })
  ).id;
  const dir = await uploadDirectoryCsv(request, s, 'Crews.csv', CSV);
  const value = (code: string) => dir.values.find((v) => v.code === code)!;
  const list = await request.post(`/api/v1/eps/${s.spaceId}/directory/${dir.id}/list/create`, {
    headers,
    data: { name: 'Stage 1', value_ids: [value('LAB.C').id, value('EQ.CR').id] },
  });
  expect(list.status(), await list.text()).toBe(201);
  return { s, headers, version, dir, value, listId: ((await list.json()) as { id: string }).id };
}

test("build a version's resources from a directory list, see the link, sync after a change", async ({
  page,
  request,
}) => {
  const { s, headers, version, dir, value, listId } = await setUp(request, 'dirres');
  await signedIn(page, s.account, `/${s.spaceId}/resources`);
  await page.getByRole('button', { name: 'From a directory…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Resources from a directory' });
  await dialog.getByRole('combobox', { name: 'Values' }).selectOption({ label: 'Stage 1 (2)' });
  await dialog.getByRole('combobox', { name: 'Version' }).selectOption(version);
  await page.screenshot({ path: 'test-results/directory-resources-dialog.png' });
  await dialog.getByRole('button', { name: 'Add the list to the version' }).click();
  await expect(page.getByText('4 resources are created.')).toBeVisible();
  await expect(page.getByText('2 resources are added to the version.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  for (const name of ['Labour', 'Carpenters', 'Equipment', 'Crane'])
    await expect(rowNamed(page, name)).toBeVisible();
  await expect(rowNamed(page, 'Masons')).toHaveCount(0);

  // The resource's link and its value's attributes in the details panel.
  await page.getByRole('gridcell', { name: 'Carpenters', exact: true }).click();
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details.getByRole('combobox', { name: 'Crews' })).toHaveValue(value('LAB.C').id);
  await expect(details.getByRole('definition')).toHaveText('h');
  await page.screenshot({ path: 'test-results/directory-resources-details.png' });

  // The list loses the crane, the carpenters' value is renamed: sync counts, asks, renames.
  await request.delete(
    `/api/v1/eps/${s.spaceId}/directory/${dir.id}/list/${listId}/value/${value('EQ.CR').id}`,
    {
      headers,
    },
  );
  const put = await request.put(`/api/v1/eps/${s.spaceId}/directory/${dir.id}/value/${value('LAB.C').id}`, {
    headers,
    data: { parent_id: value('LAB').id, code: 'LAB.C', name: 'Carpenters crew' },
  });
  expect(put.status(), await put.text()).toBe(200);
  await page.getByRole('button', { name: 'From a directory…' }).click();
  await dialog.getByRole('combobox', { name: 'Values' }).selectOption({ label: 'Stage 1 (1)' });
  await dialog.getByRole('combobox', { name: 'Version' }).selectOption(version);
  await dialog.getByRole('button', { name: 'Sync with the list…' }).click();
  const ask = page.getByRole('dialog', { name: "Sync the version's resources with “Stage 1”" });
  await expect(ask).toContainText('1 resource is renamed.');
  await expect(ask).toContainText('Resources: EQ.CR Crane.');
  await page.screenshot({ path: 'test-results/directory-resources-sync.png' });
  await ask.getByRole('button', { name: 'Sync' }).click();
  await expect(page.getByText("The version's resources are in line with the list").first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(rowNamed(page, 'Carpenters crew')).toBeVisible();
  // The crane left the list and stays.
  await expect(rowNamed(page, 'Crane')).toBeVisible();
});

test('the resources-from-a-directory dialog in Russian', async ({ page, request }) => {
  const { s, version } = await setUp(request, 'dirresru');
  await signedIn(page, s.account, `/${s.spaceId}/resources`);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await page.getByRole('button', { name: 'Из справочника…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ресурсы из справочника' });
  await dialog.getByRole('combobox', { name: 'Версия' }).selectOption(version);
  await dialog.getByRole('button', { name: 'Добавить справочник в версию' }).click();
  await expect(page.getByText('Создано 5 ресурсов.')).toBeVisible();
  await page.screenshot({ path: 'test-results/directory-resources-ru.png' });
  await dialog.getByRole('button', { name: 'Закрыть' }).last().click();
  await page.getByRole('gridcell', { name: 'Masons', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Справочники' })).toBeVisible();
  await page.screenshot({ path: 'test-results/directory-resources-details-ru.png' });
});
