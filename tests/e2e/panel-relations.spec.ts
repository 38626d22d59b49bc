// The node information panel and the column menu in Chromium: a predecessor's lag typed with the
// Duration column's syntax (2w, -1d), a bad one refused with the message, aria-invalid and the text
// kept for correction; the column menu takes the focus, closes with Esc or a click outside and
// gives the focus back to its button, and offers one level button per level of the tree.
import { expect, test } from '@playwright/test';
import { openDemoSchedule } from './platform-helpers';
import { cell, grid } from './workbench-helpers';

test.describe.configure({ mode: 'serial' });

test('a predecessor lag takes durations and leads, and a bad one is refused with a message', async ({
  page,
}) => {
  await openDemoSchedule(page);
  await expect(cell(page, 5, 1)).toBeVisible();
  await cell(page, 5, 1).click(); // A1040 Practical completion: many predecessors
  await page.getByRole('tab', { name: 'Relations' }).click();
  const preds = page.getByRole('region', { name: 'Predecessors' });
  const lag = preds.getByLabel('Lag, d').first();
  await expect(lag).toHaveValue('0');

  for (const bad of ['abc', '2x']) {
    await lag.fill(bad);
    await lag.press('Enter');
    await expect(lag).toHaveValue(bad);
    await expect(lag).toHaveAttribute('aria-invalid', 'true');
    await expect(preds.getByRole('alert')).toHaveText(
      'Enter the lag as a duration: 2, 2d, 16h, 1w, or -1d for a lead',
    );
    const described = await lag.getAttribute('aria-describedby');
    expect(described).toBeTruthy();
    await expect(page.locator(`[id="${described}"]`)).toContainText('Enter the lag');
  }
  // The text stays after leaving the field too, until it is corrected.
  await page.getByRole('tab', { name: 'Relations' }).focus();
  await expect(lag).toHaveValue('2x');

  await lag.fill('2w');
  await lag.press('Enter');
  await expect(lag).toHaveValue('10');
  await expect(lag).not.toHaveAttribute('aria-invalid');
  await expect(preds.getByRole('alert')).toHaveText('');
  await expect(lag).toBeFocused();

  await lag.fill('-1d');
  await lag.press('Enter');
  await expect(lag).toHaveValue('-1');

  // Both are undo steps; Esc on a bad text brings the stored value back.
  await grid(page).focus();
  await page.keyboard.press('Control+z');
  await expect(lag).toHaveValue('10');
  await page.keyboard.press('Control+z');
  await expect(lag).toHaveValue('0');
  await lag.fill('soon');
  await lag.press('Escape');
  await expect(lag).toHaveValue('0');
  await expect(lag).not.toHaveAttribute('aria-invalid');

  // A refused text gives way to a new stored lag (here a redo), and its message goes with it.
  await lag.fill('soon');
  await lag.press('Enter');
  await expect(preds.getByRole('alert')).toContainText('Enter the lag');
  await grid(page).focus();
  await page.keyboard.press('Control+y');
  await expect(lag).toHaveValue('10');
  await expect(lag).not.toHaveAttribute('aria-invalid');
  await expect(preds.getByRole('alert')).toHaveText('');
});

test('the column menu takes the focus, closes with Esc or a click outside, and offers every level', async ({
  page,
}) => {
  await openDemoSchedule(page);
  const button = page.getByRole('button', { name: 'Columns' });
  const menu = page.getByRole('dialog', { name: 'Columns' });

  await button.click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('checkbox', { name: 'Code' })).toBeFocused();
  // The demo WBS is four levels deep: 1, 2, 3, 4 and All.
  await expect(menu.getByRole('group', { name: 'Show levels' }).getByRole('button')).toHaveText([
    '1',
    '2',
    '3',
    '4',
    'All',
  ]);
  // The whole list shows: its last column is inside the menu's box.
  const price = menu.getByRole('checkbox', { name: 'Price' });
  await expect(price).toBeInViewport({ ratio: 1 });

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await expect(menu).toBeVisible();
  await page.getByTestId('gantt-interactive').click({ position: { x: 300, y: 200 } });
  await expect(menu).toBeHidden();
});
