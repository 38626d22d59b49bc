// Editing many directory values at once, as a user does in the values grid: Shift+↓ selects a
// column's range, Ctrl+D fills it down, a matrix pasted from Excel lands from the focused cell (a
// cell past the last column — the read-only linked rows — is left out and said so), Ctrl+Z /
// Ctrl+Y take each back and do it again, and what is stored is there after a reload. Screenshots
// in en and ru.
import { expect, test } from '@playwright/test';
import { scheduleInNewSpace, signedIn, uploadDirectoryCsv } from './platform-helpers';
import { shownValues } from './directory-helpers';

const CSV =
  'code,name,parent,unit\n01,Earthworks,,\n01.1,Excavation,01,m3\n01.2,Backfill,01,\n02,Concrete,,t\n';

test('fill down, paste from Excel, undo and redo in the values grid', async ({ page, request }) => {
  test.setTimeout(120_000);
  const s = await scheduleInNewSpace(request, 'dircells');
  await uploadDirectoryCsv(request, s, 'Work types.csv', CSV);
  await signedIn(page, s.account, `/${s.spaceId}/directories`);
  await page.getByRole('button', { name: /Work types/ }).click();
  const table = page.getByRole('grid', { name: 'Work types' });
  const start = ['01 | Earthworks | ', '01.1 | Excavation | m3', '01.2 | Backfill | ', '02 | Concrete | t'];
  await expect.poll(() => shownValues(page)).toEqual(start);

  // Excavation's unit: → → from the code, Shift+↓ takes Backfill's too, Ctrl+D fills it.
  const excavation = table.getByRole('row', { name: /Excavation/ });
  await excavation.getByRole('gridcell').first().click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(table.locator('[role=gridcell][aria-selected=true]')).toHaveCount(2);
  await page.keyboard.press('Control+d');
  const filled = [
    '01 | Earthworks | ',
    '01.1 | Excavation | m3',
    '01.2 | Backfill | m3',
    '02 | Concrete | t',
  ];
  await expect.poll(() => shownValues(page)).toEqual(filled);
  await page.screenshot({ path: 'test-results/directory-cells-en.png' });
  await page.keyboard.press('Control+z');
  await expect.poll(() => shownValues(page)).toEqual(start);
  await page.keyboard.press('Control+y');
  await expect.poll(() => shownValues(page)).toEqual(filled);

  // Two rows of name and unit pasted at Excavation's name; a third cell falls past the table.
  await excavation.getByRole('gridcell').nth(1).click();
  await table.evaluate((el) => {
    const data = new DataTransfer();
    data.setData('text/plain', 'Digging\tm2\textra\nFilling\tm3');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  const pasted = ['01 | Earthworks | ', '01.1 | Digging | m2', '01.2 | Filling | m3', '02 | Concrete | t'];
  await expect.poll(() => shownValues(page)).toEqual(pasted);
  await expect(page.getByText('1 pasted cell fell past the last column and was left out')).toBeVisible();
  // Undo the paste, then the fill: the table as uploaded, also after a reload.
  await page.keyboard.press('Control+z');
  await expect.poll(() => shownValues(page)).toEqual(filled);
  await page.keyboard.press('Control+z');
  await expect.poll(() => shownValues(page)).toEqual(start);
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(() => shownValues(page)).toEqual(filled);
  await page.reload();
  await page.getByRole('button', { name: /Work types/ }).click();
  await expect.poll(() => shownValues(page)).toEqual(filled);

  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(page.getByText('Ctrl+D заполнить вниз')).toBeVisible();
  await table
    .getByRole('row', { name: /Backfill/ })
    .getByRole('gridcell')
    .nth(2)
    .click();
  await page.keyboard.press('Shift+ArrowUp');
  await page.screenshot({ path: 'test-results/directory-cells-ru.png' });
});
