// A resource-dependent row's duration follows its assignments (issue 17): the user marks a row
// resource dependent in the node panel, assigns a resource with a rate, changes the rate in the
// Assignments tab and sees the row's duration change in the grid; Ctrl+Z puts back both the rate
// and the duration (one server-kept step).
import { expect, test } from '@playwright/test';
import { api, scheduleInNewSpace } from './platform-helpers';
import { grid, openWorkbench, typeRows } from './workbench-helpers';

test('the rate of an assignment drives a resource-dependent row, and one undo puts both back', async ({
  page,
  request,
}) => {
  const s = await scheduleInNewSpace(request, 'asgdur');
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
  const cells = grid(page).locator('[data-row="0"] [role=gridcell]');
  // The duration column: the cell that shows the 5 days typed.
  const col = await cells.evaluateAll(
    (list) => list.find((c) => /^5(\s|$)/.test((c.textContent ?? '').trim()))?.getAttribute('data-col') ?? '',
  );
  expect(col).not.toBe('');
  const duration = grid(page).locator(`[data-row="0"] [role=gridcell][data-col="${col}"]`);

  await cells.first().click();
  await page.getByRole('tab', { name: 'Node info' }).click();
  const dependent = page.getByLabel('Resource dependent');
  await dependent.check();
  await expect(dependent).toBeChecked();
  await expect(page.getByText('Saving…')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/assignment-duration-node-en.png' });

  await page.getByRole('tab', { name: 'Assignments' }).click();
  const pick = page.getByLabel('Resource to assign');
  await pick.focus();
  await pick.selectOption({ label: 'Mason' });
  await page.keyboard.press('Tab');
  await page.keyboard.type('40');
  await page.keyboard.press('Tab');
  await page.keyboard.type('4');
  await page.keyboard.press('Enter');
  const mason = page.locator('tr[data-assignment="Mason"]');
  await expect(mason).toBeVisible();
  // 40 at 4 a day: 10 days, without a reload.
  await expect(duration).toHaveText(/^10(\s|$)/);

  const rate = mason.getByLabel('Quantity per day of Mason');
  await rate.fill('8');
  await rate.press('Enter');
  await expect(rate).toHaveValue('8');
  await expect(duration).toHaveText(/^5(\s|$)/);
  await expect(page.getByText('Saving…')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/assignment-duration-en.png' });

  await grid(page).focus();
  await page.keyboard.press('Control+z');
  await expect(duration).toHaveText(/^10(\s|$)/);
  await expect(rate).toHaveValue('4');
  await page.keyboard.press('Control+y');
  await expect(duration).toHaveText(/^5(\s|$)/);
  await expect(rate).toHaveValue('8');

  // In Russian, the node panel's checkbox.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await page.getByRole('tab', { name: 'Сведения', exact: true }).click();
  await expect(page.getByLabel('Зависит от ресурсов')).toBeChecked();
  await page.screenshot({ path: 'test-results/assignment-duration-ru.png' });
});
