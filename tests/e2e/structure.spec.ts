// The structure tree by keyboard: arrows, F2 rename, Alt+arrows reorder, Delete with confirmation,
// set actual and lock on versions.
import { expect, test } from '@playwright/test';
import { api, registerAccount, scheduleInNewSpace, signedIn } from './platform-helpers';

test('structure tree keyboard: rename, reorder, delete, actual and lock', async ({ page, request }) => {
  const account = await registerAccount(request, 'tree');
  const space = await api<{ id: string }>(request, account, 'POST', '/space/create', { name: 'Tree space' });
  const a = await api<{ id: string }>(
    request,
    account,
    'POST',
    '/facilities/create',
    { name: 'Alpha' },
    space.id,
  );
  await api(request, account, 'POST', '/facilities/create', { name: 'Bravo' }, space.id);
  const project = await api<{ id: string }>(
    request,
    account,
    'POST',
    `/facilities/${a.id}/projects/create`,
    { name: 'Project A' },
    space.id,
  );
  const schedule = await api<{ id: string }>(
    request,
    account,
    'POST',
    `/projects/${project.id}/schedules/create`,
    { name: 'Schedule A' },
    space.id,
  );
  await api(
    request,
    account,
    'POST',
    `/schedules/${schedule.id}/versions/create`,
    { label: 'Second' },
    space.id,
  );

  await signedIn(page, account, `/${space.id}`);
  const tree = page.getByRole('tree');
  const items = tree.getByRole('treeitem');
  await expect(items).toHaveText([/Alpha/, /Bravo/]);

  // Focus selects the first row; F2 renames it.
  await tree.focus();
  await expect(tree.getByRole('treeitem', { name: 'Alpha' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('F2');
  const input = tree.getByRole('textbox');
  await input.fill('Alpha site');
  await input.press('Enter');
  await expect(items).toHaveText([/Alpha site/, /Bravo/]);

  // The 32-character limit is checked while typing.
  await page.keyboard.press('F2');
  await tree.getByRole('textbox').fill('x'.repeat(33));
  await expect(tree.getByRole('alert')).toHaveText(
    'The field exceeds the maximum line length - 32 characters',
  );
  await tree.getByRole('textbox').press('Escape');

  // Alt+Down moves it below Bravo; Alt+Up brings it back.
  await tree.focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(items).toHaveText([/Bravo/, /Alpha site/]);
  await page.keyboard.press('Alt+ArrowUp');
  await expect(items).toHaveText([/Alpha site/, /Bravo/]);

  // Arrows open the branch down to the versions.
  for (const key of ['ArrowRight', 'ArrowDown', 'ArrowRight', 'ArrowDown', 'ArrowRight', 'ArrowDown']) {
    await page.keyboard.press(key);
  }
  await expect(items).toHaveCount(6);
  const selected = tree.locator('[aria-selected=true]');
  const first = await selected.textContent();
  expect(first).not.toContain('Second');

  // Set the first version actual, then lock it: delete is refused for a locked version.
  await page.getByRole('button', { name: 'Set as actual' }).click();
  await expect(selected).toContainText('actual');
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unlock' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete (Del)' })).toBeDisabled();

  // Delete the other version with the confirmation dialog (Enter confirms).
  await tree.focus();
  await page.keyboard.press('ArrowDown');
  await expect(selected).toContainText('Second');
  await page.keyboard.press('Delete');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete the version “Second”');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(items).toHaveCount(5);

  // Delete Bravo, cancelling once first.
  await tree.getByRole('treeitem', { name: 'Bravo' }).click();
  await page.keyboard.press('Delete');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(tree.getByRole('treeitem', { name: 'Bravo' })).toBeVisible();
  await page.keyboard.press('Delete');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(tree.getByRole('treeitem', { name: 'Bravo' })).toHaveCount(0);
});

test('the tree refreshes itself when the structure changes elsewhere (eps_updated)', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, 'live');
  const space = await api<{ id: string }>(request, account, 'POST', '/space/create', { name: 'Live space' });
  await api(request, account, 'POST', '/facilities/create', { name: 'First' }, space.id);
  await signedIn(page, account, `/${space.id}`);
  await expect(page.getByRole('treeitem', { name: 'First' })).toBeVisible();

  // Another client (here: the API directly) adds a facility; no reload on this page.
  await page.waitForTimeout(500); // let the socket open
  await api(request, account, 'POST', '/facilities/create', { name: 'Second' }, space.id);
  await expect(page.getByRole('treeitem', { name: 'Second' })).toBeVisible();
});

test('a new target version can copy the content of an existing version', async ({ page, request }) => {
  const { account, spaceId, scheduleId } = await scheduleInNewSpace(request, 'copy', {
    space: 'Copy space',
    facility: 'Site',
    project: 'Works',
    schedule: 'Plan',
  });
  const space = { id: spaceId };
  const s = { id: scheduleId };
  const [first] = await api<{ id: string; label: string }[]>(
    request,
    account,
    'GET',
    `/schedules/${s.id}/versions`,
    undefined,
    space.id,
  );

  await signedIn(page, account, `/${space.id}`);
  const tree = page.getByRole('tree');
  await tree.focus();
  for (const key of ['ArrowRight', 'ArrowDown', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
  await expect(tree.locator('[aria-selected=true]')).toContainText('Plan');

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: 'Version' })).toHaveAttribute('aria-checked', 'true');
  await dialog.locator('input[name=node_name]').fill('Baseline 1');
  await dialog.getByLabel('Version kind').selectOption('target');
  await dialog.getByLabel('Copy the content of').selectOption(first!.id);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  const created = tree.getByRole('treeitem', { name: /Baseline 1/ });
  await expect(created).toBeVisible();
  await expect(created).toContainText('target');
});
