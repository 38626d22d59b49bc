// Deleting a planned row and undoing it brings its day values back into the day matrix (issue 18),
// and its wdp settings (unit, distribution mode and base, daily rate) into the Planning tab: the
// server logs what the delete took along in the delete's own step. Undone with Ctrl+Z, redone, and
// undone again after a reload (the history rebuilt from the server's log).
import { randomUUID } from 'node:crypto';
import { type Page, expect, test } from '@playwright/test';
import { addRowsByApi, api, scheduleInNewSpace } from './platform-helpers';
import { grid, openWorkbench } from './workbench-helpers';
import { openDaily, paintedRow, row, total } from './wdp-helpers';

const named = (page: Page, name: string) =>
  grid(page).first().locator('[role=gridcell]', { hasText: name }).first();

/** The Planning tab of the Concrete row shows its volume with its unit and its settings. */
async function expectSettings(page: Page) {
  await named(page, 'Concrete').click();
  await page.getByRole('tab', { name: 'Planning', exact: true }).click();
  const form = page.locator('form.wdp-settings');
  await expect(form.getByLabel('Unit')).toHaveValue('m3');
  await expect(form.getByLabel('Mode')).toHaveValue('end');
  await expect(form.getByLabel('Base')).toHaveValue('by_volume');
  await expect(form.getByLabel('Daily rate')).toHaveValue('12.5');
  await expect(page.locator('.wdp-planning').getByText('100 m3')).toBeVisible();
}

test('a deleted planned row comes back with its day values on Ctrl+Z, after a reload too', async ({
  page,
  request,
}) => {
  const work = randomUUID();
  const rebar = randomUUID();
  const s = await scheduleInNewSpace(request, 'wdprowdel');
  const as = <T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown) =>
    api<T>(request, s.account, method, path, data, s.spaceId);
  const [version] = await as<{ id: string; revision: number }[]>(
    'GET',
    `/schedules/${s.scheduleId}/versions`,
  );
  await addRowsByApi(request, s, version!, [
    row(work, 'work', null, 'a', 'Concrete', 'W1', 100, 480 * 10),
    row(rebar, 'work', null, 'b', 'Rebar', 'W2', 50, 480 * 10),
  ]);
  await as('PATCH', `/versions/${version!.id}/timetable/calculate/synchronous`);
  await as('POST', `/versions/${version!.id}/wdp/distribute`, {
    item_ids: [work],
    mode: 'evenly',
    base: 'by_date',
  });
  // The row's own settings, which the delete takes along and its undo brings back.
  await as('PUT', `/versions/${version!.id}/wdp/rows`, {
    rows: [{ item_id: work, unit: 'm3', mode: 'end', base: 'by_volume', rate: 12.5 }],
  });
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openWorkbench(page, s);
  await openDaily(page);
  // The row's painted days that show 10 (none while the row is gone).
  const planned = async () =>
    Object.values((await paintedRow(page, work))?.texts ?? {}).filter((t) => t === '10').length;
  await expect(total(page, work)).toHaveText('100');
  await expect.poll(planned).toBe(10);

  // Delete the Concrete row with its plan.
  await named(page, 'Concrete').click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Delete');
  await page.getByRole('dialog', { name: 'Delete rows' }).getByRole('button', { name: 'Delete' }).click();
  await expect(named(page, 'Concrete')).toHaveCount(0);
  await expect(page.getByText('Saving…')).toHaveCount(0);

  // Ctrl+Z: the row is back with its ten planned days.
  await grid(page).first().focus();
  await page.keyboard.press('Control+z');
  await expect(named(page, 'Concrete')).toBeVisible();
  await expect(total(page, work)).toHaveText('100');
  await expect.poll(planned).toBe(10);
  await expect(page.getByText('Saving…')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/wdp-row-delete-undo-en.png' });
  await expectSettings(page);
  await page.screenshot({ path: 'test-results/wdp-row-delete-undo-settings-en.png' });
  const g = await as<{ rows: { item_id: string; unit: string; mode: string; base: string; rate: number }[] }>(
    'GET',
    `/versions/${version!.id}/wdp/gantt`,
  );
  expect(g.rows.find((r) => r.item_id === work)).toEqual({
    item_id: work,
    unit: 'm3',
    mode: 'end',
    base: 'by_volume',
    rate: 12.5,
  });
  await page.getByRole('tab', { name: 'Daily planning' }).click();
  await grid(page).first().focus();

  // Ctrl+Y deletes them again; after a reload, Ctrl+Z (the history from the log) brings them back,
  // and another reload reads them from the server.
  await page.keyboard.press('Control+y');
  await expect(named(page, 'Concrete')).toHaveCount(0);
  await expect(page.getByText('Saving…')).toHaveCount(0);
  const gone = await as<{ rows: { item_id: string }[] }>('GET', `/versions/${version!.id}/wdp/gantt`);
  expect(gone.rows.filter((r) => r.item_id === work)).toEqual([]);
  await page.reload();
  await expect(named(page, 'Rebar')).toBeVisible();
  await grid(page).first().focus();
  await page.keyboard.press('Control+z');
  await expect(named(page, 'Concrete')).toBeVisible();
  await expect(page.getByText('Saving…')).toHaveCount(0);
  await page.reload();
  await openDaily(page);
  await expect(total(page, work)).toHaveText('100');
  await expect.poll(planned).toBe(10);
  await expectSettings(page);
});
