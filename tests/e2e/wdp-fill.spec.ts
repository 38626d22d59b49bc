// What an estimator does with the fill handle of the day matrix: types two days of a plan, drags
// the selection's corner over the next days (the two numbers extend as a series, as Excel's
// AutoFill does), copies the row's days down onto the next row with Ctrl+D, and undoes both (each
// one step), on the server too.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { addRowsByApi, api, scheduleInNewSpace } from './platform-helpers';
import { openWorkbench } from './workbench-helpers';
import {
  dayCell,
  expectDaySelected,
  expectDayText,
  firstDayOf,
  matrix,
  openDaily,
  row,
  total,
} from './wdp-helpers';

test('fill a plan series across days with the handle, down a row with Ctrl+D, undo each', async ({
  page,
  request,
}) => {
  const sum = randomUUID();
  const work = randomUUID();
  const rebar = randomUUID();
  const s = await scheduleInNewSpace(request, 'wdpfill');
  const as = <T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown) =>
    api<T>(request, s.account, method, path, data, s.spaceId);
  const [version] = await as<{ id: string; revision: number }[]>(
    'GET',
    `/schedules/${s.scheduleId}/versions`,
  );
  await addRowsByApi(request, s, version!, [
    row(sum, 'sum', null, 'a', 'Frame', 'S1', null, 0),
    row(work, 'work', sum, 'a', 'Concrete', 'W1', 100, 480 * 10),
    row(rebar, 'work', sum, 'b', 'Rebar', 'W2', 50, 480 * 10),
  ]);
  await as('PATCH', `/versions/${version!.id}/timetable/calculate/synchronous`);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openWorkbench(page, s);
  await openDaily(page);

  const day0 = await firstDayOf(page, work);
  const first = dayCell(page, work, day0);
  const cell = (id: string, d: number) => dayCell(page, id, d);
  const saved = () => page.waitForResponse((r) => r.url().includes('/wbs/batch') && r.ok());

  // Two days typed: 2 and 4 (Tab commits and moves right).
  await first.click();
  await matrix(page).focus();
  let done = saved();
  await page.keyboard.type('2');
  await page.keyboard.press('Tab');
  await done;
  done = saved();
  await page.keyboard.type('4');
  await page.keyboard.press('Enter');
  await done;
  await expect(total(page, work)).toHaveText('6');

  // Select both and drag the fill handle over four more days: the series 2 4 6 8 10 12.
  await first.click();
  // The painted cell's description for assistive technology: the active cell, named by row, date,
  // value and state, the matrix pointing at it.
  const active = matrix(page).getByRole('gridcell');
  await expect(active).toHaveAccessibleName(/^W1 Concrete, \d\d\.\d\d\.\d{4}: 2 \(within the row's dates\)$/);
  await expect(matrix(page)).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id'))!);
  await page.keyboard.press('Shift+ArrowRight');
  const handle = page.getByTestId('wdp-fill-handle');
  const from = (await handle.boundingBox())!;
  const to = (await cell(work, day0 + 5).box())!;
  done = saved();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 6 });
  await expect(page.locator('.wdp-fill-preview')).toBeVisible();
  await page.screenshot({ path: '/tmp/wdp-fill-drag.png' });
  await page.mouse.up();
  await done;
  for (const [i, v] of ['2', '4', '6', '8', '10', '12'].entries())
    await expectDayText(cell(work, day0 + i), v);
  await expect(total(page, work)).toHaveText('42');
  await expectDaySelected(cell(work, day0 + 5), true);

  // Ctrl+D with the next row added to the selection: the row's six days copied down.
  await page.keyboard.press('Shift+ArrowDown');
  done = saved();
  await page.keyboard.press('Control+d');
  await done;
  for (const [i, v] of ['2', '4', '6', '8', '10', '12'].entries())
    await expectDayText(cell(rebar, day0 + i), v);
  await expect(total(page, rebar)).toHaveText('42');
  await expect(total(page, sum)).toHaveText('84');
  await page.screenshot({ path: '/tmp/wdp-fill-down.png' });

  // Ctrl+Z undoes the fill down, then the drag: each one step.
  const undo = () =>
    page.waitForResponse(
      (r) => r.url().includes('/wbs/batch') && r.request().postDataJSON()?.origin === 'undo' && r.ok(),
    );
  done = undo();
  await page.keyboard.press('Control+z');
  await done;
  await expect(total(page, rebar)).toHaveText(/^0?$/);
  await expect(total(page, work)).toHaveText('42');
  done = undo();
  await page.keyboard.press('Control+z');
  await done;
  await expect(total(page, work)).toHaveText('6');
  await expectDayText(cell(work, day0 + 2), '');
  const g = await as<{ days: { item_id: string; day: number; plan: number | null }[] }>(
    'GET',
    `/versions/${version!.id}/wdp/gantt`,
  );
  expect(g.days.filter((x) => x.plan !== null).map((x) => [x.item_id, x.day - day0, x.plan])).toEqual(
    expect.arrayContaining([
      [work, 0, 2],
      [work, 1, 4],
    ]),
  );
  expect(g.days.filter((x) => x.plan !== null)).toHaveLength(2);
});
