// Two planners on one version, each in a browser context of its own. The second one hears no live
// events (its socket is held by the test), so each of its edits is made on an older revision:
// an edit of other rows is stored and brings the first one's changes along without a reload; an
// edit of the same cell opens the conflict dialog with both values, and the choice is kept.
import { type Page, expect, test } from '@playwright/test';
import { scheduleInNewSpace } from './platform-helpers';
import { cell, grid, openWorkbench } from './workbench-helpers';

const rename = async (page: Page, row: number, name: string) => {
  await cell(page, row, 1).dblclick();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
};

/** A rename and its batch stored by the server. */
const renameSaved = async (page: Page, row: number, name: string) => {
  const stored = page.waitForResponse((r) => r.url().includes('/wbs/batch') && r.status() === 200);
  await rename(page, row, name);
  await stored;
};

test('two planners edit one version: disjoint edits merge, a conflict is resolved in a dialog', async ({
  page,
  request,
  browser,
}) => {
  const s = await scheduleInNewSpace(request, 'editors');
  await openWorkbench(page, s);
  await grid(page).focus();
  for (const name of ['Excavation', 'Foundations', 'Walls']) {
    await page.keyboard.press('Insert');
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
  }
  await expect(cell(page, 2, 1)).toHaveText('Walls');

  const other = await browser.newContext();
  const page2 = await other.newPage();
  // The second planner's socket opens but carries nothing: it never hears of the first's edits.
  await page2.routeWebSocket(/\/api\/v1\/events/, () => undefined);
  await openWorkbench(page2, s);
  await expect(cell(page2, 2, 1)).toHaveText('Walls');

  // Disjoint: A renames row 0, B (stale) renames row 1. B's edit is stored, and its answer brings
  // A's rename into B's grid; A hears B's edit live.
  await renameSaved(page, 0, 'Excavation A');
  await rename(page2, 1, 'Foundations B');
  await expect(cell(page2, 0, 1)).toHaveText('Excavation A');
  await expect(cell(page, 1, 1)).toHaveText('Foundations B');
  await expect(page2.getByRole('dialog')).toHaveCount(0);

  // The same cell: A renames Walls first; B's rename of it is refused as a conflict and shown.
  await renameSaved(page, 2, 'Walls by A');
  await rename(page2, 2, 'Walls by B');
  const dialog = page2.getByRole('dialog', { name: 'Someone else changed the same places' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('conflict-theirs-value')).toHaveText('Walls by A');
  await expect(dialog.getByTestId('conflict-mine-value')).toHaveText('Walls by B');
  await page2.screenshot({ path: '/tmp/editors-conflict.png' });
  await dialog.getByTestId('conflict-mine').click();
  await expect(dialog).toHaveCount(0);
  await expect(cell(page2, 2, 1)).toHaveText('Walls by B');
  // Kept mine: stored, so A hears it live.
  await expect(cell(page, 2, 1)).toHaveText('Walls by B');

  // Again, and this time B takes theirs: A's value stays everywhere, nothing of B's overwrote it.
  await renameSaved(page, 0, 'Excavation final');
  await rename(page2, 0, 'Excavation mine');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('conflict-theirs').click();
  await expect(cell(page2, 0, 1)).toHaveText('Excavation final');

  // A reload of both reads what the server holds: the same on both screens.
  await page.reload();
  await page2.reload();
  for (const p of [page, page2]) {
    await expect(cell(p, 0, 1)).toHaveText('Excavation final');
    await expect(cell(p, 1, 1)).toHaveText('Foundations B');
    await expect(cell(p, 2, 1)).toHaveText('Walls by B');
  }
  await other.close();
});
