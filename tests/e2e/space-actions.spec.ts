// The space's own actions on the settings tab: the demo schedule added and opened, then the free
// space deleted after a confirmation naming it, which leaves the user on the space chooser.
import { expect, test } from '@playwright/test';
import { api, registerAccount, signedIn } from './platform-helpers';

test('add the demo schedule, then delete the free space', async ({ page, request }) => {
  const me = await registerAccount(request, 'spc');
  const space = await api<{ id: string }>(request, me, 'POST', '/space/create', { name: 'Scratch space' });
  await signedIn(page, me, `/${space.id}/admin`);
  await page.getByRole('tab', { name: 'Settings' }).click();

  await page.getByRole('button', { name: 'Add the demo schedule' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The demo schedule was added.' })).toBeVisible();
  await page.screenshot({ path: '/tmp/space-actions.png', fullPage: true });
  await page.getByRole('link', { name: 'Open it' }).click();
  await expect(page).toHaveURL(new RegExp(`/${space.id}/schedule/`));
  await expect(page.getByRole('grid').first()).toBeVisible();

  await page.goto(`/${space.id}/admin`);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Delete the space' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the space?' });
  await expect(dialog).toContainText('Scratch space');
  await dialog.getByRole('button', { name: 'Delete the space' }).click();
  await expect(page).not.toHaveURL(new RegExp(space.id));
  const spaces = await api<{ space_id?: string; id?: string }[]>(request, me, 'GET', '/users/spaces');
  expect(spaces.some((s) => (s.space_id ?? s.id) === space.id)).toBe(false);
});
