// The schedule workbench in Chromium: build a schedule with the keyboard only and see the critical
// path; paste a 50×4 matrix through the clipboard and undo it; reload; a second browser context
// sees the first one's edit live.
import { type Page, expect, test } from '@playwright/test';
import { scheduleInNewSpace } from './platform-helpers';
import { cell, grid, openWorkbench } from './workbench-helpers';

test.describe.configure({ mode: 'serial' });

/** Rows in the version's visible view (the DOM holds only the rows in view). */
const expectRowCount = (page: Page, n: number, timeout = 5000) =>
  expect(grid(page)).toHaveAttribute('aria-rowcount', String(n + 1), { timeout });
const row = (page: Page, r: number) => grid(page).locator(`[role=row][data-row="${r}"]`);

test('a scheduler builds a 20-row schedule with the keyboard only and sees the critical path', async ({
  page,
  request,
}) => {
  const s = await scheduleInNewSpace(request, 'wbkeys');
  await openWorkbench(page, s);
  await grid(page).focus();

  // Row 1: the summary; rows 2–20: tasks of 1–5 days.
  for (let i = 1; i <= 20; i++) {
    await page.keyboard.press('Insert');
    await page.keyboard.type(i === 1 ? 'Block C' : `Task ${i - 1}`);
    await page.keyboard.press('Tab'); // name → type
    if (i > 1) {
      await page.keyboard.press('Tab'); // type → duration
      await page.keyboard.type(String(((i - 2) % 5) + 1));
      await page.keyboard.press('Enter');
    } else {
      await page.keyboard.press('Home');
    }
  }
  await expectRowCount(page, 20);
  await expect(cell(page, 5, 1)).toHaveText('Task 5');
  await expect(cell(page, 5, 3)).toHaveText('5');
  // F2 opens a cell with the caret after its value, as Excel does: typing adds to the value.
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowRight'); // code → name
  await page.keyboard.press('F2');
  await page.keyboard.type(' North');
  await page.keyboard.press('Enter');
  await expect(cell(page, 0, 1)).toHaveText('Block C North');

  // Indent rows 2–20 under row 1, then link them into a chain.
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowDown');
  for (let i = 0; i < 18; i++) await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Alt+Shift+ArrowRight');
  await expect(cell(page, 0, 2)).toHaveText('Summary');
  await expect(cell(page, 19, 0)).toHaveText('1.19');
  await page.keyboard.press('Control+l');

  // Every task of the chain is critical: zero total float, marked red.
  await expect(page.getByTestId('timetable-state')).toHaveText('Calculated');
  for (const r of [1, 10, 19]) {
    await expect(row(page, r)).toHaveClass(/wb-row-critical/);
    await expect(cell(page, r, 6)).toHaveText('0');
  }
  // The last task finishes 19 tasks × their durations later than the first starts.
  const first = await cell(page, 1, 4).textContent();
  const last = await cell(page, 19, 5).textContent();
  expect(first).not.toEqual(last);

  // The task_relations tab of the focused row lists its predecessor; make it start-start, lag 2 d.
  await cell(page, 5, 1).click();
  await page.getByRole('tab', { name: 'Relations' }).click();
  const preds = page.getByRole('region', { name: 'Predecessors' });
  await expect(preds.getByRole('row')).toHaveCount(2);
  await expect(preds).toContainText('Task 4');
  await preds.getByLabel('Type').first().selectOption('ss');
  await preds.getByLabel('Lag, d').fill('2');
  await preds.getByLabel('Lag, d').press('Enter');
  await expect(preds.getByLabel('Type').first()).toHaveValue('ss');
  await expect(preds.getByLabel('Lag, d')).toHaveValue('2');
  // Both edits are undo steps of kind undo_relation.
  await grid(page).focus();
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await expect(page.getByRole('region', { name: 'Predecessors' }).getByLabel('Type').first()).toHaveValue(
    'fs',
  );

  // Undo the links: floats appear again.
  await page.keyboard.press('Control+z');
  await expect(row(page, 1)).not.toHaveClass(/wb-row-critical/);
  await page.keyboard.press('Control+y');
  await expect(row(page, 1)).toHaveClass(/wb-row-critical/);
});

test('paste a 50×4 matrix through the clipboard and undo it as one step', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'wbpaste');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openWorkbench(page, s);
  await grid(page).focus();
  await page.keyboard.press('Insert');
  await page.keyboard.type('First');
  await page.keyboard.press('Enter');

  // 50 rows × name, type, duration, start (one bad duration).
  const lines = Array.from({ length: 50 }, (_, i) =>
    [
      `Pasted ${i + 1}`,
      i % 10 === 0 ? 'Work' : 'Task',
      i === 7 ? 'soon' : String((i % 4) + 1),
      `0${(i % 9) + 1}.03.2027`,
    ].join('\t'),
  );
  await page.evaluate((text) => navigator.clipboard.writeText(text), lines.join('\n'));
  await cell(page, 0, 1).click();
  await page.keyboard.press('Control+v');
  await expectRowCount(page, 50, 10_000);
  await expect(cell(page, 0, 1)).toHaveText('Pasted 1');
  await expect(cell(page, 0, 2)).toHaveText('Work');
  await expect(cell(page, 7, 3)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('1 cell could not be converted')).toBeVisible();

  // Undo is one step: back to the single row; redo brings the 50 back.
  await page.keyboard.press('Control+z');
  await expectRowCount(page, 1);
  await expect(cell(page, 0, 1)).toHaveText('First');
  await page.keyboard.press('Control+y');
  await expectRowCount(page, 50);
});

// Every command is one batch on POST versions/{id}/wbs/batch; the version_updated event brings it
// to the other session; a reload reads it back from the server.
test("a reload and a second browser context see the first one's edits", async ({
  page,
  request,
  browser,
}) => {
  const s = await scheduleInNewSpace(request, 'wblive');
  await openWorkbench(page, s);
  await grid(page).focus();
  for (const name of ['Excavation', 'Foundations', 'Walls']) {
    await page.keyboard.press('Insert');
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
  }
  await expectRowCount(page, 3);

  const other = await browser.newContext();
  const page2 = await other.newPage();
  await openWorkbench(page2, s);
  await expectRowCount(page2, 3);

  // An edit here appears there within a second.
  await cell(page, 1, 1).dblclick();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Edited live');
  await page.keyboard.press('Enter');
  await expect(cell(page2, 1, 1)).toHaveText('Edited live', { timeout: 1000 });

  // Reload: the same data comes back from the server.
  await page.reload();
  await expectRowCount(page, 3);
  await expect(cell(page, 1, 1)).toHaveText('Edited live');
  await other.close();
});
