// Two activities far apart in the demo schedule are linked as a P6 or MS Project user does it:
// click the first, Ctrl+click the second, Ctrl+L. The second one's Relations tab lists the first
// as its predecessor; Ctrl+Z takes the link back.
import { expect, test } from '@playwright/test';
import { openDemoSchedule } from './platform-helpers';
import { cell, grid } from './workbench-helpers';

test('Ctrl+click adds a row to the selection, and Ctrl+L links the picked rows in order', async ({
  page,
}) => {
  await openDemoSchedule(page);
  // Row 12 (an early site task) and row 17 (a later one, downstream of it: no cycle) of the demo.
  const first = cell(page, 12, 1);
  const second = cell(page, 17, 1);
  const firstName = (await first.textContent())!.trim();
  await first.click();
  await second.click({ modifiers: ['Control'] });
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(cell(page, 14, 1)).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('Control+l');

  await second.click();
  await page.getByRole('tab', { name: 'Relations' }).click();
  const predecessors = page.getByRole('tabpanel');
  await expect(predecessors.getByText(firstName, { exact: true })).toBeVisible();

  await grid(page).focus();
  await page.keyboard.press('Control+z');
  await expect(predecessors.getByText(firstName, { exact: true })).toBeHidden();
});
