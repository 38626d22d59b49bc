// The Executor column of the workbench grid (issue 21): the administrator marks a member executor
// on the Members tab, shows the column, picks that member for a row with the keyboard; a second
// editor of the schedule sees the name arrive live; Ctrl+Z takes it back; the Russian screen too.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import {
  addRowsByApi,
  api,
  registerAccount,
  scheduleInNewSpace,
  signedIn,
  workRow,
} from './platform-helpers';
import { grid, openWorkbench } from './workbench-helpers';

const row = (id: string, orderKey: string, name: string) => workRow({ id, orderKey, name });

/** The displayed index of a column by its header text. */
async function columnOf(page: Page, name: string): Promise<number> {
  const header = grid(page).getByRole('columnheader', { name, exact: true });
  await expect(header).toBeVisible();
  return Number(await header.getAttribute('aria-colindex')) - 2;
}

const executorCell = (page: Page, name: string, col: number) =>
  grid(page).locator('[role=row]', { hasText: name }).first().locator(`[role=gridcell][data-col="${col}"]`);

test('the administrator picks a row executor in the grid, live to another editor, undoable', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const s = await scheduleInNewSpace(request, 'execcol');
  const bob = await registerAccount(request, 'bob');
  const carol = await registerAccount(request, 'carol');
  for (const who of [bob, carol])
    await api(
      request,
      s.account,
      'POST',
      `/space/${s.spaceId}/users/invite`,
      { login: who.login },
      s.spaceId,
    );
  const as = <T>(method: 'GET' | 'PATCH', p: string, data?: unknown) =>
    api<T>(request, s.account, method, p, data, s.spaceId);
  // Carol is named executor and then loses the flag: the picker does not offer her.
  await as('PATCH', `/users/${carol.userId}/set-executor`, { executor: true });
  await as('PATCH', `/users/${carol.userId}/set-executor`, { executor: false });
  const [version] = await as<{ id: string; revision: number }[]>(
    'GET',
    `/schedules/${s.scheduleId}/versions`,
  );
  const slab = randomUUID();
  await addRowsByApi(request, s, version!, [
    row(randomUUID(), 'a0', 'Excavation'),
    row(slab, 'a1', 'Foundation slab'),
  ]);

  // Administration → Members: Bob becomes an executor.
  await page.setViewportSize({ width: 1440, height: 900 });
  await signedIn(page, s.account, `/${s.spaceId}/admin`);
  const flag = page.getByRole('checkbox', { name: `Executor: ${bob.login}` });
  // A controlled checkbox: ticked once the server has answered.
  await flag.click();
  await expect(flag).toBeChecked();
  await expect
    .poll(async () => {
      const users = await as<{ executors: { user_id: string }[] }>('GET', `/versions/${version!.id}/users`);
      return users.executors.map((m) => m.user_id);
    })
    .toEqual([bob.userId]);

  // The workbench: show the Executor column (hidden by default), with room beside Name. The saved
  // layout arrives with the version's attributes after the grid shows: a column shown before that
  // is put back, so the column is shown until it stays, and the layout saved with it.
  await openWorkbench(page, s);
  const header = grid(page).getByRole('columnheader', { name: 'Executor', exact: true });
  const savedWithExecutor = async () => {
    const l = await as<{ layout: { columns: { id: string; visible: boolean }[] } | null }>(
      'GET',
      `/versions/${version!.id}/version-layout`,
    );
    return l.layout?.columns.find((c) => c.id === 'executor')?.visible ?? false;
  };
  await expect(async () => {
    if (!(await header.isVisible())) {
      await page.getByRole('button', { name: 'Columns' }).click();
      const menu = page.getByRole('dialog', { name: 'Columns' });
      await menu.getByRole('checkbox', { name: 'Executor', exact: true }).check();
      for (const name of ['Type', 'Total float', 'Free float', '%', 'Status'])
        await menu.getByRole('checkbox', { name, exact: true }).uncheck();
      await page.keyboard.press('Escape');
    }
    await expect(header).toBeVisible({ timeout: 2000 });
    await expect.poll(savedWithExecutor, { timeout: 4000 }).toBe(true);
  }).toPass({ timeout: 60_000 });
  const col = await columnOf(page, 'Executor');

  // A second editor (the same planner in another browser) has the workbench open with the column.
  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const otherPage = await other.newPage();
  await openWorkbench(otherPage, s);
  const otherCol = await columnOf(otherPage, 'Executor');
  await expect(executorCell(otherPage, 'Foundation slab', otherCol)).toHaveText('');

  // Keyboard: the cell, Enter opens the picker, typing narrows it, Enter chooses.
  await executorCell(page, 'Foundation slab', col).click();
  await page.keyboard.press('Enter');
  // (The node panel has its own Executor chooser: the grid's picker is the one in the portal.)
  const picker = page.locator('.wb-picker').getByRole('combobox', { name: 'Executor' });
  await expect(picker).toBeFocused();
  const options = page.getByRole('listbox', { name: 'Executor' }).getByRole('option');
  await expect(options).toHaveCount(2); // "(no value)" and Bob; Carol is no executor now
  await expect(options.nth(1)).toContainText(bob.login);
  await page.screenshot({ path: 'test-results/executor-column-picker-en.png' });
  await page.keyboard.type(bob.login.slice(0, 6));
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(executorCell(page, 'Foundation slab', col)).toHaveText('Test Planner');
  await expect
    .poll(async () => (await as<{ rows: unknown[] }>('GET', `/versions/${version!.id}/row-people`)).rows)
    .toEqual([{ wbs_id: slab, executor_id: bob.userId, curator_id: null }]);
  // Live to the other editor.
  await expect(executorCell(otherPage, 'Foundation slab', otherCol)).toHaveText('Test Planner');
  await page.screenshot({ path: 'test-results/executor-column-en.png' });

  // Undo takes the naming back, here and there.
  await grid(page).focus();
  await page.keyboard.press('Control+z');
  await expect(executorCell(page, 'Foundation slab', col)).toHaveText('');
  await expect(executorCell(otherPage, 'Foundation slab', otherCol)).toHaveText('');
  await expect
    .poll(async () => (await as<{ rows: unknown[] }>('GET', `/versions/${version!.id}/row-people`)).rows)
    .toEqual([]);
  // Redo names Bob again.
  await page.keyboard.press('Control+y');
  await expect(executorCell(page, 'Foundation slab', col)).toHaveText('Test Planner');
  await other.close();

  // The Russian screen: the column and the picker in Russian.
  await page.goto(`/${s.spaceId}/admin`);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await page.goto(`/${s.spaceId}/schedule/${s.scheduleId}`);
  const ruCol = await columnOf(page, 'Исполнитель');
  await expect(executorCell(page, 'Foundation slab', ruCol)).toHaveText('Test Planner');
  await executorCell(page, 'Excavation', ruCol).click();
  await page.keyboard.press('F2');
  await expect(page.getByRole('listbox', { name: 'Исполнитель' })).toContainText('(нет значения)');
  await page.screenshot({ path: 'test-results/executor-column-ru.png' });
  await page.keyboard.press('Escape');
  await expect(executorCell(page, 'Excavation', ruCol)).toHaveText('');
});
