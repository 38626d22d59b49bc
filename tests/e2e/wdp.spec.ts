// What a site engineer and a planner do with daily work plans: plan a row's volume evenly over its
// dates, paste a week of facts from the clipboard, see the summary's totals and the row's percent
// complete follow, undo the paste, reload, redo it; then a fact gatherer's timesheet is submitted
// and approved by the planner, and its facts reach the work. Then an estimator allocates a plan
// over the selected days, moves a day's value to the next day with Alt+→, reads the cost the plan
// stands for, and undoes the move.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { addRowsByApi, api, registerAccount, scheduleInNewSpace, signedIn } from './platform-helpers';
import { openWorkbench } from './workbench-helpers';
import {
  dayCell,
  expectDayText,
  firstDayOf,
  matrix,
  openDaily,
  paintedRow,
  pasteText,
  pct,
  row,
  total,
} from './wdp-helpers';

const sum = randomUUID();
const work = randomUUID();
const rebar = randomUUID();

test('plan evenly, paste a week of facts, undo, reload, redo; a timesheet approved into facts', async ({
  page,
  request,
  browser,
}) => {
  const s = await scheduleInNewSpace(request, 'wdp');
  const as = <T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown) =>
    api<T>(request, s.account, method, path, data, s.spaceId);
  const [version] = await as<{ id: string; revision: number }[]>(
    'GET',
    `/schedules/${s.scheduleId}/versions`,
  );
  const rows = [
    row(sum, 'sum', null, 'a', 'Frame', 'S1', null, 0),
    row(work, 'work', sum, 'a', 'Concrete', 'W1', 100, 480 * 10),
    row(rebar, 'work', sum, 'b', 'Rebar', 'W2', 20, 480 * 5),
  ];
  await addRowsByApi(request, s, version!, rows);
  await as('PATCH', `/versions/${version!.id}/timetable/calculate/synchronous`);
  await as('PATCH', `/versions/${version!.id}/update/estimated-data`, { progress_from_facts: true });

  await openWorkbench(page, s);
  await openDaily(page);

  // Plan: the row's volume evenly over its ten working days.
  await expect(total(page, work)).toHaveText('');
  const planned = page.waitForResponse((r) => r.url().includes('/wbs/batch') && r.ok());
  await page.getByRole('button', { name: 'Distribute volume' }).click();
  await planned;
  await expect(total(page, work)).toHaveText('100');
  await expect(total(page, sum)).toHaveText('100');
  await page.screenshot({ path: '/tmp/wdp-plan.png' });

  // Facts: a week pasted from Excel onto the row's first day.
  await page.getByRole('radio', { name: 'Fact' }).check();
  const first = dayCell(page, work, await firstDayOf(page, work));
  await first.click();
  await matrix(page).focus();
  const pasted = page.waitForResponse((r) => r.url().includes('/wbs/batch') && r.ok());
  await pasteText(page, '10\t10\t10\t10\t10');
  await pasted;
  await expect(total(page, work)).toHaveText('50');
  await expect(total(page, sum)).toHaveText('50');
  await expect(pct(page, work)).toHaveText('50%');
  await page.screenshot({ path: '/tmp/wdp-facts.png' });

  // Undo the paste (one step), keyboard in the matrix.
  const undone = page.waitForResponse(
    (r) => r.url().includes('/wbs/batch') && r.request().postDataJSON()?.origin === 'undo' && r.ok(),
  );
  await matrix(page).focus();
  await page.keyboard.press('Control+z');
  await undone;
  await expect(total(page, work)).toHaveText('0');
  await expect(pct(page, work)).toHaveText('0%');

  // Reload: the history comes back from the server's undo log; redo the paste.
  const log = page.waitForResponse((r) => r.url().includes('/undo-actions') && r.ok());
  await page.reload();
  await log;
  await openDaily(page);
  await page.getByRole('radio', { name: 'Fact' }).check();
  await expect(total(page, work)).toHaveText('0');
  const redone = page.waitForResponse(
    (r) => r.url().includes('/wbs/batch') && r.request().postDataJSON()?.origin === 'redo' && r.ok(),
  );
  await matrix(page).focus();
  await page.keyboard.press('Control+y');
  await redone;
  await expect(total(page, work)).toHaveText('50');
  await expect(total(page, sum)).toHaveText('50');

  // A fact gatherer reports a day on a timesheet and submits it.
  const fg = await registerAccount(request, 'site');
  const role = await as<{ id: string }>('POST', '/roles', { name: 'Site engineer', value: 'fact_gathering' });
  await as('POST', `/space/${s.spaceId}/users/invite`, { login: fg.login });
  await as('PUT', `/space/${s.spaceId}/users/role`, { user_id: fg.userId, role_id: role.id });
  // The concrete is assigned to them: they gather its facts (its executor).
  await as('PATCH', `/users/${fg.userId}/set-executor`, { executor: true });
  await as('PATCH', `/versions/${version!.id}/row-people/executors`, {
    wbs_ids: [work],
    executor_id: fg.userId,
  });
  const ctx = await browser.newContext();
  const site = await ctx.newPage();
  await signedIn(site, fg, `/${s.spaceId}/timesheets?version=${version!.id}`);
  await site.getByRole('button', { name: 'New week' }).click();
  const factInput = site.getByRole('textbox', { name: /^W1 .* fact$/ }).first();
  await expect(factInput).toBeVisible();
  const label = (await factInput.getAttribute('aria-label'))!;
  const saved = site.waitForResponse((r) => r.url().includes('/day') && r.ok());
  await factInput.fill('7');
  await factInput.press('Tab');
  await saved;
  await expect(site.getByTestId('ts-total-W1')).toHaveText('7');
  await site.getByRole('button', { name: 'Submit' }).click();
  await expect(site.getByTestId('ts-status')).toHaveText('Submitted');
  await site.screenshot({ path: '/tmp/wdp-timesheet.png' });
  await ctx.close();

  // The planner approves it on the same screen; the facts reach the work.
  await page.goto(`/${s.spaceId}/timesheets?version=${version!.id}`);
  const decide = page.getByRole('region', { name: 'To approve' });
  await expect(decide.getByTestId('ts-status')).toHaveText('Submitted');
  await decide.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Timesheet approved')).toBeVisible();
  const dateText = label.replace(/^W1 /, '').replace(/ fact$/, '');
  const [d, m, y] = dateText.split('.').map(Number);
  const day = Math.floor(Date.UTC(y!, m! - 1, d!) / 86_400_000) - 10_957;
  const g = await as<{ days: { item_id: string; day: number; fact: number | null }[] }>(
    'GET',
    `/versions/${version!.id}/wdp/gantt`,
  );
  const before = g.days.find((x) => x.item_id === work && x.day === day)?.fact ?? 0;
  expect(before).toBeGreaterThanOrEqual(7);
  const sheets = await as<{ items: { status: string }[] }>('GET', `/versions/${version!.id}/timesheets`);
  expect(sheets.items[0]!.status).toBe('APPROVED');
});

test('allocate a plan over selected days, move a value to the next day, see its cost, undo', async ({
  page,
  request,
}) => {
  const s = await scheduleInNewSpace(request, 'wdpalloc');
  const as = <T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown) =>
    api<T>(request, s.account, method, path, data, s.spaceId);
  const [version] = await as<{ id: string; revision: number }[]>(
    'GET',
    `/schedules/${s.scheduleId}/versions`,
  );
  const rows = [
    row(sum, 'sum', null, 'a', 'Frame', 'S1', null, 0),
    row(work, 'work', sum, 'a', 'Concrete', 'W1', 100, 480 * 10, 12.5),
  ];
  await addRowsByApi(request, s, version!, rows);
  await as('PATCH', `/versions/${version!.id}/timetable/calculate/synchronous`);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openWorkbench(page, s);
  await openDaily(page);

  // Select the row's first six days (from its first day, Shift+→ five times) and allocate 60.
  const day0 = await firstDayOf(page, work);
  const first = dayCell(page, work, day0);
  await first.click();
  await matrix(page).focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.getByRole('button', { name: 'Allocate…' }).click();
  const form = page.getByRole('form', { name: 'Allocate Plan' });
  await expect(form.getByTestId('wdp-allocate-period')).toContainText('rows: 1');
  const allocated = page.waitForResponse((r) => r.url().includes('/wbs/batch') && r.ok());
  await form.getByRole('textbox', { name: 'Amount per row' }).fill('60');
  await page.screenshot({ path: '/tmp/wdp2-allocate-form.png' });
  await page.keyboard.press('Enter');
  await allocated;
  await expect(form).toBeHidden();
  await expect(total(page, work)).toHaveText('60');
  await expect(total(page, sum)).toHaveText('60');
  const cell = (d: number) => dayCell(page, work, d);
  const firstValue = Number(((await cell(day0).text()) ?? '').trim());
  expect(firstValue).toBeGreaterThan(0);
  const nextValue = Number(((await cell(day0 + 1).text()) ?? '').trim() || '0');
  await page.screenshot({ path: '/tmp/wdp2-allocated.png' });

  // Move the first day's value to the next day (Alt+→): the total stays, the focus follows.
  await cell(day0).click();
  await matrix(page).focus();
  const moved = page.waitForResponse((r) => r.url().includes('/wbs/batch') && r.ok());
  await page.keyboard.press('Alt+ArrowRight');
  await moved;
  await expectDayText(cell(day0), '');
  await expectDayText(cell(day0 + 1), String(firstValue + nextValue));
  await expect(total(page, work)).toHaveText('60');

  // The cost the plan stands for: 60 × 12.5, on the row and its summary.
  await page.getByRole('radio', { name: 'Cost' }).check();
  await expect(total(page, work)).toHaveText('750');
  await expect(total(page, sum)).toHaveText('750');
  await expectDayText(cell(day0 + 1), String((firstValue + nextValue) * 12.5));
  await page.screenshot({ path: '/tmp/wdp2-cost.png' });
  await page.getByRole('radio', { name: 'Volume' }).check();

  // Undo the move (one step): the first day holds its value again.
  const undone = page.waitForResponse(
    (r) => r.url().includes('/wbs/batch') && r.request().postDataJSON()?.origin === 'undo' && r.ok(),
  );
  await matrix(page).focus();
  await page.keyboard.press('Control+z');
  await undone;
  await expectDayText(cell(day0), String(firstValue));
  const g = await as<{ days: { item_id: string; day: number; plan: number | null }[] }>(
    'GET',
    `/versions/${version!.id}/wdp/gantt`,
  );
  expect(g.days.find((x) => x.item_id === work && x.day === day0)?.plan).toBe(firstValue);

  // The Planning tab: the row's cost per unit and the plan's cost.
  await page.getByRole('tab', { name: 'Planning', exact: true }).click();
  await expect(page.getByText('Cost (plan / fact)')).toBeVisible();
  await page.screenshot({ path: '/tmp/wdp2-planning.png' });
});

test('a recompute that moves a planned row moves its plan; Ctrl+Z puts it back', async ({
  page,
  request,
}) => {
  const s = await scheduleInNewSpace(request, 'wdpfollow');
  const as = <T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown) =>
    api<T>(request, s.account, method, path, data, s.spaceId);
  const [version] = await as<{ id: string; revision: number }[]>(
    'GET',
    `/schedules/${s.scheduleId}/versions`,
  );
  const dig = randomUUID();
  const rows = [
    row(dig, 'work', null, 'a', 'Excavation', 'E1', null, 480 * 5),
    row(work, 'work', null, 'b', 'Concrete', 'W1', 100, 480 * 10),
  ];
  await addRowsByApi(request, s, version!, rows);
  await as('PATCH', `/versions/${version!.id}/timetable/calculate/synchronous`);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openWorkbench(page, s);
  await openDaily(page);

  // Ten days of 10 from the row's first day (two working weeks).
  const planned = page.waitForResponse((r) => r.url().includes('/wbs/batch') && r.ok());
  await page.getByRole('button', { name: 'Distribute volume' }).click();
  await planned;
  await expect(total(page, work)).toHaveText('100');
  const day0 = await firstDayOf(page, work);
  const cell = (d: number) => dayCell(page, work, d);
  await expectDayText(cell(day0), '10');
  await expectDayText(cell(day0 + 14), '');

  // Someone links the excavation before it: the work starts a week later on screen.
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
  await expect.poll(async () => (await paintedRow(page, work))?.es).toBe(day0 + 7);
  await expectDayText(cell(day0), '10');

  // Calculate: the plan follows the new dates in the same step.
  const calculated = page.waitForResponse((r) => r.url().includes('/calculate/synchronous') && r.ok());
  await page.getByRole('button', { name: 'Calculate', exact: true }).click();
  const answer = await (await calculated).json();
  expect(answer.wdp_follow.entry.labelKey).toBe('wdp.follow_dates');
  await expectDayText(cell(day0), '');
  await expectDayText(cell(day0 + 14), '10');
  await expect(total(page, work)).toHaveText('100');
  // The step is the calculation's own: the stored timetable is still calculated.
  await expect(page.getByTestId('stored-state')).toHaveText('Calculated');
  await page.screenshot({ path: '/tmp/wdp-follow.png' });

  // Ctrl+Z: the plan is back on its old days, on the server too.
  const undone = page.waitForResponse(
    (r) => r.url().includes('/wbs/batch') && r.request().postDataJSON()?.origin === 'undo' && r.ok(),
  );
  await matrix(page).focus();
  await page.keyboard.press('Control+z');
  await undone;
  await expectDayText(cell(day0), '10');
  await expectDayText(cell(day0 + 14), '');
  const g = await as<{ days: { item_id: string; day: number; plan: number | null }[] }>(
    'GET',
    `/versions/${version!.id}/wdp/gantt`,
  );
  expect(g.days.find((x) => x.item_id === work && x.day === day0)?.plan).toBe(10);
  expect(g.days.find((x) => x.item_id === work && x.day === day0 + 14)).toBeUndefined();
});
