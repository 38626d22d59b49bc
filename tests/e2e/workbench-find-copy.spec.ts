// The grid's spreadsheet habits beyond typing: Ctrl+F finds text in the visible columns (and says
// when nothing matches), a mouse drag selects a range, Ctrl+C puts it on the clipboard as TSV
// (what Excel pastes), and Ctrl+D fills the first row's value down the range.
import { expect, test } from '@playwright/test';
import { scheduleInNewSpace } from './platform-helpers';
import { cell, openWorkbench, typeRows } from './workbench-helpers';

const [NAME, TYPE, DURATION] = [1, 2, 3];

test('Ctrl+F finds, a mouse drag selects a range, Ctrl+C copies it as TSV, Ctrl+D fills down', async ({
  page,
  request,
}) => {
  const s = await scheduleInNewSpace(request, 'wbfind');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openWorkbench(page, s);
  await typeRows(page, [
    ['Excavation', '2'],
    ['Foundations', '3'],
    ['Walls', '4'],
  ]);
  await expect(cell(page, 2, NAME)).toHaveText('Walls');

  // Find: after the cell in focus, case-insensitive.
  await cell(page, 0, NAME).click();
  await page.keyboard.press('Control+f');
  const find = page.getByRole('textbox', { name: 'Find in the grid' });
  await expect(find).toBeFocused();
  await find.fill('FOUND');
  await find.press('Enter');
  await expect(cell(page, 1, NAME)).toHaveAttribute('aria-selected', 'true');
  // From Foundations on, the next 'ation' wraps round to Excavation; Shift+Enter goes back.
  await find.fill('ation');
  await find.press('Enter');
  await expect(cell(page, 0, NAME)).toHaveAttribute('aria-selected', 'true');
  await find.press('Shift+Enter');
  await expect(cell(page, 1, NAME)).toHaveAttribute('aria-selected', 'true');
  await find.fill('no such text');
  await find.press('Enter');
  await expect(page.getByText('Not found')).toBeVisible();
  await find.press('Escape');
  await expect(find).toHaveCount(0);

  // Drag from Excavation's name to Walls' duration: a 3 × 3 range, copied as TSV.
  const from = (await cell(page, 0, NAME).boundingBox())!;
  const to = (await cell(page, 2, DURATION).boundingBox())!;
  await page.mouse.move(from.x + 10, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + 10, to.y + to.height / 2, { steps: 5 });
  await page.mouse.up();
  for (const r of [0, 1, 2])
    for (const c of [NAME, TYPE, DURATION])
      await expect(cell(page, r, c)).toHaveAttribute('aria-selected', 'true');
  await expect(cell(page, 0, 0)).not.toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Control+c');
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toBe('Excavation\tTask\t2\r\nFoundations\tTask\t3\r\nWalls\tTask\t4\r\n'); // rows end in CRLF, as Excel's

  // Fill down the duration column only: the first row's 2 days go to the two below.
  await cell(page, 0, DURATION).click();
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Control+d');
  await expect(cell(page, 1, DURATION)).toHaveText('2');
  await expect(cell(page, 2, DURATION)).toHaveText('2');
  await expect(cell(page, 2, NAME)).toHaveText('Walls');
});
