// Assigning an executor (issues 26 and 21): the administrator marks a member as executor, a planner
// names that member executor of a row in the node panel, and the member sees the notice live on
// the rail's bell and in the notices drawer, linking the row; Ctrl+Z takes the naming back.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  addRowsByApi,
  api,
  registerAccount,
  scheduleInNewSpace,
  signedIn,
  workRow,
} from './platform-helpers';
import { cell, openWorkbench } from './workbench-helpers';

const row = (id: string, orderKey: string, name: string) => workRow({ id, orderKey, name });

test('naming an executor of a row sends that member a notice', async ({ browser, page, request }) => {
  const s = await scheduleInNewSpace(request, 'exec');
  const bob = await registerAccount(request, 'bob');
  const as = <T>(method: 'GET' | 'POST' | 'PATCH', p: string, data?: unknown) =>
    api<T>(request, s.account, method, p, data, s.spaceId);
  await api(request, s.account, 'POST', `/space/${s.spaceId}/users/invite`, { login: bob.login }, s.spaceId);
  await as('PATCH', `/users/${bob.userId}/set-executor`, { executor: true });
  const [version] = await as<{ id: string; revision: number }[]>(
    'GET',
    `/schedules/${s.scheduleId}/versions`,
  );
  await addRowsByApi(request, s, version!, [
    row(randomUUID(), 'a0', 'Excavation'),
    row(randomUUID(), 'a1', 'Foundation slab'),
  ]);

  const bobCtx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const bobPage = await bobCtx.newPage();
  await signedIn(bobPage, bob, `/${s.spaceId}/home`);
  await expect(bobPage.getByRole('heading', { name: 'Open notices' })).toBeVisible();
  await expect(bobPage.getByTestId('rail-notices')).toHaveAccessibleName('Notices');

  await page.setViewportSize({ width: 1440, height: 900 });
  await openWorkbench(page, s);
  await cell(page, 1, 1).click();
  await page.getByRole('tab', { name: 'Node info' }).click();
  const executor = page.getByLabel('Executor', { exact: true });
  await expect(executor.locator('option', { hasText: bob.login })).toHaveCount(1);
  await executor.selectOption({ label: `Test Planner (${bob.login})` });
  await expect(executor).toHaveValue(bob.userId);
  await page.locator('.wb-panel').screenshot({ path: '/tmp/row-people-panel.png' });

  // Bob hears of it live: the bell counts it; the drawer says which row.
  await expect(bobPage.getByTestId('rail-notices')).toHaveAccessibleName('Notices (1)');
  await expect(bobPage.getByTestId('open-notice')).toContainText(
    'You are assigned as executor of “Foundation slab”',
  );
  await bobPage.getByTestId('rail-notices').click();
  await expect(bobPage.getByTestId('notice').first()).toContainText('executor of “Foundation slab”');
  await bobPage.screenshot({ path: '/tmp/row-people-notice.png' });
  // Opening it leads to the schedule with the row.
  await bobPage.getByTestId('notice').first().locator('.notice-item__open').click();
  await expect(bobPage).toHaveURL(new RegExp(`/schedule/${s.scheduleId}`));

  // Undo takes the naming back (one step of the workbench's history).
  await page.getByRole('grid').focus();
  await page.keyboard.press('Control+z');
  await expect(executor).toHaveValue('');
  // The server no longer lists the row (it has neither an executor nor a curator).
  await expect
    .poll(async () => (await as<{ rows: unknown[] }>('GET', `/versions/${version!.id}/row-people`)).rows)
    .toEqual([]);
  await bobCtx.close();
});
