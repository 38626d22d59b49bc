// The Resource Curves dialog in Chromium: a custom curve made from a column pasted as from Excel,
// saved (normalised to 100 %), assigned to an activity's resource from the Assignments tab, and the
// schedule's labour series following it (rising week on week instead of even).
import { type Page, expect, test } from '@playwright/test';
import { api, scheduleInNewSpace } from './platform-helpers';
import { grid, openWorkbench, typeRows } from './workbench-helpers';

const SHOTS = process.env.CURVES_SHOTS;

interface Curve {
  series: { key: string; per_period: number[]; total: number }[];
}

async function pasteInto(page: Page, label: string, text: string) {
  await page.getByLabel(label).evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('a custom resource curve is made, assigned, and the labour series follows it', async ({
  page,
  request,
}) => {
  const s = await scheduleInNewSpace(request, 'curves');
  await api(
    request,
    s.account,
    'POST',
    '/resources/create',
    { name: 'Mason', default_limit: 8, unit: 'h', resource_type: 'labor', price: 10 },
    s.spaceId,
  );
  await openWorkbench(page, s);
  await typeRows(page, [['Walls', '20']]);
  await expect(page.getByText('Saving…')).toHaveCount(0);
  await expect(page.getByTestId('timetable-state')).toHaveText('Calculated');
  await grid(page).locator('[data-row="0"] [role=gridcell]').first().click();
  await page.getByRole('tab', { name: 'Assignments' }).click();
  const pick = page.getByLabel('Resource to assign');
  await pick.focus();
  await pick.selectOption({ label: 'Mason' });
  await page.keyboard.press('Tab');
  await page.keyboard.type('160');
  await page.keyboard.press('Enter');
  await expect(page.locator('tr[data-assignment="Mason"]')).toBeVisible();

  // The server's dates (the analytics read the stored early dates): calculate the version.
  const versions = await api<{ id: string }[]>(
    request,
    s.account,
    'GET',
    `/schedules/${s.scheduleId}/versions`,
    undefined,
    s.spaceId,
  );
  await api(
    request,
    s.account,
    'PATCH',
    `/versions/${versions[0]!.id}/timetable/calculate/synchronous`,
    undefined,
    s.spaceId,
  );
  const labour = async () => {
    const c = await api<Curve>(
      request,
      s.account,
      'GET',
      `/schedules/${s.scheduleId}/analytics/labour?unit=week`,
      undefined,
      s.spaceId,
    );
    return c.series.find((x) => x.key === 'plan')?.per_period.filter((v) => v > 1e-9) ?? [];
  };
  // Uniform: the same labour every full week.
  await expect.poll(async () => (await labour()).length, { timeout: 20_000 }).toBeGreaterThan(2);
  const even = await labour();
  expect(Math.abs(even[1]! - even[2]!)).toBeLessThan(1e-6);

  // The dialog: a new curve from a pasted column (0, 5, …, 100), normalised when saved.
  await page.goto(`/${s.spaceId}/resources`);
  await page.getByRole('button', { name: 'Curves' }).click();
  const dialog = page.getByRole('dialog', { name: 'Resource curves' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'New curve' }).click();
  await dialog.getByLabel('Name').fill('Ramp');
  await pasteInto(page, 'Value at 0 %', Array.from({ length: 21 }, (_, i) => i * 5).join('\r\n'));
  await expect(dialog.getByLabel('Value at 100 %')).toHaveValue('100');
  await expect(dialog.getByRole('status')).toHaveText('Sum: 1,050.00 %');
  // Enter moves down a value.
  await dialog.getByLabel('Value at 0 %').press('Enter');
  await expect(dialog.getByLabel('Value at 5 %')).toBeFocused();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('button', { name: /Ramp/ })).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('Sum: 100.00 %');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/curves-en.png` });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Assigned from the Assignments tab: the series now rises.
  await openWorkbench(page, s);
  await grid(page).locator('[data-row="0"] [role=gridcell]').first().click();
  await page.getByRole('tab', { name: 'Assignments' }).click();
  const select = page.getByLabel('Curve of Mason');
  await select.selectOption({ label: 'Ramp' });
  await expect(select.locator('option:checked')).toHaveText('Ramp');
  await expect
    .poll(
      async () => {
        const w = await labour();
        // Rising week on week (a linear ramp over four weeks: 10, 30, 50, 70 hours).
        return w.length > 2 && w.every((v, i) => i === 0 || v > w[i - 1]!) && w.at(-1)! > 3 * w[0]!;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const ramp = await labour();
  expect(ramp.reduce((a, v) => a + v, 0)).toBeCloseTo(160, 4);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/curves-assigned-en.png` });

  if (SHOTS) {
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await page.goto(`/${s.spaceId}/resources`);
    await page.getByRole('button', { name: 'Кривые' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /Ramp/ }).click();
    await page.screenshot({ path: `${SHOTS}/curves-ru.png` });
  }
});
