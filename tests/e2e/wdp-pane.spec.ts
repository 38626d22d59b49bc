// The daily planning matrix beside the WBS grid (?chart=daily): its rows sit level with the
// grid's and scroll with them; an estimator extends a series with the fill handle, selects a range
// by dragging (and Shift+click) to copy and clear it, each one undo step, and the node panel's
// Daily planning tab distributes on the cells selected in the pane.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { addRowsByApi, api, scheduleInNewSpace } from './platform-helpers';
import { openWorkbench } from './workbench-helpers';
import { dayCell, expectDaySelected, expectDayText, firstDayOf, matrix, row, total } from './wdp-helpers';

test('the day matrix beside the grid: shared rows and scroll, series fill, drag selection, tab tools', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const s = await scheduleInNewSpace(request, 'wdppane');
  const as = <T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown) =>
    api<T>(request, s.account, method, path, data, s.spaceId);
  const [version] = await as<{ id: string; revision: number }[]>(
    'GET',
    `/schedules/${s.scheduleId}/versions`,
  );
  const sum = randomUUID();
  const ids = Array.from({ length: 60 }, () => randomUUID());
  await addRowsByApi(request, s, version!, [
    row(sum, 'sum', null, 'a', 'Frame', 'S1', null, 0),
    ...ids.map((id, i) =>
      row(id, 'work', sum, `b${String(i).padStart(3, '0')}`, `Work ${i + 1}`, `W${i + 1}`, 40, 480 * 10),
    ),
  ]);
  await as('PATCH', `/versions/${version!.id}/timetable/calculate/synchronous`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openWorkbench(page, s);
  await page.getByRole('button', { name: 'Daily plan' }).click();
  await expect(page).toHaveURL(/chart=daily/);
  const pane = page.getByTestId('wdp-pane');
  await expect(matrix(page)).toBeVisible();
  const wbs = page.getByRole('grid', { name: 'Work breakdown structure' });

  // Level with the grid: the second row's total sits on the grid's second row.
  const y = async (loc: ReturnType<typeof page.locator>) => (await loc.boundingBox())!.y;
  await expect
    .poll(async () =>
      Math.abs((await y(pane.locator(`[data-row="${ids[0]}"]`))) - (await y(wbs.locator('[data-row="1"]')))),
    )
    .toBeLessThan(2);

  // One vertical scroll: the grid scrolled moves the matrix, and the matrix the grid.
  await wbs.evaluate((el) => (el.scrollTop = 26 * 30));
  await expect.poll(() => matrix(page).evaluate((el) => el.scrollTop)).toBe(26 * 30);
  await expect(pane.locator(`[data-row="${ids[40]}"]`)).toBeVisible();
  await matrix(page).evaluate((el) => (el.scrollTop = 26 * 5));
  await expect.poll(() => wbs.evaluate((el) => el.scrollTop)).toBe(26 * 5);
  await expect
    .poll(async () =>
      Math.abs((await y(pane.locator(`[data-row="${ids[9]}"]`))) - (await y(wbs.locator('[data-row="10"]')))),
    )
    .toBeLessThan(2);
  await page.screenshot({ path: '/tmp/wdp-pane.png' });
  await matrix(page).evaluate((el) => (el.scrollTop = 0));

  const work = ids[0]!;
  const next = ids[1]!;
  const day0 = await firstDayOf(page, work);
  const first = dayCell(page, work, day0);
  const cell = (id: string, d: number) => dayCell(page, id, d);
  const saved = () => page.waitForResponse((r) => r.url().includes('/wbs/batch') && r.ok());
  const undone = () =>
    page.waitForResponse(
      (r) => r.url().includes('/wbs/batch') && r.request().postDataJSON()?.origin === 'undo' && r.ok(),
    );

  // 1 and 2 typed, dragged three days further: 3, 4, 5 (one step).
  await first.click();
  let done = saved();
  await page.keyboard.type('1');
  await page.keyboard.press('Tab');
  await done;
  done = saved();
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await done;
  await first.click();
  await page.keyboard.press('Shift+ArrowRight');
  const handle = page.getByTestId('wdp-fill-handle');
  const from = (await handle.boundingBox())!;
  const to = (await cell(work, day0 + 4).box())!;
  done = saved();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
  await page.mouse.up();
  await done;
  for (const [i, v] of ['1', '2', '3', '4', '5'].entries()) await expectDayText(cell(work, day0 + i), v);
  await expect(total(page, work)).toHaveText('15');
  await expect(total(page, sum)).toHaveText('15');

  // A range dragged with the mouse: two rows by three days, copied as Excel's tab-separated text.
  const a = (await cell(work, day0 + 1).box())!;
  const b = (await cell(next, day0 + 3).box())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
  for (const [id, d] of [
    [work, day0 + 1],
    [work, day0 + 3],
    [next, day0 + 1],
    [next, day0 + 3],
  ] as const)
    await expectDaySelected(cell(id, d), true);
  await expectDaySelected(cell(work, day0 + 4), false);
  const copied = await matrix(page).evaluate((el) => {
    const dt = new DataTransfer();
    el.dispatchEvent(new ClipboardEvent('copy', { clipboardData: dt, bubbles: true, cancelable: true }));
    return dt.getData('text/plain');
  });
  expect(copied.replace(/\r?\n$/, '').split(/\r?\n/)).toEqual(['2\t3\t4', '\t\t']);

  // Shift+click makes the range from the anchor (the first row's second day) to the next row's
  // first day; Delete clears it (one step), Ctrl+Z brings it back.
  await cell(next, day0).click({ modifiers: ['Shift'] });
  await expectDaySelected(cell(work, day0), true);
  await expectDaySelected(cell(next, day0 + 1), true);
  await expectDaySelected(cell(work, day0 + 2), false);
  done = saved();
  await page.keyboard.press('Delete');
  await done;
  await expect(total(page, work)).toHaveText('12');
  await expectDayText(cell(work, day0 + 1), '');
  done = undone();
  await page.keyboard.press('Control+z');
  await done;
  await expect(total(page, work)).toHaveText('15');

  // The node panel's tab keeps its tools and acts on the pane's selection: distribute W3.
  const w3 = ids[2]!;
  await dayCell(page, w3, await firstDayOf(page, w3)).click();
  await page.getByRole('tab', { name: 'Daily planning' }).click();
  await expect(page.getByText('The day matrix shows beside the grid')).toBeVisible();
  done = saved();
  await page.getByRole('button', { name: 'Distribute volume' }).click();
  await done;
  await expect(total(page, w3)).toHaveText('40');
  await expect(total(page, sum)).toHaveText('55');
  await page.screenshot({ path: '/tmp/wdp-pane-tab.png' });
  // The painted matrix in both languages; the active cell is described in Russian too.
  await page.screenshot({ path: 'test-results/wdp-matrix-canvas-en.png' });
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(pane.getByRole('gridcell')).toHaveAccessibleName(
    /^W3 .*, \d\d\.\d\d\.\d{4}: 4 \(в датах строки\)$/,
  );
  await page.screenshot({ path: 'test-results/wdp-matrix-canvas-ru.png' });
  await page.getByRole('combobox', { name: /Язык|Language/ }).selectOption('en');

  // Closing the pane brings the Gantt back and the matrix into the tab.
  await page.getByRole('button', { name: 'Daily plan' }).click();
  await expect(page).not.toHaveURL(/chart=daily/);
  await expect(pane).toHaveCount(0);
  await expect(matrix(page)).toBeVisible();
  await expect(total(page, w3)).toHaveText('40');
});
