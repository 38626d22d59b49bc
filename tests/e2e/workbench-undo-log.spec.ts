// The change history dialog: two rows renamed with the keyboard are listed newest first (who,
// what, kind, origin); the dialog keeps the focus and closes on Esc; "restore to before this" on
// the first rename, confirmed, brings both old names back, logs the restore actions and clears
// the local undo stack; a reload reads the restored names.
// UNDO_LOG_SCREENSHOT=/tmp/undo-log.png saves a picture of the open dialog there.
import { type Page, expect, test } from '@playwright/test';
import { scheduleInNewSpace, signedIn } from './platform-helpers';

const grid = (page: Page) => page.getByRole('grid');
const cell = (page: Page, row: number, col: number) =>
  grid(page).locator(`[data-row="${row}"] [role=gridcell][data-col="${col}"]`);
const historyDialog = (page: Page) => page.getByRole('dialog', { name: 'Change history' });
const logRows = (page: Page) => historyDialog(page).locator('tbody tr');

/** Every command typed so far has reached the server. */
const allSaved = (page: Page) => expect(page.getByText('Saving…')).toBeHidden();

async function openHistory(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Change history' }).click();
  await expect(historyDialog(page)).toBeVisible();
  await expect(logRows(page).first()).toBeVisible();
}

/** Is the focused element inside the history dialog? */
const focusInDialog = (page: Page) =>
  historyDialog(page).evaluate((d) => d !== document.activeElement && d.contains(document.activeElement));

test('the change history lists two renames and restores to before the first', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'wblog');
  await signedIn(page, s.account, `/${s.spaceId}/schedule/${s.scheduleId}`);
  await expect(page.getByTestId('workbench')).toBeVisible();
  await expect(page.getByTestId('timetable-state')).toHaveText('Calculated');

  // Two rows typed in, then both renamed with the keyboard: select the first name, type over it,
  // Enter commits and moves down to the second.
  await grid(page).focus();
  for (const name of ['Alpha', 'Beta']) {
    await page.keyboard.press('Insert');
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
  }
  await expect(cell(page, 0, 1)).toHaveText('Alpha');
  await expect(cell(page, 1, 1)).toHaveText('Beta');
  await allSaved(page);
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('Alpha renamed');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Beta renamed');
  await page.keyboard.press('Enter');
  await expect(cell(page, 0, 1)).toHaveText('Alpha renamed');
  await expect(cell(page, 1, 1)).toHaveText('Beta renamed');
  await allSaved(page);

  // Newest first: the second rename, then the first, by the account's user, as cell edits.
  await openHistory(page);
  const dialog = historyDialog(page);
  expect(await logRows(page).count()).toBeGreaterThanOrEqual(4);
  for (const r of [0, 1]) {
    const cells = logRows(page).nth(r).locator('td');
    await expect(cells.nth(1)).toHaveText('Test Planner');
    await expect(cells.nth(2)).toHaveText('Edit cell');
    await expect(cells.nth(3)).toHaveText('WBS');
    await expect(cells.nth(4)).toHaveText('Edit');
  }
  await expect(logRows(page).first().locator('time')).toHaveAttribute('datetime', /^\d{4}-/);

  // Keyboard: the focus is in the dialog and Tab / Shift+Tab keep it there; Esc closes it.
  expect(await focusInDialog(page)).toBe(true);
  const stops = (await dialog.locator('button:enabled').count()) + 2;
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInDialog(page)).toBe(true);
  }
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInDialog(page)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Restore to before the first rename, after the confirmation.
  await openHistory(page);
  await logRows(page).nth(1).getByRole('button', { name: 'Restore to before this' }).click();
  const ask = page.getByRole('dialog', { name: 'Restore to before this change?' });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('Edit cell');
  await expect(ask).toContainText('every user');
  if (process.env.UNDO_LOG_SCREENSHOT)
    await page.screenshot({ path: process.env.UNDO_LOG_SCREENSHOT.replace(/\.png$/, '-confirm.png') });
  const restored = page.waitForResponse((r) => r.url().includes('/restore') && r.ok());
  await ask.getByRole('button', { name: 'Restore', exact: true }).click();
  await restored;
  await expect(ask).toBeHidden();
  await expect(cell(page, 0, 1)).toHaveText('Alpha');
  await expect(cell(page, 1, 1)).toHaveText('Beta');

  // The list now starts with the two restore actions (the second rename undone first).
  await expect(logRows(page).nth(0).locator('td').nth(4)).toHaveText('Restore');
  await expect(logRows(page).nth(1).locator('td').nth(4)).toHaveText('Restore');
  await expect(logRows(page).nth(2).locator('td').nth(4)).toHaveText('Edit');
  await expect(historyDialog(page).getByRole('status')).toHaveText(
    'The change and every later one were undone',
  );
  const shot = process.env.UNDO_LOG_SCREENSHOT;
  if (shot) await page.screenshot({ path: shot });
  await historyDialog(page).getByRole('button', { name: 'Close' }).last().click();
  await expect(historyDialog(page)).toBeHidden();

  // The local undo stack held the undone renames: it starts afresh. A reload reads the old names.
  await expect(page.locator('[data-command="undo"]')).toBeDisabled();
  await page.reload();
  // The reload reads the version while the server recalculates it after the restore.
  await expect(cell(page, 0, 1)).toHaveText('Alpha', { timeout: 15_000 });
  await expect(cell(page, 1, 1)).toHaveText('Beta');
});
