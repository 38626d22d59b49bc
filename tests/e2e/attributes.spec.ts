// Attributes, filters and layouts as a planner uses them: a formula attribute defined on the
// Attributes screen (a bad formula is refused with its place), a layout template made on the View
// settings screen and used by default, the calculated column in the workbench, a filter built,
// saved and opened from the address, and an attribute hidden from a role that then cannot read
// it through the API.
import { type Page, expect, test } from '@playwright/test';
import { api, registerAccount, scheduleInNewSpace, signedIn, uploadVersionCsv } from './platform-helpers';

const CSV = ['Code,Name,Duration (d)', 'A1,Excavate,3', 'A2,Pour slab,2', 'A3,Walls north,4'].join('\n');
const grid = (page: Page) => page.getByRole('grid');

test('attributes, filters and layouts from the screens, access enforced by the API', async ({
  page,
  request,
}) => {
  const s = await scheduleInNewSpace(request, 'attrs');
  const version = (await uploadVersionCsv(request, s, CSV)).id;

  // A formula attribute on the Attributes screen; a broken formula names what is wrong first.
  await signedIn(page, s.account, `/${s.spaceId}/attributes`);
  await expect(page.getByRole('heading', { name: 'Attributes' })).toBeVisible();
  await page.getByRole('button', { name: 'New attribute' }).click();
  const dialog = page.getByRole('dialog', { name: 'New attribute' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Weight');
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption('formula');
  await dialog.getByRole('textbox', { name: 'Formula' }).fill('LEN(name * 10');
  await expect(dialog.getByTestId('formula-error')).toContainText('ends too early');
  await dialog.getByRole('textbox', { name: 'Formula' }).fill('LEN(name) * 10');
  await expect(dialog.getByText('The formula is valid')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  const row = page.locator('tr[data-attribute="Weight"]');
  await expect(row).toContainText('LEN(name) * 10');

  // Hidden from the student role, right in the table.
  await row.getByLabel(/Access of Student/).selectOption('hidden');
  await expect(row.getByLabel(/Access of Student/)).toHaveValue('hidden');

  // A layout template showing the calculated column, made the default.
  await page.goto(`/${s.spaceId}/viewsettings`);
  await page.getByRole('button', { name: 'New template' }).click();
  const tpl = page.getByRole('dialog', { name: 'New template' });
  await tpl.getByRole('textbox', { name: 'Name' }).fill('Weights');
  await tpl.getByRole('checkbox', { name: 'Weight' }).check();
  for (const name of ['Type', 'Start', 'Finish', 'Total float', 'Free float'])
    await tpl.getByRole('checkbox', { name, exact: true }).uncheck();
  await tpl.getByLabel('Colour bars by').selectOption({ label: 'Name' });
  await tpl.getByRole('button', { name: 'Add a colour' }).click();
  await tpl.getByLabel('Value').fill('Excavate');
  await tpl.getByRole('button', { name: 'Save' }).click();
  const tplRow = page.locator('tr[data-template="Weights"]');
  await expect(tplRow).toContainText('colours by Name');
  await tplRow.getByRole('button', { name: 'Use by default' }).click();
  await expect(tplRow.getByRole('button', { name: 'Default' })).toHaveAttribute('aria-pressed', 'true');

  // The workbench opens with the default template: the formula's values come from the worker.
  await page.goto(`/${s.spaceId}/schedule/${s.scheduleId}?version=${version}`);
  await expect(grid(page).getByRole('columnheader', { name: 'Weight', exact: true })).toBeVisible();
  await expect(grid(page).getByRole('gridcell', { name: '80', exact: true })).toBeVisible();
  await expect(grid(page).getByRole('gridcell', { name: '110', exact: true })).toBeVisible();

  // A filter built on screen goes to the address; saved; cleared; opened again from its link.
  await page.getByRole('button', { name: 'Filter rows' }).click();
  const fb = page.getByRole('dialog', { name: 'Filter rows' });
  await fb.getByRole('combobox', { name: 'Column' }).first().selectOption({ label: 'Weight' });
  await fb.getByRole('combobox', { name: 'Operator' }).first().selectOption('gt');
  await fb.getByLabel('Value', { exact: true }).fill('85');
  await fb.getByLabel('Filter name').fill('Heavy');
  await fb.getByRole('button', { name: 'Save as' }).click();
  await expect(fb.getByRole('listitem').filter({ hasText: 'Heavy' })).toBeVisible();
  await fb.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(/filter=/);
  await expect(grid(page).getByRole('gridcell', { name: 'Pour slab' })).toBeVisible();
  await expect(grid(page).getByRole('gridcell', { name: 'Excavate' })).toHaveCount(0);
  const link = page.url();
  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(grid(page).getByRole('gridcell', { name: 'Excavate' })).toBeVisible();
  await page.goto(link);
  await expect(grid(page).getByRole('gridcell', { name: 'Walls north' })).toBeVisible();
  await expect(grid(page).getByRole('gridcell', { name: 'Excavate' })).toHaveCount(0);

  // A member holding the student role cannot read the hidden attribute through the API.
  const student = await registerAccount(request, 'stud');
  await api(request, s.account, 'POST', `/space/${s.spaceId}/users/invite`, { login: student.login });
  const roles = await api<{ id: string; value: string }[]>(
    request,
    s.account,
    'GET',
    '/roles',
    undefined,
    s.spaceId,
  );
  await api(request, s.account, 'PUT', `/space/${s.spaceId}/users/role`, {
    user_id: student.userId,
    role_id: roles.find((r) => r.value === 'student')!.id,
  });
  const seen = await api<{ items: { label: string }[] }>(
    request,
    student,
    'GET',
    `/versions/${version}/attributes`,
    undefined,
    s.spaceId,
  );
  expect(seen.items.map((i) => i.label)).not.toContain('Weight');
  const mine = await api<{ items: { label: string }[] }>(
    request,
    s.account,
    'GET',
    `/versions/${version}/attributes`,
    undefined,
    s.spaceId,
  );
  expect(mine.items.map((i) => i.label)).toContain('Weight');
});
