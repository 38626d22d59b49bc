// Issue 20, "a default per user and per schedule": the owner saves a layout (Type hidden) as a
// template and makes it the schedule's default in the Layouts dialog; a second member (planner),
// who never arranged this version, opens it with that layout. Screenshots in en and ru.
import { expect, test } from '@playwright/test';
import { api, registerAccount, scheduleInNewSpace, signedIn, uploadVersionCsv } from './platform-helpers';
import { grid } from './workbench-helpers';

test("a schedule's default layout opens for another member", async ({ page, browser, request }) => {
  const s = await scheduleInNewSpace(request, 'schdef');
  const version = (await uploadVersionCsv(request, s, 'Code,Name,Duration (d)\nS1,Footings,3\n')).id;

  await signedIn(page, s.account, `/${s.spaceId}/schedule/${s.scheduleId}?version=${version}`);
  await expect(grid(page).getByRole('gridcell', { name: 'Footings' })).toBeVisible();
  // The layout the grid opened with is stored first (a member's layout of the version); the
  // change of columns is stored after it.
  const typeBox = page
    .getByRole('dialog', { name: 'Columns' })
    .getByRole('checkbox', { name: 'Type', exact: true });
  await page.getByRole('button', { name: 'Columns' }).click();
  await typeBox.uncheck();
  await expect(typeBox).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(grid(page).getByRole('columnheader', { name: 'Type', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Layouts…' }).click();
  const layouts = page.getByRole('dialog', { name: 'Layouts' });
  await expect(layouts.getByTestId('schedule-default-layout')).toContainText('no default layout');
  await layouts.getByRole('textbox', { name: 'Layout name' }).fill('Site');
  await layouts.getByRole('button', { name: 'Save current layout as' }).click();
  await layouts.getByRole('button', { name: 'Default for this schedule: Site' }).click();
  await expect(layouts.getByTestId('schedule-default-layout')).toContainText('“Site”');
  await page.screenshot({ path: 'test-results/layout-schedule-default-en.png' });
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(
    page.getByRole('dialog', { name: 'Макеты' }).getByTestId('schedule-default-layout'),
  ).toContainText('«Site»');
  await page.screenshot({ path: 'test-results/layout-schedule-default-ru.png' });

  // A planner of the space opens the version: Type is hidden for them too.
  const planner = await registerAccount(request, 'schdefp');
  await api(request, s.account, 'POST', `/space/${s.spaceId}/users/invite`, { login: planner.login });
  const roles = await api<{ id: string; value: string }[]>(
    request,
    s.account,
    'GET',
    '/roles',
    undefined,
    s.spaceId,
  );
  await api(request, s.account, 'PUT', `/space/${s.spaceId}/users/role`, {
    user_id: planner.userId,
    role_id: roles.find((r) => r.value === 'planning_and_control')!.id,
  });
  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await ctx.newPage();
  await signedIn(other, planner, `/${s.spaceId}/schedule/${s.scheduleId}?version=${version}`);
  await expect(grid(other).getByRole('gridcell', { name: 'Footings' })).toBeVisible();
  await expect(grid(other).getByRole('columnheader', { name: 'Name', exact: true })).toBeVisible();
  await expect(grid(other).getByRole('columnheader', { name: 'Type', exact: true })).toHaveCount(0);
  await ctx.close();
});
