// The values grid's undo is the server's (src/server/services/directory-undo.ts): two cells typed,
// the page reloaded, Ctrl+Z twice takes both back, Ctrl+Y gives one again, and a reload shows the
// redone value. Screenshots in en.
import { expect, test } from '@playwright/test';
import { scheduleInNewSpace, signedIn, uploadDirectoryCsv } from './platform-helpers';
import { shownValues } from './directory-helpers';

const CSV = 'code,name,parent,unit\n01,Earthworks,,\n01.1,Excavation,01,m3\n02,Concrete,,t\n';

test('undo and redo of typed directory values survive a reload', async ({ page, request }) => {
  test.setTimeout(120_000);
  const s = await scheduleInNewSpace(request, 'dirundosrv');
  await uploadDirectoryCsv(request, s, 'Work types.csv', CSV);
  const open = async () => {
    await page.getByRole('button', { name: /Work types/ }).click();
    await expect(page.getByRole('grid', { name: 'Work types' })).toBeVisible();
  };
  await signedIn(page, s.account, `/${s.spaceId}/directories`);
  await open();
  const grid = page.getByRole('grid', { name: 'Work types' });
  const start = ['01 | Earthworks | ', '01.1 | Excavation | m3', '02 | Concrete | t'];
  await expect.poll(() => shownValues(page)).toEqual(start);

  // Two cells typed: Excavation's name, then Concrete's unit.
  await grid
    .getByRole('row', { name: /Excavation/ })
    .getByRole('gridcell')
    .nth(1)
    .click();
  await page.keyboard.type('Digging');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => shownValues(page))
    .toEqual(['01 | Earthworks | ', '01.1 | Digging | m3', '02 | Concrete | t']);
  await grid
    .getByRole('row', { name: /Concrete/ })
    .getByRole('gridcell')
    .nth(2)
    .click();
  await page.keyboard.type('m2');
  await page.keyboard.press('Enter');
  const typed = ['01 | Earthworks | ', '01.1 | Digging | m3', '02 | Concrete | m2'];
  await expect.poll(() => shownValues(page)).toEqual(typed);

  // A reload: the screen's memory is gone, the server's history is not.
  await page.reload();
  await open();
  await expect.poll(() => shownValues(page)).toEqual(typed);
  await grid
    .getByRole('row', { name: /Earthworks/ })
    .getByRole('gridcell')
    .first()
    .click();
  await page.keyboard.press('Control+z');
  await expect
    .poll(() => shownValues(page))
    .toEqual(['01 | Earthworks | ', '01.1 | Digging | m3', '02 | Concrete | t']);
  await page.keyboard.press('Control+z');
  await expect.poll(() => shownValues(page)).toEqual(start);
  await page.keyboard.press('Control+y');
  const redone = ['01 | Earthworks | ', '01.1 | Digging | m3', '02 | Concrete | t'];
  await expect.poll(() => shownValues(page)).toEqual(redone);
  await page.screenshot({ path: 'test-results/directory-undo-server-en.png' });

  await page.reload();
  await open();
  await expect.poll(() => shownValues(page)).toEqual(redone);

  // The buttons above the grid do the same, and say what they would take back.
  const history = page.getByRole('group', { name: 'Your edits of this directory' });
  const undo = history.getByRole('button', { name: 'Undo' });
  const redo = history.getByRole('button', { name: 'Redo' });
  await expect(undo).toHaveAttribute('title', 'Undo a typed cell (Ctrl+Z)');
  await expect(redo).toHaveAttribute('title', 'Redo a typed cell (Ctrl+Y)');
  await undo.click();
  await expect.poll(() => shownValues(page)).toEqual(start);
  await expect(undo).toBeDisabled();
  await redo.click();
  await expect.poll(() => shownValues(page)).toEqual(redone);
  await expect(undo).toBeEnabled();
});
