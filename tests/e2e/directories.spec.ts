// Directories and calendars as a user works them: upload a directory from a CSV through the
// upload dialog, edit its values in the grid with the keyboard (F2, Insert, Alt+Shift+→, Delete with confirmation),
// link a workbench row to a value from the directories tab, see the link counted and a renamed
// value on the row; then edit a calendar's week and a holiday on the month view and save it after
// the confirmation that names the version it recalculates. Screenshots go to /tmp/shots/.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { type ScheduleSetup, api, scheduleInNewSpace, signedIn, uploadVersionCsv } from './platform-helpers';
import { cell, grid } from './workbench-helpers';

const SHOTS = '/tmp/shots';
const DIRECTORY_CSV =
  'code,name,parent,Unit\n01,Earthworks,,\n01.1,Excavation,01,m3\n01.2,Backfill,01,m3\n02,Concrete,,m3\n';

/** A version with two activities, uploaded into the set-up's schedule; its id. */
async function uploadVersion(request: APIRequestContext, s: ScheduleSetup): Promise<string> {
  const csv = 'Code,Name,Duration (d)\nA10,Dig trench,2\nA20,Pour slab,3\n';
  return (await uploadVersionCsv(request, s, csv, { label: 'Site works' })).id;
}

test('upload a directory, edit it with the keyboard, link a row to it and see the row follow', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const s = await scheduleInNewSpace(request, 'dirs');
  const versionId = await uploadVersion(request, s);

  await signedIn(page, s.account, `/${s.spaceId}/directories`);
  await expect(page.getByRole('heading', { name: 'Directories' })).toBeVisible();
  await expect(page.getByText('No directories yet')).toBeVisible();

  // The directory upload dialog.
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload a directory', exact: true });
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'Work types.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(DIRECTORY_CSV),
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Directory uploaded: 4 values')).toBeVisible();
  await expect(page.getByRole('button', { name: /Work types/ })).toBeVisible();
  const table = page.getByRole('grid', { name: 'Work types' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(6); // header + 4 values + the blank line that adds
  await expect(rows.nth(2)).toContainText('Excavation');
  await expect(rows.nth(2)).toContainText('m3');
  await page.screenshot({ path: `${SHOTS}/directories-1-uploaded.png` });

  // Keyboard: down to 01.1, across to its name, F2, rename, Enter (which goes down a row).
  await table.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('F2');
  const input = table.getByRole('textbox', { name: 'Name' });
  await expect(input).toHaveValue('Excavation');
  await input.fill('Trench excavation');
  await input.press('Enter');
  await expect(rows.nth(2)).toContainText('Trench excavation');

  // Insert adds a value after the focused one; Alt+Shift+→ puts it under the value above (which
  // then folds with it); Delete asks.
  await expect(table).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Insert');
  await expect(rows).toHaveCount(7);
  await expect(rows.nth(3)).toContainText('New 5');
  await expect(rows.nth(2).getByRole('button', { name: 'Collapse' })).toHaveCount(0);
  await page.keyboard.press('Alt+Shift+ArrowRight');
  const fold = rows.nth(2).getByRole('button', { name: 'Collapse' });
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  await expect(rows.nth(3)).toContainText('New 5');
  await fold.click();
  await expect(rows).toHaveCount(6);
  await rows.nth(2).getByRole('button', { name: 'Expand' }).click();
  await expect(rows).toHaveCount(7);
  await rows.nth(3).getByRole('gridcell').nth(1).click();
  await page.keyboard.press('Delete');
  const confirmDialog = page.getByRole('dialog', { name: 'Delete value' });
  await expect(confirmDialog).toContainText('Delete “New 5 New 5” and the 0 values under it?');
  await confirmDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(6);

  // Export CSV: the browser downloads the upload format.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Work types.csv');

  // The workbench: link the first activity to 01.1 from the directories tab.
  await page.goto(`/${s.spaceId}/schedule/${s.scheduleId}?version=${versionId}`);
  await expect(grid(page)).toBeVisible();
  await cell(page, 0, 1).click();
  await page.getByRole('tab', { name: 'Directories' }).click();
  const choice = page.getByRole('combobox', { name: 'Work types' });
  await expect(choice).toBeVisible();
  await choice.selectOption({ label: '\u00a0\u00a001.1 Trench excavation' });
  await expect(choice).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/directories-2-tab.png` });

  // Back in the directory the value counts one linked row; a rename shows on the row.
  await page.goto(`/${s.spaceId}/directories`);
  await page.getByRole('button', { name: /Work types/ }).click();
  await expect(rows.nth(2)).toContainText('Trench excavation');
  await expect(rows.nth(2).getByRole('gridcell').last()).toHaveText('1');
  await rows.nth(2).getByRole('gridcell').nth(1).dblclick();
  await table.getByRole('textbox', { name: 'Name' }).fill('Excavation by machine');
  await table.getByRole('textbox', { name: 'Name' }).press('Enter');
  const refresh = page.getByRole('dialog', { name: 'Apply refreshed WBS values' });
  await expect(refresh).toContainText('1 WBS rows are linked to “01.1”.');
  await refresh.getByRole('button', { name: 'Apply' }).click();
  await expect(rows.nth(2)).toContainText('Excavation by machine');

  await page.goto(`/${s.spaceId}/schedule/${s.scheduleId}?version=${versionId}`);
  await cell(page, 0, 1).click();
  await page.getByRole('tab', { name: 'Directories' }).click();
  await expect(page.getByRole('combobox', { name: 'Work types' }).locator('option:checked')).toHaveText(
    '\u00a0\u00a001.1 Excavation by machine',
  );

  // Deleting the directory says how many rows lose their link.
  await page.goto(`/${s.spaceId}/directories`);
  await page.getByRole('button', { name: /Work types/ }).click();
  await expect(rows).toHaveCount(6);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const del = page.getByRole('dialog', { name: 'Delete the directory' });
  await expect(del).toContainText('with its 4 values? 1 WBS rows lose their link to it.');
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No directories yet')).toBeVisible();
});

test('upload a directory with assignment to a version and see the row linked', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'dirsa');
  const versionId = await uploadVersion(request, s);
  await signedIn(page, s.account, `/${s.spaceId}/directories`);
  await page.getByRole('button', { name: 'Upload with assignment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload a directory with assignment' });
  await expect(dialog.getByRole('combobox', { name: 'Version' })).toContainText('Works / Site works');
  await dialog.getByRole('combobox', { name: 'Version' }).selectOption({ label: 'Works / Site works' });
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'Zones.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('code,name,wbs\nZ1,Zone 1,A20\nZ2,Zone 2,X1;X2;X3\n'),
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Assigned to 1 WBS rows')).toBeVisible();
  await expect(page.getByText('Codes not found in the version: X1, X2 and 1 more')).toBeVisible();
  const table = page.getByRole('grid', { name: 'Zones' });
  await expect(table.getByRole('row').nth(1).getByRole('gridcell').last()).toHaveText('1');

  await page.goto(`/${s.spaceId}/schedule/${s.scheduleId}?version=${versionId}`);
  await cell(page, 1, 1).click();
  await page.getByRole('tab', { name: 'Directories' }).click();
  await expect(page.getByRole('combobox', { name: 'Zones' }).locator('option:checked')).toHaveText(
    'Z1 Zone 1',
  );
});

test('edit a calendar week and a holiday, and save it after naming the version it recalculates', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const s = await scheduleInNewSpace(request, 'cals');
  await uploadVersion(request, s);
  await signedIn(page, s.account, `/${s.spaceId}/calendars`);
  await expect(page.getByRole('heading', { name: 'Calendars' })).toBeVisible();
  const list = page.getByRole('navigation', { name: 'Calendars of the space' });
  await expect(list.getByRole('button')).not.toHaveCount(0);

  // The calendar the uploaded version uses (the import brought it) is the one whose save recalculates it.
  const calendars = await api<{ id: string; name: string }[]>(
    request,
    s.account,
    'GET',
    '/calendars',
    undefined,
    s.spaceId,
  );
  let usedName = '';
  for (const c of calendars) {
    const users = await api<unknown[]>(
      request,
      s.account,
      'GET',
      `/calendars/${c.id}/versions`,
      undefined,
      s.spaceId,
    );
    if (users.length) usedName = c.name;
  }
  expect(usedName).not.toBe('');

  // Copy and delete a calendar: the copy is selected, deleting asks first.
  await list.getByRole('button').first().click();
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(list.getByRole('button', { name: /copy/ })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete the calendar' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(list.getByRole('button', { name: /copy/ })).toHaveCount(0);

  await list
    .getByRole('button', { name: new RegExp(`^${usedName} `) })
    .first()
    .click();
  // Saturday becomes a half day; a bad text is kept and marked.
  const saturday = page.getByRole('textbox', { name: 'Saturday' });
  await saturday.fill('8-25');
  await expect(saturday).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await saturday.fill('08:00-12:00');
  await expect(saturday).toHaveAttribute('aria-invalid', 'false');
  await page.getByRole('button', { name: 'From the week' }).click();

  // A holiday on the first Monday of next month's view.
  await page.getByRole('button', { name: 'Next month' }).click();
  const firstMonday = page.locator('.cal-day--working:not(.cal-day--other)').first();
  const label = (await firstMonday.getAttribute('aria-label'))!;
  await firstMonday.click();
  await expect(page.getByRole('gridcell', { name: label.replace('Working day', 'Holiday') })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/calendars-1-edit.png` });

  await page.getByRole('button', { name: 'Save' }).click();
  const ask = page.getByRole('dialog', { name: 'Recalculate versions' });
  await expect(ask).toContainText('1 versions use this calendar (Works / Site works)');
  await ask.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Calendar saved')).toBeVisible();
  await expect(page.getByText('1 versions are being recalculated')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);

  // After a reload the calendar keeps its week and its holiday.
  await page.reload();
  await list
    .getByRole('button', { name: new RegExp(`^${usedName} `) })
    .first()
    .click();
  await expect(page.getByRole('textbox', { name: 'Saturday' })).toHaveValue('08:00-12:00');
  await expect(
    page
      .getByRole('spinbutton', { name: 'Hours per week' })
      .or(page.getByRole('textbox', { name: 'Hours per week' })),
  ).toHaveValue('44');
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByRole('gridcell', { name: label.replace('Working day', 'Holiday') })).toBeVisible();
});
