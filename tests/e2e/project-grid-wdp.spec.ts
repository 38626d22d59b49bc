// The project grid's Daily planning tab (issue 20): a project of two uploaded schedules, the
// first with a plan on Footings stored beforehand. On a row of the second schedule the tab shows
// that schedule's rows and days (its own version's store); a day's quantity typed there is stored
// in the second schedule's version under the row's own id (read back through the API) and is
// there after a reload; a row of the first schedule shows the first version's own plan (and not
// the second's rows); Ctrl+Z after the reload takes the day back out of the second version.
// Screenshots with PGRID_SHOTS=dir.
import { expect, test } from '@playwright/test';
import { api } from './platform-helpers';
import { openBlockGrid, rowNamed, twoSchedules } from './project-grid-helpers';
import { firstDayOf, matrix, paintedRow, total } from './wdp-helpers';

const SHOTS = process.env.PGRID_SHOTS;

test("the daily planning tab works on the row's own version: typed, stored, reloaded, undone", async ({
  page,
  request,
}) => {
  const { s, second } = await twoSchedules(request, 'pgwdp');
  const as = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    api<T>(request, s.account, method, path, body, s.spaceId);
  const actual = async (scheduleId: string) => {
    const [v] = (await as<{ id: string; kind: string }[]>('GET', `/schedules/${scheduleId}/versions`)).filter(
      (x) => x.kind === 'actual',
    );
    const content = await as<{ items: { id: string; name: string }[] }>('GET', `/versions/${v!.id}/wbs`);
    const id = (name: string) => content.items.find((i) => i.name === name)!.id;
    return { version: v!.id, id };
  };
  const structure = await actual(s.scheduleId);
  const fitout = await actual(second.id);
  const footings = structure.id('Footings');
  const partitions = fitout.id('Partitions');
  // The first schedule's own plan: 5 on Footings today (days count from 2000-01-01).
  const today = Math.floor(Date.now() / 86_400_000) - 10_957;
  await as('POST', `/versions/${structure.version}/wdp/update-many`, {
    kind: 'plan',
    values: [{ item_id: footings, day: today, value: 5 }],
  });
  const planOf = async (version: string, item: string) =>
    (
      await as<{ days: { item_id: string; day: number; plan: number | null }[] }>(
        'GET',
        `/versions/${version}/wdp/gantt`,
      )
    ).days
      .filter((d) => d.item_id === item && d.plan !== null)
      .map((d) => [d.day, d.plan]);

  await page.setViewportSize({ width: 1440, height: 900 });
  await openBlockGrid(page, s);
  const tabs = page.getByRole('tablist', { name: 'Node information' });

  // A row of the second schedule: its schedule's rows, none of the first's, nothing planned.
  await rowNamed(page, 'Partitions').locator('[data-col="1"]').click();
  await tabs.getByRole('tab', { name: 'Daily planning' }).click();
  await expect(matrix(page)).toBeVisible();
  await expect(total(page, partitions)).toHaveText('');
  await expect(total(page, footings)).toHaveCount(0);
  expect(await paintedRow(page, footings)).toBeNull();

  // A day's quantity typed on the row's first day (the matrix opens there): one batch to Fit-out.
  const day0 = await firstDayOf(page, partitions);
  const stored = page.waitForResponse(
    (r) => r.url().includes(`/versions/${fitout.version}/wbs/batch`) && r.ok(),
  );
  await matrix(page).focus();
  await page.keyboard.type('7');
  await page.keyboard.press('Enter');
  await stored;
  await expect(total(page, partitions)).toHaveText('7');
  expect(await planOf(fitout.version, partitions)).toEqual([[day0, 7]]);
  expect(await planOf(structure.version, footings)).toEqual([[today, 5]]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pgrid-wdp-fitout.png` });

  // A row of the first schedule: its own version's plan, the second's rows gone.
  await rowNamed(page, 'Footings').locator('[data-col="1"]').click();
  await expect(total(page, footings)).toHaveText('5');
  await expect(total(page, partitions)).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pgrid-wdp-structure.png` });

  // The Planning tab: the row's own version's totals (Footings 5 in Structure, Partitions 7 in
  // Fit-out); the Timesheets tab reads the row's own version's reports (none here).
  const planned = page
    .getByRole('tabpanel')
    .locator('.wb-info-item', { hasText: /^Plan/ })
    .getByRole('definition');
  await tabs.getByRole('tab', { name: 'Planning', exact: true }).click();
  await expect(planned).toHaveText('5');
  await rowNamed(page, 'Partitions').locator('[data-col="1"]').click();
  await expect(planned).toHaveText('7');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pgrid-planning.png` });
  const timesheets = page.waitForResponse((r) => r.url().includes(`/versions/${fitout.version}/timesheets`));
  await tabs.getByRole('tab', { name: 'Timesheets' }).click();
  await timesheets;
  await expect(page.getByRole('tabpanel')).toHaveText('No timesheet reports this row yet.');
  await tabs.getByRole('tab', { name: 'Daily planning' }).click();

  // After a reload: Partitions' day is still there, Footings' too.
  const logs = page.waitForResponse((r) => r.url().includes('/undo-actions') && r.ok());
  await page.reload();
  await expect(page.getByTestId('pg-summary')).toHaveText('2 schedules · 5 rows');
  await logs;
  await rowNamed(page, 'Partitions').locator('[data-col="1"]').click();
  await tabs.getByRole('tab', { name: 'Daily planning' }).click();
  await expect(total(page, partitions)).toHaveText('7');
  await expect.poll(async () => (await paintedRow(page, partitions))?.texts[day0]).toBe('7');
  await rowNamed(page, 'Footings').locator('[data-col="1"]').click();
  await expect(total(page, footings)).toHaveText('5');

  // Ctrl+Z (the history rebuilt from the versions' logs): the day goes back out of Fit-out.
  await rowNamed(page, 'Partitions').locator('[data-col="1"]').click();
  await expect(total(page, partitions)).toHaveText('7');
  const undone = page.waitForResponse(
    (r) =>
      r.url().includes(`/versions/${fitout.version}/wbs/batch`) &&
      r.request().postDataJSON()?.origin === 'undo' &&
      r.ok(),
  );
  await matrix(page).focus();
  await page.keyboard.press('Control+z');
  await undone;
  await expect(total(page, partitions)).toHaveText(/^0?$/);
  expect(await planOf(fitout.version, partitions)).toEqual([]);
  expect(await planOf(structure.version, footings)).toEqual([[today, 5]]);

  // The first schedule's version locked: its rows' days are read-only (said so, a typed day refused).
  await as('POST', `/versions/${structure.version}/setLocked`, { locked: true });
  await page.reload();
  await expect(page.getByTestId('pg-summary')).toHaveText('2 schedules · 5 rows');
  await rowNamed(page, 'Footings').locator('[data-col="1"]').click();
  await tabs.getByRole('tab', { name: 'Daily planning' }).click();
  await expect(total(page, footings)).toHaveText('5');
  await expect(page.getByTestId('wdp-read-only')).toBeVisible();
  await matrix(page).focus();
  await page.keyboard.type('9');
  await page.keyboard.press('Enter');
  await expect(page.getByText('The version of “Structure” is locked')).toBeVisible();
  await expect(total(page, footings)).toHaveText('5');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pgrid-wdp-locked.png` });
  expect(await planOf(structure.version, footings)).toEqual([[today, 5]]);
  // The other schedule's rows stay editable: no note there.
  await rowNamed(page, 'Partitions').locator('[data-col="1"]').click();
  await expect(total(page, partitions)).toHaveText(/^0?$/);
  await expect(page.getByTestId('wdp-read-only')).toHaveCount(0);
});
