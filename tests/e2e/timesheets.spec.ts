// The Timesheets screen beyond one sheet (issue 18): a planner assigns works to the person who
// gathers their facts (Works of people), that person's week lists only those works, they report
// and submit, the planner approves, and the Report shows the person's hours and facts over the
// period and exports them as XLSX and CSV.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { addRowsByApi, api, registerAccount, scheduleInNewSpace, signedIn } from './platform-helpers';
import { row } from './wdp-helpers';

const w1 = randomUUID();
const w2 = randomUUID();
const w3 = randomUUID();

test('assign works to a fact gatherer, report a week, approve, read and export the report', async ({
  page,
  request,
  browser,
}) => {
  const s = await scheduleInNewSpace(request, 'tsr');
  const as = <T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown) =>
    api<T>(request, s.account, method, path, data, s.spaceId);
  const [version] = await as<{ id: string; revision: number }[]>(
    'GET',
    `/schedules/${s.scheduleId}/versions`,
  );
  await addRowsByApi(request, s, version!, [
    row(w1, 'work', null, 'a', 'Concrete', 'W1', 100, 480 * 10),
    row(w2, 'work', null, 'b', 'Rebar', 'W2', 20, 480 * 5),
    row(w3, 'work', null, 'c', 'Formwork', 'W3', 30, 480 * 5),
  ]);
  await as('PATCH', `/versions/${version!.id}/timetable/calculate/synchronous`);
  // A site engineer, marked executor by the administrator (the Administration screen's flag).
  const fg = await registerAccount(request, 'site');
  const role = await as<{ id: string }>('POST', '/roles', { name: 'Site engineer', value: 'fact_gathering' });
  await as('POST', `/space/${s.spaceId}/users/invite`, { login: fg.login });
  await as('PUT', `/space/${s.spaceId}/users/role`, { user_id: fg.userId, role_id: role.id });
  await as('PATCH', `/users/${fg.userId}/set-executor`, { executor: true });

  // The planner assigns the concrete and the formwork to them.
  await signedIn(page, s.account, `/${s.spaceId}/timesheets?version=${version!.id}`);
  await page.getByRole('tab', { name: 'Works of people' }).click();
  const works = page.getByRole('region', { name: 'Works of people' });
  await works.getByRole('combobox').selectOption(fg.userId);
  await works.getByRole('checkbox', { name: 'W1 Concrete' }).check();
  await works.getByRole('checkbox', { name: 'W3 Formwork' }).check();
  const assigned = page.waitForResponse((r) => r.url().includes('/row-people/executors') && r.ok());
  await works.getByRole('button', { name: 'Assign 2 selected', exact: true }).click();
  await assigned;
  await expect(works.getByTestId('ts-work-W1').getByTestId('ts-work-gatherer')).not.toHaveText('—');
  await expect(works.getByTestId('ts-work-W2').getByTestId('ts-work-gatherer')).toHaveText('—');
  await page.screenshot({ path: '/tmp/ts-works.png', fullPage: true });

  // Their week lists those two works only; they report a day of the concrete and submit.
  const ctx = await browser.newContext();
  const site = await ctx.newPage();
  await signedIn(site, fg, `/${s.spaceId}/timesheets?version=${version!.id}`);
  await site.getByRole('button', { name: 'New week' }).click();
  const fact = site.getByRole('textbox', { name: /^W1 .* fact$/ }).first();
  await expect(fact).toBeVisible();
  await expect(site.getByRole('textbox', { name: /^W3 .* fact$/ }).first()).toBeVisible();
  await expect(site.getByRole('textbox', { name: /^W2 / })).toHaveCount(0);
  // The sheet read back after a save arrives late (as on a loaded server): the fact typed right
  // after the hours must not send the hours the stale sheet still shows (none).
  await site.route(/\/versions\/[^/]+\/timesheets(\?|$)/, async (route) => {
    if (route.request().method() === 'GET') await new Promise((ok) => setTimeout(ok, 1500));
    await route.continue();
  });
  const label = (await fact.getAttribute('aria-label'))!;
  const hours = site.getByRole('textbox', { name: label.replace(/ fact$/, ' h') });
  let saved = site.waitForResponse((r) => r.url().includes('/day') && r.ok());
  await hours.fill('8');
  await hours.press('Tab');
  await saved;
  saved = site.waitForResponse((r) => r.url().includes('/day') && r.ok());
  await fact.fill('7');
  await fact.press('Tab');
  await saved;
  await site.getByRole('button', { name: 'Submit' }).click();
  await expect(site.getByTestId('ts-status')).toHaveText('Submitted');
  await ctx.close();

  // The planner approves it and reads the report of that week.
  await page.getByRole('tab', { name: 'Timesheets' }).click();
  const decide = page.getByRole('region', { name: 'To approve' });
  await decide.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Timesheet approved')).toBeVisible();
  await page.getByRole('tab', { name: 'Report' }).click();
  const [d, m, y] = label
    .replace(/^W1 /, '')
    .replace(/ fact$/, '')
    .split('.')
    .map(Number);
  const monday = Date.UTC(y!, m! - 1, d!);
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  const report = page.getByRole('region', { name: 'Timesheet report' });
  await report.getByLabel('From', { exact: true }).fill(iso(monday));
  await report.getByLabel('To', { exact: true }).fill(iso(monday + 6 * 86_400_000));
  await report.getByRole('combobox').first().selectOption({ label: 'Approved' });
  const person = report.getByTestId(`ts-report-${fg.userId}`);
  await expect(person.getByTestId('ts-report-hours')).toHaveText('8');
  await expect(person.getByTestId('ts-report-line-W1').getByTestId('ts-report-fact')).toHaveText('7');
  await expect(person.getByTestId('ts-report-line-W3')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/ts-report.png', fullPage: true });

  const xlsx = page.waitForEvent('download');
  await report.getByRole('button', { name: 'Export XLSX' }).click();
  const file = await xlsx;
  expect(file.suggestedFilename()).toMatch(/^Timesheets .*\.xlsx$/);
  expect((await readFile((await file.path())!)).subarray(0, 2).toString()).toBe('PK');
  const csv = page.waitForEvent('download');
  await report.getByRole('button', { name: 'Export CSV' }).click();
  const text = await readFile((await (await csv).path())!, 'utf8');
  expect(text).toContain('Concrete');
  expect(text.split(/\r?\n/).find((l) => l.includes('Concrete'))).toMatch(/,8,7,/);
});
