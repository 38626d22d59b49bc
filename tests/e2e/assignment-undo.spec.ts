// Assignment edits are steps of the version's server-kept undo history (issue 17): a user assigns a
// resource and changes its intensity from the Assignments tab, reloads the page, and undoes both
// with Ctrl+Z and redoes with Ctrl+Y, as WBS edits are undone after a reload.
import { expect, test } from '@playwright/test';
import { api, scheduleInNewSpace } from './platform-helpers';
import { grid, openWorkbench, typeRows } from './workbench-helpers';

test('assignment edits undo and redo after a reload', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'asgundo');
  await api(
    request,
    s.account,
    'POST',
    '/resources/create',
    { name: 'Mason', default_limit: 8, unit: 'h' },
    s.spaceId,
  );
  await openWorkbench(page, s);
  await typeRows(page, [['Walls', '5']]);
  await expect(page.getByText('Saving…')).toHaveCount(0);
  const openTab = async () => {
    await grid(page).locator('[data-row="0"] [role=gridcell]').first().click();
    await page.getByRole('tab', { name: 'Assignments' }).click();
  };
  await openTab();
  const pick = page.getByLabel('Resource to assign');
  await pick.focus();
  await pick.selectOption({ label: 'Mason' });
  await page.keyboard.press('Tab');
  await page.keyboard.type('80');
  await page.keyboard.press('Enter');
  const mason = page.locator('tr[data-assignment="Mason"]');
  await expect(mason).toBeVisible();
  const intensity = mason.getByLabel('Intensity of Mason');
  await intensity.fill('50');
  await intensity.press('Enter');
  await expect(intensity).toHaveValue('50');
  await expect(page.getByText('Saving…')).toHaveCount(0);

  await page.reload();
  await openTab();
  await expect(intensity).toHaveValue('50');
  await grid(page).focus();
  await page.keyboard.press('Control+z');
  await expect(intensity).toHaveValue('100');
  await page.keyboard.press('Control+z');
  await expect(mason).toHaveCount(0);
  await page.keyboard.press('Control+y');
  await expect(mason).toBeVisible();
  await page.screenshot({ path: 'test-results/assignment-undo-en.png' });
  // Still there after another reload: the redo was stored.
  await page.reload();
  await openTab();
  await expect(mason).toBeVisible();
  await expect(intensity).toHaveValue('100');
});
