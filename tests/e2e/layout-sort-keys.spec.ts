// A layout template's sort keys on the View settings screen: two keys added from the keyboard,
// the second made first with "Move up", a direction changed, saved, and the template stored with
// both keys in that order; the list names them; the Russian dialog too.
import { expect, test } from '@playwright/test';
import { api, scheduleInNewSpace, signedIn } from './platform-helpers';

test('a template sorts by two keys, reordered and saved in order', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'sortkeys');
  await signedIn(page, s.account, `/${s.spaceId}/viewsettings`);
  await page.getByRole('button', { name: 'New template' }).click();
  const tpl = page.getByRole('dialog', { name: 'New template' });
  await tpl.getByRole('textbox', { name: 'Name' }).fill('By finish then name');
  const keys = tpl.getByTestId('sort-keys');
  await expect(keys).toContainText('WBS order');

  await keys.getByRole('button', { name: 'Add a sort key' }).click();
  await keys.getByRole('combobox', { name: 'Sort key 1', exact: true }).selectOption({ label: 'Name' });
  await keys.getByRole('button', { name: 'Add a sort key' }).click();
  await keys.getByRole('combobox', { name: 'Sort key 2', exact: true }).selectOption({ label: 'Finish' });
  await keys.getByRole('combobox', { name: 'Direction: Sort key 2' }).selectOption('desc');
  // A column already used is not offered again.
  await expect(
    keys.getByRole('combobox', { name: 'Sort key 2', exact: true }).locator('option', { hasText: /^Name$/ }),
  ).toHaveCount(0);
  // Finish first: its key moves up from the keyboard.
  await keys.getByRole('button', { name: 'Move up: Sort key 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(keys.getByRole('combobox', { name: 'Sort key 1', exact: true })).toHaveValue('finish');
  await expect(keys.getByRole('combobox', { name: 'Direction: Sort key 1' })).toHaveValue('desc');
  await page.screenshot({ path: 'test-results/layout-sort-keys-en.png' });
  await tpl.getByRole('button', { name: 'Save' }).click();

  const row = page.locator('tr[data-template="By finish then name"]');
  await expect(row).toContainText('sorted by Finish, Name');
  const { items: templates } = await api<{
    items: { name: string; settings: { sort: { column: string; dir: string }[] } }[];
  }>(request, s.account, 'GET', '/layout-templates', undefined, s.spaceId);
  expect(templates.find((x) => x.name === 'By finish then name')?.settings.sort).toEqual([
    { column: 'finish', dir: 'desc' },
    { column: 'name', dir: 'asc' },
  ]);

  // The Russian dialog names its controls too.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await row.getByRole('button', { name: /Изменить/ }).click();
  const ru = page.getByRole('dialog');
  await expect(ru.getByRole('combobox', { name: 'Ключ сортировки 2', exact: true })).toHaveValue('name');
  await page.screenshot({ path: 'test-results/layout-sort-keys-ru.png' });
});
