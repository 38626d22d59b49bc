// A directory's values in the workbench's grid, as a user edits them: typing on the blank line at
// the end adds a value (Tab goes on to its name), typing replaces a number cell, a 3×2 matrix
// pasted past the last value adds three values, a paste with text in the number column is refused
// naming its row and column (nothing stored), Ctrl+D fills down, Delete deletes a value after the
// confirmation; then Ctrl+Z takes back each step (the delete and the paste's adds too), Ctrl+Y
// does two again, and a reload shows what is stored. Screenshots in en and ru.
import { type Page, expect, test } from '@playwright/test';
import { scheduleInNewSpace, signedIn, uploadDirectoryCsv } from './platform-helpers';
import { shownValues } from './directory-helpers';

const CSV = 'code,name,parent\n01,Earthworks,\n01.1,Excavation,01\n';

/** Pastes TSV on the grid as Excel's clipboard would. */
const paste = (page: Page, text: string) =>
  page.getByRole('grid', { name: 'Work types' }).evaluate((el, data) => {
    const d = new DataTransfer();
    d.setData('text/plain', data);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: d, bubbles: true, cancelable: true }));
  }, text);

test('type, paste past the end, fill, delete and undo each in the directory grid', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const s = await scheduleInNewSpace(request, 'dirgrid');
  const headers = { authorization: `Bearer ${s.account.token}`, 'space-id': s.spaceId };
  const dir = await uploadDirectoryCsv(request, s, 'Work types.csv', CSV);
  const attr = await request.post(`/api/v1/eps/${s.spaceId}/directory/${dir.id}/attribute`, {
    headers,
    data: { name: 'Norm', type: 'number' },
  });
  expect(attr.status(), await attr.text()).toBeLessThan(300);

  await signedIn(page, s.account, `/${s.spaceId}/directories`);
  await page.getByRole('button', { name: /Work types/ }).click();
  const grid = page.getByRole('grid', { name: 'Work types' });
  const start = ['01 | Earthworks | ', '01.1 | Excavation | '];
  await expect.poll(() => shownValues(page)).toEqual(start);
  const blank = grid.locator('.wb-row[data-id="directory-new-line"]');
  const row = (name: RegExp) => grid.getByRole('row', { name });

  // 1. Typing on the blank line adds a value; Tab goes on to its name, typing replaces it.
  await blank.getByRole('gridcell').first().click();
  await page.keyboard.type('02');
  await page.keyboard.press('Tab');
  await expect.poll(() => shownValues(page)).toEqual([...start, '02 | 02 | ']);
  await page.keyboard.type('Concrete');
  await page.keyboard.press('Enter');
  const typed = [...start, '02 | Concrete | '];
  await expect.poll(() => shownValues(page)).toEqual(typed);

  // 2. A number typed in the Norm column (a comma reads as the decimal point).
  await row(/Excavation/)
    .getByRole('gridcell')
    .nth(2)
    .click();
  await page.keyboard.type('2,5');
  await page.keyboard.press('Enter');
  const normed = ['01 | Earthworks | ', '01.1 | Excavation | 2.5', '02 | Concrete | '];
  await expect.poll(() => shownValues(page)).toEqual(normed);

  // A code another value has is refused, naming the row and column.
  await row(/Concrete/)
    .getByRole('gridcell')
    .first()
    .click();
  await page.keyboard.type('01');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Row 3, column “Code”: this code is taken. Nothing was stored.')).toBeVisible();
  await expect.poll(() => shownValues(page)).toEqual(normed);

  // 3. A 3×2 matrix pasted on the blank line's code adds three values.
  await blank.getByRole('gridcell').first().click();
  await paste(page, '03\tSteel\n04\tTimber\n05\tGlass');
  const pasted = [...normed, '03 | Steel | ', '04 | Timber | ', '05 | Glass | '];
  await expect.poll(() => shownValues(page)).toEqual(pasted);
  await expect(page.getByText('3 values added')).toBeVisible();

  // A paste with text in the number column is refused as a whole, naming its row and column.
  await blank.getByRole('gridcell').first().click();
  await paste(page, '06\tBrick\t7\n07\tStone\tmany');
  await expect(page.getByText('Row 8, column “Norm”: not a number. Nothing was stored.')).toBeVisible();
  await expect.poll(() => shownValues(page)).toEqual(pasted);

  // 4. Ctrl+D: Excavation's norm filled down to Concrete.
  await row(/Excavation/)
    .getByRole('gridcell')
    .nth(2)
    .click();
  await page.keyboard.press('Shift+ArrowDown');
  await expect(grid.locator('[role=gridcell][aria-selected=true]')).toHaveCount(2);
  await page.keyboard.press('Control+d');
  const filled = ['01 | Earthworks | ', '01.1 | Excavation | 2.5', '02 | Concrete | 2.5', ...pasted.slice(3)];
  await expect.poll(() => shownValues(page)).toEqual(filled);
  await page.screenshot({ path: 'test-results/directory-grid-en.png' });

  // 5. Delete Timber after the confirmation.
  await row(/Timber/)
    .getByRole('gridcell')
    .nth(1)
    .click();
  await page.keyboard.press('Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete value' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  const deleted = filled.filter((r) => !r.includes('Timber'));
  await expect.poll(() => shownValues(page)).toEqual(deleted);

  // Undo each step, newest first: the delete, the fill, the paste, the norm, the name, the add.
  await page.keyboard.press('Control+z');
  await expect.poll(() => shownValues(page)).toEqual(filled);
  await page.keyboard.press('Control+z');
  await expect.poll(() => shownValues(page)).toEqual(pasted);
  await page.keyboard.press('Control+z');
  await expect.poll(() => shownValues(page)).toEqual(normed);
  await page.keyboard.press('Control+z');
  await expect.poll(() => shownValues(page)).toEqual(typed);
  await page.keyboard.press('Control+z');
  await expect.poll(() => shownValues(page)).toEqual([...start, '02 | 02 | ']);
  await page.keyboard.press('Control+z');
  await expect.poll(() => shownValues(page)).toEqual(start);
  // Redo the add and the name (the name goes to the value added again).
  await page.keyboard.press('Control+y');
  await expect.poll(() => shownValues(page)).toEqual([...start, '02 | 02 | ']);
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(() => shownValues(page)).toEqual(typed);

  await page.reload();
  await page.getByRole('button', { name: /Work types/ }).click();
  await expect.poll(() => shownValues(page)).toEqual(typed);

  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(page.getByText('Alt+Shift+→ / ← понизить / повысить')).toBeVisible();
  await row(/Concrete/)
    .getByRole('gridcell')
    .nth(1)
    .click();
  await page.screenshot({ path: 'test-results/directory-grid-ru.png' });
});
