// The directory-value picker of the workbench grid, as a planner uses it: a "Work type" attribute
// of type directory is shown from the Columns menu; Enter on a cell opens a searchable list of
// the directory's values, typing filters it, arrows and Enter choose, Esc cancels; each choice is
// one edit (Ctrl+Z takes it back) and stays after a reload. Then the picker in Russian.
import { type Page, expect, test } from '@playwright/test';
import { api, scheduleInNewSpace, signedIn, uploadDirectoryCsv, uploadVersionCsv } from './platform-helpers';

const CSV = ['Code,Name,Duration (d)', 'A1,Excavate,3', 'A2,Pour slab,2', 'A3,Walls,4'].join('\n');
const DIRECTORY = 'code,name,parent\n01,Earthworks,\n01.1,Excavation,01\n02,Concrete,\n';
const grid = (page: Page) => page.getByRole('grid');

async function setUp(page: Page, request: Parameters<typeof scheduleInNewSpace>[0], tag: string) {
  const s = await scheduleInNewSpace(request, tag);
  const version = (await uploadVersionCsv(request, s, CSV)).id;
  const directoryId = (await uploadDirectoryCsv(request, s, 'Work types.csv', DIRECTORY)).id;
  await api(
    request,
    s.account,
    'POST',
    '/eps/attributes',
    { name: 'Work type', type: 'directory', scope: 'space', node_id: null, directory_id: directoryId },
    s.spaceId,
  );
  await signedIn(page, s.account, `/${s.spaceId}/schedule/${s.scheduleId}?version=${version}`);
  await expect(grid(page).getByRole('gridcell', { name: 'Pour slab' })).toBeVisible();
}

async function showColumn(page: Page, columns: string, name: string) {
  await page.getByRole('button', { name: columns }).click();
  const layoutSaved = page.waitForResponse(
    (r) => r.url().endsWith('/version-layout') && r.request().method() !== 'GET' && r.ok(),
  );
  await page.getByRole('dialog', { name: columns }).getByRole('checkbox', { name }).check();
  await page.keyboard.press('Escape');
  await layoutSaved;
}

/** Focuses a row's last cell (Work type, the column shown last): its name cell, then End. */
async function focusLast(page: Page, name: string) {
  await grid(page).getByRole('gridcell', { name, exact: true }).click();
  await page.keyboard.press('End');
}

function cells(page: Page) {
  const row = (name: string) =>
    grid(page).locator('[role=row]', { has: page.getByRole('gridcell', { name, exact: true }) });
  return async (name: string, column: string) => {
    const col = await grid(page)
      .getByRole('columnheader', { name: column, exact: true })
      .getAttribute('aria-colindex');
    return row(name).locator(`[role=gridcell][data-col="${Number(col) - 2}"]`);
  };
}

test('directory values are chosen in the grid with the keyboard, undone, kept', async ({ page, request }) => {
  test.setTimeout(240_000);
  await setUp(page, request, 'dirpicker');
  await showColumn(page, 'Columns', 'Work type');
  const cell = cells(page);
  const picker = page.getByRole('combobox', { name: 'Work type' });
  const options = page.getByRole('listbox', { name: 'Work type' }).getByRole('option');

  // Enter opens the picker: the directory's values as their tree, and "(no value)" first.
  await focusLast(page, 'Excavate');
  await expect(await cell('Excavate', 'Work type')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(picker).toBeFocused();
  await expect(options).toHaveText(['(no value)', '01Earthworks', '01.1Excavation', '02Concrete']);
  // Typing filters by name (or code); Enter writes the value's code.
  await page.keyboard.type('conc');
  await expect(options).toHaveText(['02Concrete']);
  await page.screenshot({ path: 'test-results/directory-picker-en.png' });
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(await cell('Excavate', 'Work type')).toHaveText('02');

  // The focus went down: typing on Pour slab's cell opens the picker with that text; ↓ and Enter.
  await expect(await cell('Pour slab', 'Work type')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.type('01');
  await expect(picker).toHaveValue('01');
  // The exact code first, then the others holding it.
  await expect(options).toHaveText(['01Earthworks', '01.1Excavation']);
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(await cell('Pour slab', 'Work type')).toHaveText('01.1');

  // Esc cancels: Walls stays empty, and the keys go to the grid again.
  await page.keyboard.press('F2');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(await cell('Walls', 'Work type')).toHaveText('');

  // A click chooses too; the value now in the cell is marked when the picker opens on it.
  await (await cell('Excavate', 'Work type')).dblclick();
  await expect(options.nth(3)).toHaveAttribute('aria-selected', 'true');
  await options.nth(1).click();
  await expect(await cell('Excavate', 'Work type')).toHaveText('01');

  // Ctrl+Z takes back the last choice only, as any cell edit.
  await page.keyboard.press('Control+z');
  await expect(await cell('Excavate', 'Work type')).toHaveText('02');
  await expect(await cell('Pour slab', 'Work type')).toHaveText('01.1');
  await expect(page.getByText('Saving…')).toHaveCount(0);

  await page.reload();
  await focusLast(page, 'Excavate');
  await expect(await cell('Excavate', 'Work type')).toHaveText('02');
  await expect(await cell('Pour slab', 'Work type')).toHaveText('01.1');
});

test('the directory-value picker in Russian', async ({ page, request }) => {
  test.setTimeout(180_000);
  await setUp(page, request, 'dirpickerru');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await showColumn(page, 'Столбцы', 'Work type');
  await focusLast(page, 'Walls');
  await page.keyboard.type('zz');
  await expect(page.getByText('Нет значений с «zz»')).toBeVisible();
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(page.getByRole('option', { name: '(нет значения)' })).toBeVisible();
  await page.screenshot({ path: 'test-results/directory-picker-ru.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Work type' })).toHaveCount(0);
});
