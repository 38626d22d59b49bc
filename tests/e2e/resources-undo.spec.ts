// Resources in Chromium: an edit, a paste and a delete each taken back with Ctrl+Z and done again
// with Ctrl+Y (the server keeps the history: it holds after a reload), and the member's column
// layout (a hidden column, a wider one) kept across a reload.
import { type Page, expect as baseExpect, test } from '@playwright/test';
import { api, scheduleInNewSpace, signedIn } from './platform-helpers';

test.describe.configure({ mode: 'serial', timeout: 180_000 });
// The shared machine runs at a load average of 30–40: a list read after a paste can take over 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

const resGrid = (page: Page) => page.getByRole('grid', { name: 'Resources of the space' });
const rowNamed = (page: Page, name: string) =>
  resGrid(page)
    .locator('[role=row]')
    .filter({ has: page.getByRole('gridcell', { name, exact: true }) });
const cell = (page: Page, name: string, col: number) => rowNamed(page, name).getByRole('gridcell').nth(col);

async function pasteText(page: Page, text: string) {
  await resGrid(page).evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('an edit, a paste and a delete are undone with Ctrl+Z and redone with Ctrl+Y', async ({
  page,
  request,
}) => {
  const s = await scheduleInNewSpace(request, 'resundo');
  await api(request, s.account, 'POST', '/resources/create', { name: 'Mason', price: 10 }, s.spaceId);
  await api(request, s.account, 'POST', '/resources/create', { name: 'Crane' }, s.spaceId);
  await signedIn(page, s.account, `/${s.spaceId}/resources`);
  await expect(rowNamed(page, 'Crane')).toBeVisible();
  // The API's creates are the member's own steps too; this test's steps come after them.

  // An edit: Mason's price (the 6th column) 10 → 20.
  await cell(page, 'Mason', 5).click();
  await page.keyboard.type('20');
  await page.keyboard.press('Enter');
  await expect(cell(page, 'Mason', 5)).toHaveText('20');

  // A paste on the blank line after the last row adds two resources in one step.
  await cell(page, 'Crane', 0).click();
  await page.keyboard.press('ArrowDown');
  await pasteText(page, 'T1\tTruck\nP1\tPump');
  await expect(rowNamed(page, 'Pump')).toBeVisible();
  await expect(rowNamed(page, 'Truck')).toBeVisible();

  // A delete after its confirmation.
  await cell(page, 'Crane', 1).click();
  await page.keyboard.press('Delete');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(rowNamed(page, 'Crane')).toHaveCount(0);
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  await expect(undo).toHaveAttribute('title', 'Undo: deleting resources (Ctrl+Z)');

  // Ctrl+Z three times: the delete, the paste, the edit — newest first.
  await cell(page, 'Mason', 1).click();
  await page.keyboard.press('Control+z');
  await expect(rowNamed(page, 'Crane')).toBeVisible();
  await expect(page.getByText('Undone: deleting resources')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(rowNamed(page, 'Truck')).toHaveCount(0);
  await expect(rowNamed(page, 'Pump')).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(cell(page, 'Mason', 5)).toHaveText('10');
  await page.screenshot({ path: '/tmp/resources-undo.png' });

  // Ctrl+Y three times: the edit, the paste, the delete again.
  await page.keyboard.press('Control+y');
  await expect(cell(page, 'Mason', 5)).toHaveText('20');
  await page.keyboard.press('Control+y');
  await expect(rowNamed(page, 'Truck')).toBeVisible();
  await expect(rowNamed(page, 'Pump')).toBeVisible();
  await page.keyboard.press('Control+y');
  await expect(rowNamed(page, 'Crane')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Redo', exact: true })).toBeDisabled();

  // The history is the server's: after a reload Ctrl+Z still takes the delete back.
  await page.reload();
  await expect(rowNamed(page, 'Mason')).toBeVisible({ timeout: 30_000 });
  await cell(page, 'Mason', 1).click();
  await page.keyboard.press('Control+z');
  await expect(rowNamed(page, 'Crane')).toBeVisible();
  // And the toolbar's Redo does it again.
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect(rowNamed(page, 'Crane')).toHaveCount(0);
});

test("the member's column layout is kept across a reload", async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'reslayout');
  await api(
    request,
    s.account,
    'POST',
    '/resources/create',
    { name: 'Mason', specialty: 'Masonry' },
    s.spaceId,
  );
  await signedIn(page, s.account, `/${s.spaceId}/resources`);
  await expect(rowNamed(page, 'Mason')).toBeVisible();
  const header = (name: string) => resGrid(page).getByRole('columnheader', { name, exact: true });
  await expect(header('Specialty')).toBeVisible();

  // Hide Specialty from the column menu (keyboard: the checkbox toggles with Space).
  await resGrid(page).getByRole('button', { name: 'Columns' }).click();
  const menu = page.getByRole('dialog', { name: 'Columns' });
  await menu.getByRole('checkbox', { name: 'Specialty' }).focus();
  await page.keyboard.press('Space');
  await menu.getByRole('button', { name: 'Close' }).click();
  await expect(header('Specialty')).toHaveCount(0);

  // Widen Name by 80 px with its resize grip.
  const before = (await header('Name').boundingBox())!;
  const grip = (await header('Name').getByRole('separator').boundingBox())!;
  const saved = page.waitForResponse((r) => {
    if (!r.url().includes('/resource-layout') || r.request().method() !== 'PUT') return false;
    const body = JSON.parse(r.request().postData() ?? '{}') as { columns: { id: string; width: number }[] };
    return (body.columns.find((c) => c.id === 'name')?.width ?? 0) > before.width + 40;
  });
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2 + 40, grip.y + grip.height / 2, { steps: 4 });
  await page.mouse.move(grip.x + grip.width / 2 + 80, grip.y + grip.height / 2, { steps: 4 });
  await page.mouse.up();
  await saved;
  const widened = (await header('Name').boundingBox())!.width;
  expect(Math.abs(widened - (before.width + 80))).toBeLessThan(4);

  await page.reload();
  await expect(rowNamed(page, 'Mason')).toBeVisible({ timeout: 30_000 });
  await expect(header('Specialty')).toHaveCount(0);
  await expect
    .poll(async () => Math.round((await header('Name').boundingBox())!.width))
    .toBe(Math.round(widened));
  await page.screenshot({ path: '/tmp/resources-layout.png' });

  // In Russian: the toolbar's Undo/Redo and the column menu speak it.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(page.getByRole('button', { name: 'Отменить', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Столбцы', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Столбцы' })).toContainText('Закреплённых столбцов');
  await page.screenshot({ path: '/tmp/resources-layout-ru.png' });
});
