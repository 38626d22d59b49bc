// A P6 export holding two projects (generated here: tests/fixtures/multi-project-xer.ts) uploaded
// through the version upload dialog: the exported project's activities are scheduled from its own
// data date, the other project's are external. In the workbench those show their project beside
// their name and refuse edits (typing, F2, a pasted value), while the exported ones stay editable.
// Screenshots go to /tmp/engine-*.png.
import { type Page, expect, test } from '@playwright/test';
import { multiProjectXer } from '../fixtures/multi-project-xer';
import { expandNodes, scheduleInNewSpace, signedIn } from './platform-helpers';
import { grid } from './workbench-helpers';

/** The grid row (its data-row) whose name cell starts with `name`. */
async function rowOf(page: Page, name: string): Promise<number> {
  const row = grid(page).locator('[role=row][data-row]').filter({ hasText: name }).first();
  await expect(row).toBeVisible();
  return Number(await row.getAttribute('data-row'));
}

/** The displayed column index of a header. */
async function colOf(page: Page, header: string): Promise<number> {
  const names = await grid(page).getByRole('columnheader').allInnerTexts();
  const i = names.findIndex((n) => n.trim().startsWith(header));
  expect(i, `column ${header} in ${names.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return i;
}

const cellAt = (page: Page, row: number, col: number) =>
  grid(page).locator(`[data-row="${row}"] [role=gridcell][data-col="${col}"]`);

test('another project’s activities are read-only and name their project', async ({ page, request }) => {
  test.setTimeout(120_000);
  const s = await scheduleInNewSpace(request, 'multi', {
    space: 'Programmes',
    facility: 'Depot',
    project: 'Extension',
    schedule: 'Works programme',
  });
  await signedIn(page, s.account, `/${s.spaceId}`);
  await expect(page.getByRole('tree')).toBeVisible();
  await expandNodes(page, ['Depot', 'Extension']);
  await page.getByRole('treeitem', { name: 'Works programme' }).click();

  await page.getByRole('button', { name: 'Upload version' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'two-projects.xer',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(multiProjectXer(), 'utf-8'),
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Import finished')).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Open the schedule' }).click();
  await expect(page).toHaveURL(/\/schedule\/[0-9a-f-]+\?version=/);
  await expect(page.getByTestId('timetable-state')).toHaveText('Calculated', { timeout: 30_000 });

  // The other project's activities name it; the exported ones do not.
  await expect(grid(page).getByText('Permit · project OTHER')).toBeVisible();
  await expect(grid(page).getByText('Inspection · project OTHER')).toBeVisible();
  await expect(grid(page).getByText('Build', { exact: true })).toBeVisible();

  // Build waits for the permit's stored finish (Fri 12.01.24): it starts Mon 15.01.24.
  const start = await colOf(page, 'Start');
  const build = await rowOf(page, 'Build');
  await expect(cellAt(page, build, start)).toHaveText('15.01.24');
  await page.screenshot({ path: '/tmp/engine-multi-project.png' });

  // The node panel's Related schedules tab: Build's link from OTHER's permit, with its dates;
  // "Show" selects the permit, whose tab names its project and its link into this schedule.
  await cellAt(page, build, 1).click();
  await page.getByRole('tab', { name: 'Related schedules' }).click();
  const panel = page.getByRole('tabpanel');
  const preds = panel.getByRole('region', { name: 'Predecessors' });
  const permitLink = preds.getByRole('row').filter({ hasText: 'Permit' });
  await expect(permitLink).toContainText('OTHER');
  await expect(permitLink).toContainText('X2000');
  await expect(permitLink).toContainText('FS');
  await expect(permitLink).toContainText('10.01.24');
  await expect(permitLink).toContainText('12.01.24');
  await page.screenshot({ path: '/tmp/engine-multi-project-related.png' });
  await permitLink.getByRole('button', { name: 'Show Permit in the grid' }).click();
  await expect(panel).toContainText('An activity of project OTHER');
  await expect(panel.getByRole('region', { name: 'Successors' })).toContainText('Build');
  await expect(grid(page).locator('.wb-row-selected')).toContainText('Permit');

  // Typing into the permit's duration opens no editor and says why; nothing changes.
  const duration = await colOf(page, 'Duration');
  const permit = await rowOf(page, 'Permit');
  const before = await cellAt(page, permit, duration).innerText();
  await cellAt(page, permit, duration).click();
  await page.keyboard.type('9');
  await expect(page.getByText(/An activity of project OTHER/).first()).toBeVisible();
  await expect(grid(page).getByRole('textbox')).toHaveCount(0);
  await page.keyboard.press('F2');
  await expect(grid(page).getByRole('textbox')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/engine-multi-project-refused.png' });
  await expect(cellAt(page, permit, duration)).toHaveText(before);

  // A row of the exported project is edited as usual.
  await cellAt(page, build, duration).click();
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await expect(cellAt(page, build, duration)).toHaveText(/^2/);
});
