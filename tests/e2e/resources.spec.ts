// Resources in Chromium: the Resources screen made with the keyboard (Insert, typing, Enter),
// a matrix pasted from a spreadsheet adding rows, a refused cell named, delete after
// confirmation; then the Assignments tab of the workbench assigning those resources to rows with
// the keyboard, and the assignment undone and redone with the WBS edits' Ctrl+Z / Ctrl+Y.
import { type Page, type Route, expect, test } from '@playwright/test';
import { api, scheduleInNewSpace, signedIn } from './platform-helpers';
import { grid, openWorkbench, typeRows } from './workbench-helpers';

test.describe.configure({ mode: 'serial' });

const resGrid = (page: Page) => page.getByRole('grid', { name: 'Resources of the space' });
const rowNamed = (page: Page, name: string) =>
  resGrid(page)
    .locator('[role=row]')
    .filter({ has: page.getByRole('gridcell', { name, exact: true }) });

async function pasteText(page: Page, text: string) {
  await resGrid(page).evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('resources are made, pasted, refused and deleted with the keyboard', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'res');
  await signedIn(page, s.account, `/${s.spaceId}/resources`);
  await expect(page.getByRole('heading', { name: 'Resources' })).toBeVisible();
  await expect(page.getByText('No resources yet')).toBeVisible();

  // The create and the list read after it answer late on purpose: what is typed meanwhile
  // must become the new name.
  const late = async (route: Route) => {
    await new Promise((r) => setTimeout(r, 300));
    await route.continue();
  };
  await page.route('**/resources/create', late);
  await page.route(/\/resources(\?|$)/, late);
  await page.getByRole('button', { name: 'Add resource' }).click();
  await page.keyboard.type('Mason', { delay: 150 }); // keys during the create and during the read
  await page.keyboard.press('Enter');
  await expect(rowNamed(page, 'Mason')).toBeVisible();
  await page.unroute('**/resources/create');
  await page.unroute(/\/resources(\?|$)/);
  await resGrid(page).focus();
  await page.keyboard.press('Insert');
  await page.keyboard.type('Crane');
  await page.keyboard.press('Enter');
  await expect(rowNamed(page, 'Crane')).toBeVisible();

  // To Crane's "Limit per day" (the 7th column) and type it.
  await rowNamed(page, 'Crane').getByRole('gridcell').nth(6).click();
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await expect(rowNamed(page, 'Crane').getByRole('gridcell').nth(6)).toHaveText('1');
  await rowNamed(page, 'Mason').getByRole('gridcell').nth(6).click();
  await page.keyboard.type('8');
  await page.keyboard.press('Enter');
  await expect(rowNamed(page, 'Mason').getByRole('gridcell').nth(6)).toHaveText('8');

  // A matrix from a spreadsheet, pasted at the first cell of a new row: code, name, kind.
  const count = await resGrid(page).locator('[role=row][data-id]').count();
  await rowNamed(page, 'Mason').getByRole('gridcell').first().click();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown'); // the blank line after the last row: the paste adds rows
  await pasteText(page, 'T1\tTruck\tResource\nD1\tDrawings\tDocument');
  await expect(rowNamed(page, 'Drawings')).toBeVisible();
  expect(await resGrid(page).locator('[role=row][data-id]').count()).toBe(count + 2);
  await expect(rowNamed(page, 'Drawings').getByRole('gridcell').nth(2)).toHaveText('Document');

  // A kind that is not one is refused, naming the column; nothing changes.
  await rowNamed(page, 'Truck').getByRole('gridcell').nth(2).click();
  await page.keyboard.type('Crane-ish');
  await page.keyboard.press('Enter');
  await expect(page.getByText('“Crane-ish” is not a value of the column “Kind”')).toBeVisible();
  await expect(rowNamed(page, 'Truck').getByRole('gridcell').nth(2)).toHaveText('Resource');

  // Delete asks first.
  await rowNamed(page, 'Drawings').getByRole('gridcell').nth(1).click();
  await page.keyboard.press('Delete');
  await expect(page.getByRole('dialog')).toContainText('Delete “Drawings”');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(rowNamed(page, 'Drawings')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/resources-screen.png' });

  // The list is the server's: a reload shows the same.
  await page.reload();
  await expect(rowNamed(page, 'Truck')).toBeVisible();
  await expect(rowNamed(page, 'Crane').getByRole('gridcell').nth(6)).toHaveText('1');

  // filter_indicator (spec §2): renewable resources without a limit — the Truck, not the Crane.
  await page.goto(`/${s.spaceId}/resources?filter_indicator=no_limit`);
  await expect(rowNamed(page, 'Truck')).toBeVisible();
  await expect(rowNamed(page, 'Crane')).toHaveCount(0);
  const indicator = page.getByLabel('Indicator');
  await expect(indicator).toHaveValue('no_limit');
  await indicator.selectOption('levelled');
  await expect(rowNamed(page, 'Crane')).toBeVisible();
  await expect(rowNamed(page, 'Truck')).toHaveCount(0);
  await expect(page).toHaveURL(/filter_indicator=levelled/);
  await indicator.selectOption('');
  await expect(rowNamed(page, 'Truck')).toBeVisible();
  await expect(page).not.toHaveURL(/filter_indicator/);
  // filter with target: the name filter keeps the Crane, selected.
  await page.goto(`/${s.spaceId}/resources?filter=cran`);
  await expect(rowNamed(page, 'Crane')).toBeVisible();
  await expect(rowNamed(page, 'Truck')).toHaveCount(0);
  const filterBar = page.getByRole('status', { name: 'Filter' });
  await expect(filterBar).toContainText('name or code contains “cran”');

  // filter as an expression (spec §2, as on the schedule page): built on screen over the columns,
  // kept in the address and after a reload, cleared from the strip.
  await page.getByRole('button', { name: 'Filter…' }).click();
  const fb = page.getByRole('dialog', { name: 'Filter rows' });
  await fb.getByRole('combobox', { name: 'Column' }).first().selectOption({ label: 'Limit per day' });
  await fb.getByRole('combobox', { name: 'Operator' }).first().selectOption('gt');
  await fb.getByLabel('Value', { exact: true }).fill('0');
  await fb.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(/filter=%7B/);
  await expect(filterBar).toContainText('default_limit gt 0');
  await expect(rowNamed(page, 'Crane')).toBeVisible();
  await expect(rowNamed(page, 'Mason')).toBeVisible();
  await expect(rowNamed(page, 'Truck')).toHaveCount(0);
  await page.reload();
  await expect(rowNamed(page, 'Crane')).toBeVisible();
  await expect(rowNamed(page, 'Truck')).toHaveCount(0);
  await filterBar.getByRole('button', { name: 'Clear' }).click();
  await expect(rowNamed(page, 'Truck')).toBeVisible();
  await expect(page).not.toHaveURL(/filter=/);
  // A filter the address gets wrong is said, and every resource stays in view.
  await page.goto(`/${s.spaceId}/resources?filter=${encodeURIComponent('{"field":"price","op":"bigger"}')}`);
  await expect(page.getByRole('alert', { name: 'Filter' })).toContainText('cannot be read (at op)');
  await expect(rowNamed(page, 'Truck')).toBeVisible();
  await page.screenshot({ path: '/tmp/resources-indicator.png' });
});

test('the resources grid is the WBS grid: Tab, arrows, typing, the blank line, Excel paste, Backspace', async ({
  page,
  request,
}) => {
  const s = await scheduleInNewSpace(request, 'resgrid');
  for (const name of ['Mason', 'Crane'])
    await api(request, s.account, 'POST', '/resources/create', { name }, s.spaceId);
  await signedIn(page, s.account, `/${s.spaceId}/resources`);
  // The workbench's grid: its gutter of row numbers and its cell classes.
  await expect(resGrid(page).locator('.wb-gutter').first()).toBeVisible();
  const cell = (name: string, col: number) => rowNamed(page, name).getByRole('gridcell').nth(col);

  // From Mason's code: Tab, Tab, two arrows to Unit; typing replaces, Enter commits and moves down,
  // Tab commits and moves right; a price typed with a decimal comma.
  await cell('Mason', 0).click();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('h');
  await page.keyboard.press('Enter');
  await page.keyboard.type('d');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12,5');
  await page.keyboard.press('Enter');
  await expect(cell('Mason', 4)).toHaveText('h');
  await expect(cell('Crane', 4)).toHaveText('d');
  await expect(cell('Crane', 5)).toHaveText('12.5');

  // Enter moved to the blank line: typing a name there adds the resource.
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('Pump');
  await page.keyboard.press('Enter');
  await expect(rowNamed(page, 'Pump')).toBeVisible();

  // A 2×2 matrix as Excel puts it on the clipboard (an HTML table), pasted at Mason's unit.
  await cell('Mason', 4).click();
  await resGrid(page).evaluate((el) => {
    const data = new DataTransfer();
    data.setData('text/plain', 't\t100\r\nm3\t7\r\n');
    data.setData('text/html', '<table><tr><td>t</td><td>100</td></tr><tr><td>m3</td><td>7</td></tr></table>');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(cell('Mason', 4)).toHaveText('t');
  await expect(cell('Mason', 5)).toHaveText('100');
  await expect(cell('Crane', 4)).toHaveText('m3');
  await expect(cell('Crane', 5)).toHaveText('7');

  // Shift+ArrowRight extends the range; Backspace empties it (an amount becomes 0).
  await cell('Crane', 4).click();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Backspace');
  await expect(cell('Crane', 4)).toHaveText('');
  await expect(cell('Crane', 5)).toHaveText('0');
  await page.screenshot({ path: '/tmp/resources-grid-keys.png' });

  // A click puts the row's id in the address (a transition React renders later); an arrow pressed
  // before that lands keeps its place: the address's id must not pull the focus back.
  await resGrid(page).evaluate((el) => {
    const target = [...el.querySelectorAll('[role=row]')]
      .find((r) => r.textContent?.includes('Mason'))!
      .querySelectorAll('[role=gridcell]')[1]!;
    const at = target.getBoundingClientRect();
    const mouse = { bubbles: true, cancelable: true, button: 0, clientX: at.x + 5, clientY: at.y + 5 };
    target.dispatchEvent(new MouseEvent('mousedown', mouse));
    target.dispatchEvent(new MouseEvent('mouseup', mouse));
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
  });
  await expect(page).toHaveURL(/\/resources\/[0-9a-f-]{36}/);
  await page.evaluate(() => new Promise((ok) => setTimeout(ok, 300)));
  await expect(cell('Crane', 1)).toHaveAttribute('aria-selected', 'true');
  await expect(cell('Mason', 1)).not.toHaveAttribute('aria-selected', 'true');

  // All of it is the server's.
  await page.reload();
  await expect(cell('Mason', 4)).toHaveText('t');
  await expect(cell('Mason', 5)).toHaveText('100');
  await expect(rowNamed(page, 'Pump')).toBeVisible();
});

test('resources are assigned to rows with the keyboard, undone and redone with the WBS edits', async ({
  page,
  request,
}) => {
  const s = await scheduleInNewSpace(request, 'resasg');
  for (const [name, limit] of [
    ['Mason', 8],
    ['Crane', 1],
  ] as const)
    await api(
      request,
      s.account,
      'POST',
      '/resources/create',
      { name, default_limit: limit, unit: 'h' },
      s.spaceId,
    );
  await openWorkbench(page, s);
  await typeRows(page, [
    ['Walls', '5'],
    ['Roof', '3'],
  ]);
  // Assign only once the rows are stored (an assignment names a stored row).
  await expect(page.getByText('Saving…')).toHaveCount(0);
  await grid(page).locator('[data-row="0"] [role=gridcell]').first().click();
  await page.getByRole('tab', { name: 'Assignments' }).click();
  await expect(page.getByText('No resources are assigned to this activity.')).toBeVisible();

  const pick = page.getByLabel('Resource to assign');
  await pick.focus();
  await pick.selectOption({ label: 'Mason' });
  await page.keyboard.press('Tab');
  await page.keyboard.type('80');
  await page.keyboard.press('Tab');
  await page.keyboard.type('16');
  await page.keyboard.press('Enter');
  const mason = page.locator('tr[data-assignment="Mason"]');
  await expect(mason).toBeVisible();
  await expect(mason.getByLabel('Quantity of Mason')).toHaveValue('80');

  await pick.selectOption({ label: 'Crane' });
  await page.keyboard.press('Tab');
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  await expect(page.locator('tr[data-assignment="Crane"]')).toBeVisible();

  // A change of intensity, then undo and redo through the grid's keys.
  const intensity = mason.getByLabel('Intensity of Mason');
  await intensity.fill('50');
  await intensity.press('Enter');
  await expect(intensity).toHaveValue('50');
  await grid(page).focus();
  await page.keyboard.press('Control+z');
  await expect(intensity).toHaveValue('100');
  await page.keyboard.press('Control+z');
  await expect(page.locator('tr[data-assignment="Crane"]')).toHaveCount(0);
  await page.keyboard.press('Control+y');
  await expect(page.locator('tr[data-assignment="Crane"]')).toBeVisible();
  await page.screenshot({ path: '/tmp/resources-assignments.png' });

  // The histogram of Mason on the Resources screen: 80 units over 5 days at 8 a day is over.
  await page.goto(`/${s.spaceId}/resources`);
  await rowNamed(page, 'Mason').getByRole('gridcell').nth(1).click();
  const usage = page.getByRole('region', { name: 'Usage' });
  await expect(usage.getByTestId('overallocated')).toHaveText(/Over the limit in \d+ periods/);
  await usage.getByLabel('Period', { exact: true }).selectOption('day');
  await expect(usage.getByTestId('overallocated')).toHaveText('Over the limit in 5 periods');
  await page.screenshot({ path: '/tmp/resources-usage.png' });
  // Raising the limit to 16 a day brings it within.
  await rowNamed(page, 'Mason').getByRole('gridcell').nth(6).click();
  await page.keyboard.type('16');
  await page.keyboard.press('Enter');
  await expect(usage.getByTestId('overallocated')).toHaveText('Within the limit');
});
