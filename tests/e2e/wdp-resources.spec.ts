// What a planner does with the daily plans by resource (the spec's wdp resource gantt): plans a
// masonry work evenly, switches the Daily planning tab to Resources and reads the mason's hours
// per day (the day's volume over the work's volume × the assignment's hours), changes a day of
// the plan in the Works view and sees the resource's day and total follow; the kind radio shows
// facts (none yet: the view says what to do).
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { addRowsByApi, api, scheduleInNewSpace } from './platform-helpers';
import { dayCell, firstDayOf, matrix, row, total } from './wdp-helpers';
import { grid, openWorkbench } from './workbench-helpers';

test('plan a work, read its mason by day in the Resources view, edit a day and see it follow', async ({
  page,
  request,
}) => {
  const sum = randomUUID();
  const work = randomUUID();
  const s = await scheduleInNewSpace(request, 'wdpres');
  const as = <T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown) =>
    api<T>(request, s.account, method, path, data, s.spaceId);
  const [version] = await as<{ id: string; revision: number }[]>(
    'GET',
    `/schedules/${s.scheduleId}/versions`,
  );
  await addRowsByApi(request, s, version!, [
    row(sum, 'sum', null, 'a', 'Walls', 'S1', null, 0),
    row(work, 'work', sum, 'a', 'Masonry', 'M1', 50, 480 * 5),
  ]);
  // 200 hours of a mason for the 50 m³; the mason is available 48 hours a working day.
  const mason = await as<{ id: string }>('POST', '/resources/create', {
    name: 'Mason',
    resource_type: 'labor',
    unit: 'h',
    price: 30,
    default_limit: 48,
  });
  await as('POST', `/versions/${version!.id}/assignment/wbs/save`, {
    wbs_id: work,
    items: [{ resource_id: mason.id, units: 200 }],
  });
  await as('PATCH', `/versions/${version!.id}/timetable/calculate/synchronous`);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openWorkbench(page, s);
  await grid(page).first().locator('[role=gridcell]', { hasText: 'Masonry' }).first().click();
  await page.getByRole('tab', { name: 'Daily planning' }).click();
  await expect(matrix(page)).toBeVisible();

  // 50 m³ evenly over five working days: 10 a day.
  const planned = page.waitForResponse((r) => r.url().includes('/wbs/batch') && r.ok());
  await page.getByRole('button', { name: 'Distribute volume' }).click();
  await planned;
  await expect(total(page, work)).toHaveText('50');
  const day0 = await firstDayOf(page, work);

  // By resource: 10 / 50 × 200 = 40 hours a day, 200 in all, the work under the mason.
  await page.getByRole('radio', { name: 'Resources' }).check();
  const byResource = page.getByRole('grid', { name: 'Daily Plan by resource' });
  await expect(byResource).toBeVisible();
  const resLine = byResource.locator('[role=rowheader]', { hasText: 'Mason, h' });
  await expect(resLine).toBeVisible();
  const resId = await resLine.getAttribute('data-line');
  const resDay = (line: string, d: number) => byResource.locator(`[data-line="${line}"][data-day="${d}"]`);
  await expect(page.getByTestId(`wdp-rg-total-${resId}`)).toHaveText('200');
  await expect(resDay(resId!, day0)).toHaveText('40');
  await expect(byResource.locator('[role=rowheader]', { hasText: 'M1 Masonry' })).toBeVisible();
  await expect(resDay(`${resId}:${work}`, day0)).toHaveText('40');
  // The limit line under the mason: 48 a working day, nothing over it yet.
  await expect(byResource.locator('[role=rowheader]', { hasText: 'Limit' })).toBeVisible();
  await expect(resDay(`${resId}:limit`, day0)).toHaveText('48');
  await expect(byResource.locator('.wdp-rg-over')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/wdp-resources.png' });

  // Back to the works: the first day's plan becomes 15; the mason's first day and total follow.
  await page.getByRole('radio', { name: 'Works' }).check();
  await dayCell(page, work, day0).click();
  await matrix(page).focus();
  const saved = page.waitForResponse((r) => r.url().includes('/wbs/batch') && r.ok());
  await page.keyboard.type('15');
  await page.keyboard.press('Enter');
  await saved;
  await expect(total(page, work)).toHaveText('55');
  await page.getByRole('radio', { name: 'Resources' }).check();
  await expect(resDay(resId!, day0)).toHaveText('60');
  await expect(resDay(`${resId}:${work}`, day0)).toHaveText('60');
  await expect(page.getByTestId(`wdp-rg-total-${resId}`)).toHaveText('220');
  // 60 hours on the first day: over the limit of 48, marked; the next day's 40 is not.
  await expect(resDay(resId!, day0)).toHaveClass(/wdp-rg-over/);
  const forty = byResource.locator(`[data-line="${resId}"].wdp-rg-cell`, { hasText: /^40$/ });
  await expect(forty.first()).toBeVisible();
  await expect(forty.first()).not.toHaveClass(/wdp-rg-over/);
  await expect(byResource.locator('.wdp-rg-over')).toHaveCount(1);
  await page.screenshot({ path: '/tmp/wdp-resources-over.png' });

  // Facts: nothing reported yet, and the view says so.
  await page.getByRole('radio', { name: 'Fact' }).check();
  await expect(page.getByText('No resource is assigned to a work with Fact values')).toBeVisible();
});
