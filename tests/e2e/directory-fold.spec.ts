// Folding the value tree of the Directories screen's grid, as a user does it: Alt+Shift+1–9 show so
// many levels (Alt+Shift+0 all), Ctrl+← / Ctrl+→ fold and unfold a value with everything under it, ← folds
// one value, and the "Levels" buttons do the same with the mouse; then the same in Russian.
import { type Page, expect, test } from '@playwright/test';
import { scheduleInNewSpace, signedIn, uploadDirectoryCsv } from './platform-helpers';

const CSV =
  'code,name,parent\n01,Earthworks,\n01.1,Excavation,01\n01.1.1,Trenches,01.1\n02,Concrete,\n02.1,Slabs,02\n';

async function open(page: Page, request: Parameters<typeof scheduleInNewSpace>[0], tag: string) {
  const s = await scheduleInNewSpace(request, tag);
  await uploadDirectoryCsv(request, s, 'Work types.csv', CSV);
  await signedIn(page, s.account, `/${s.spaceId}/directories`);
}

/** The codes of the value rows shown, top to bottom. */
const shown = (page: Page) =>
  page
    .getByRole('grid')
    .locator('.wb-row[data-id]:not([data-id="directory-new-line"])')
    .evaluateAll((rows) => rows.map((r) => r.querySelector('[role=gridcell] .wb-text')!.textContent!.trim()));

test('the value tree folds to levels and by subtree, with keys and buttons', async ({ page, request }) => {
  test.setTimeout(180_000);
  await open(page, request, 'dirfold');
  await page.getByRole('button', { name: /Work types/ }).click();
  const table = page.getByRole('grid', { name: 'Work types' });
  await expect(table).toContainText('Trenches');
  // The code cell holds the tree: ← → fold there.
  await table
    .getByRole('row', { name: /Earthworks/ })
    .getByRole('gridcell')
    .first()
    .click();

  await page.keyboard.press('Alt+Shift+1');
  await expect.poll(() => shown(page)).toEqual(['01', '02']);
  await page.keyboard.press('Alt+Shift+0');
  await expect.poll(() => shown(page)).toEqual(['01', '01.1', '01.1.1', '02', '02.1']);
  // Ctrl+← folds Earthworks with everything under it; → opens one level only, Ctrl+→ all of it.
  await page.keyboard.press('Control+ArrowLeft');
  await expect.poll(() => shown(page)).toEqual(['01', '02', '02.1']);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => shown(page)).toEqual(['01', '01.1', '02', '02.1']);
  await page.keyboard.press('Control+ArrowRight');
  await expect.poll(() => shown(page)).toEqual(['01', '01.1', '01.1.1', '02', '02.1']);
  await expect(
    table.getByRole('row', { name: /Earthworks/ }).getByRole('button', { name: 'Collapse' }),
  ).toHaveAttribute('aria-expanded', 'true');

  // The buttons: two levels; the focus, on a value that goes out of view, moves up to its parent.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(table.getByRole('row', { name: /Trenches/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('group', { name: 'Levels' }).getByRole('button', { name: 'Show 2 levels' }).click();
  await expect.poll(() => shown(page)).toEqual(['01', '01.1', '02', '02.1']);
  await expect(table.getByRole('row', { name: /Excavation/ })).toHaveAttribute('aria-selected', 'true');
  await expect(
    table.getByRole('row', { name: /Excavation/ }).getByRole('button', { name: 'Expand' }),
  ).toHaveAttribute('aria-expanded', 'false');
  // The keys still reach the table after the click.
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => shown(page)).toEqual(['01', '01.1', '01.1.1', '02', '02.1']);
  await page.screenshot({ path: 'test-results/directory-fold-en.png' });
  await page.getByRole('group', { name: 'Levels' }).getByRole('button', { name: 'All' }).click();
  await expect.poll(() => shown(page)).toHaveLength(5);
});

test('the level buttons in Russian', async ({ page, request }) => {
  test.setTimeout(120_000);
  await open(page, request, 'dirfoldru');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await page.getByRole('button', { name: /Work types/ }).click();
  const levels = page.getByRole('group', { name: 'Уровни' });
  await levels.getByRole('button', { name: 'Показать 1 уровень' }).click();
  await expect.poll(() => shown(page)).toEqual(['01', '02']);
  await expect(levels.getByRole('button', { name: 'Все' })).toBeVisible();
  await expect(page.getByText('Alt+Shift+1–9 показать уровни, Alt+Shift+0 все')).toBeVisible();
  await page.screenshot({ path: 'test-results/directory-fold-ru.png' });
});
