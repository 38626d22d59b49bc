// Plans follow the dates live: a planner lengthens the excavation before a planned concrete work in
// the grid; the browser's own recompute moves the work a week and its plan moves with it at once
// (one step of the history, saved), without Calculate. Ctrl+Z puts the plan back, Ctrl+Z again
// the duration; Ctrl+Y twice brings both; Calculate then changes nothing more (the server's
// follow from its stored dates finds the plan already where it belongs).
import { randomUUID } from 'node:crypto';
import { type Page, expect, test } from '@playwright/test';
import { addRowsByApi, api, scheduleInNewSpace } from './platform-helpers';
import { dayCell, expectDayText, firstDayOf, matrix, openDaily, paintedRow, row, total } from './wdp-helpers';
import { grid, openWorkbench } from './workbench-helpers';

const batch = (page: Page, test: (body: { origin?: string; entry?: { labelKey?: string } }) => boolean) =>
  page.waitForResponse(
    (r) => r.url().includes('/wbs/batch') && r.ok() && test(r.request().postDataJSON() ?? {}),
  );

test('lengthening a predecessor moves the planned work and its plan at once; undo, redo, calculate', async ({
  page,
  request,
}) => {
  const dig = randomUUID();
  const work = randomUUID();
  const s = await scheduleInNewSpace(request, 'wdplive');
  const as = <T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown) =>
    api<T>(request, s.account, method, path, data, s.spaceId);
  const [version] = await as<{ id: string; revision: number }[]>(
    'GET',
    `/schedules/${s.scheduleId}/versions`,
  );
  await addRowsByApi(request, s, version!, [
    row(dig, 'work', null, 'a', 'Excavation', 'E1', null, 480 * 5),
    row(work, 'work', null, 'b', 'Concrete', 'W1', 100, 480 * 10),
  ]);
  const v = await as<{ revision: number }>('GET', `/versions/${version!.id}`);
  const link = randomUUID();
  await as('POST', `/versions/${version!.id}/wbs/batch`, {
    revision: v.revision,
    origin: 'do',
    entry: {
      v: 1,
      kind: 'undo_relation',
      labelKey: 'cmd.link',
      patches: [
        {
          op: 'add',
          path: ['relations', link],
          value: { id: link, predId: dig, succId: work, type: 'fs', lag: 0 },
        },
      ],
      inversePatches: [{ op: 'remove', path: ['relations', link] }],
    },
  });
  await as('PATCH', `/versions/${version!.id}/timetable/calculate/synchronous`);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openWorkbench(page, s);
  await openDaily(page);

  // 10 a day over the work's ten working days.
  const planned = batch(page, () => true);
  await page.getByRole('button', { name: 'Distribute volume' }).click();
  await planned;
  await expect(total(page, work)).toHaveText('100');
  const firstDay = async () => (await paintedRow(page, work))?.es;
  const day0 = await firstDayOf(page, work);
  const cell = (d: number) => dayCell(page, work, d);
  await expectDayText(cell(day0), '10');

  // The excavation takes ten days instead of five (typed in the grid): the work starts a week
  // later and its plan follows in the same moment, as its own saved step.
  const followed = batch(page, (b) => b.entry?.labelKey === 'wdp.follow_dates');
  await grid(page).first().locator('[role=gridcell]', { hasText: 'Excavation' }).first().click();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('10');
  await page.keyboard.press('Enter');
  await followed;
  await expect.poll(firstDay).toBe(day0 + 7);
  await expectDayText(cell(day0), '');
  await expectDayText(cell(day0 + 7), '10');
  await expectDayText(cell(day0 + 18), '10');
  await expect(total(page, work)).toHaveText('100');
  await page.screenshot({ path: '/tmp/wdp-live-follow.png' });
  const planOf = async () => {
    const g = await as<{ days: { item_id: string; day: number; plan: number | null }[] }>(
      'GET',
      `/versions/${version!.id}/wdp/gantt`,
    );
    return g.days
      .filter((x) => x.item_id === work && x.plan !== null)
      .map((x) => x.day - day0)
      .sort((a, b) => a - b);
  };
  expect((await planOf())[0]).toBe(7);

  // Ctrl+Z: the plan goes back (the work stays moved); Ctrl+Z again: the duration.
  await matrix(page).focus();
  let step = batch(page, (b) => b.origin === 'undo');
  await page.keyboard.press('Control+z');
  await step;
  await expectDayText(cell(day0), '10');
  await expect.poll(firstDay).toBe(day0 + 7);
  step = batch(page, (b) => b.origin === 'undo');
  await page.keyboard.press('Control+z');
  await step;
  await expect.poll(firstDay).toBe(day0);
  await expectDayText(cell(day0), '10');
  expect((await planOf())[0]).toBe(0);

  // Ctrl+Y twice: the duration, then the plan that followed it.
  step = batch(page, (b) => b.origin === 'redo');
  await page.keyboard.press('Control+y');
  await step;
  await expect.poll(firstDay).toBe(day0 + 7);
  step = batch(page, (b) => b.origin === 'redo');
  await page.keyboard.press('Control+y');
  await step;
  await expectDayText(cell(day0 + 7), '10');
  await expectDayText(cell(day0), '');

  // Calculate: the server's dates agree and its follow finds nothing left to move.
  const calculated = page.waitForResponse((r) => r.url().includes('/calculate/synchronous') && r.ok());
  await page.getByRole('button', { name: 'Calculate', exact: true }).click();
  const answer = await (await calculated).json();
  expect(answer.wdp_follow).toBeUndefined();
  await expect(page.getByTestId('stored-state')).toHaveText('Calculated');
  await expectDayText(cell(day0 + 7), '10');
  expect((await planOf())[0]).toBe(7);
});
