// Access grants end to end (issue 21; spec §6 grant / revoke / free abilities): an administrator
// picks a student on the Access tab, the project "Block C", ticks Structure — Edit with the keyboard
// and saves; the student may then rename the schedule under that project and still not the
// facility above it; revoking the grant from the list (confirmed) refuses the rename again.
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { api, registerAccount, scheduleInNewSpace, signedIn } from './platform-helpers';
import type { Account } from './platform-helpers';

test('an administrator grants and revokes an ability on a project', async ({ page, request }) => {
  const setup = await scheduleInNewSpace(request, 'acc');
  const student = await registerAccount(request, 'student');
  const roles = await api<{ id: string; value: string }[]>(
    request,
    setup.account,
    'GET',
    '/roles',
    undefined,
    setup.spaceId,
  );
  await api(request, setup.account, 'POST', `/space/${setup.spaceId}/users/invite`, {
    login: student.login,
    role_id: roles.find((r) => r.value === 'student')!.id,
  });
  const tree = await api<{ nodes: { id: string; name: string }[] }>(
    request,
    setup.account,
    'GET',
    `/space/${setup.spaceId}/eps`,
  );
  const site = tree.nodes.find((n) => n.name === 'Site')!.id;
  const rename = (who: Account, id: string, name: string, r: APIRequestContext = request) =>
    r.patch(`/api/v1/eps/${id}/rename`, {
      headers: { authorization: `Bearer ${who.token}`, 'space-id': setup.spaceId },
      data: { name },
    });
  expect((await rename(student, setup.scheduleId, 'Works 2')).status()).toBe(403);

  await signedIn(page, setup.account, `/${setup.spaceId}/admin`);
  await page.getByRole('tab', { name: 'Access' }).click();
  await page
    .getByRole('combobox', { name: 'Member', exact: true })
    .selectOption({ label: `Test Planner (${student.login}) — Student` });
  await page
    .getByRole('combobox', { name: 'Place', exact: true })
    .selectOption({ label: '\u00a0\u00a0Block C' });
  const panel = page.locator(`fieldset[data-access-of="${student.login}"]`);
  await expect(panel.locator('legend')).toContainText('Block C');
  // What the role gives is ticked and locked; administration is not grantable on a node.
  await expect(panel.getByLabel(`Structure — Read for ${student.login}`)).toBeChecked();
  await expect(panel.getByLabel(`Structure — Read for ${student.login}`)).toBeDisabled();
  await expect(panel.getByLabel(`Administration — Edit for ${student.login}`)).toBeDisabled();
  // By keyboard: focus the box, Space ticks it, Tab to the button… Enter saves.
  const edit = panel.getByLabel(`Structure — Edit for ${student.login}`);
  await edit.focus();
  await page.keyboard.press('Space');
  await expect(edit).toBeChecked();
  await panel.getByRole('button', { name: 'Save access' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Access of ${student.login} saved`)).toBeVisible();
  const row = page.locator(`tr[data-grant="${student.login}:structure:edit"]`);
  await expect(row).toContainText('Block C');
  await page.screenshot({ path: '/tmp/access-granted.png', fullPage: true });

  expect((await rename(student, setup.scheduleId, 'Works 2')).status()).toBe(200);
  expect((await rename(student, site, 'Site 2')).status()).toBe(403);

  // The schedule under the project (renamed: open the tab again to read the tree) shows the grant
  // as given above, locked.
  await page.getByRole('tab', { name: 'Members' }).click();
  await page.getByRole('tab', { name: 'Access' }).click();
  await page
    .getByRole('combobox', { name: 'Member', exact: true })
    .selectOption({ label: `Test Planner (${student.login}) — Student` });
  await page
    .getByRole('combobox', { name: 'Place', exact: true })
    .selectOption({ label: '\u00a0\u00a0\u00a0\u00a0Works 2' });
  const below = page.locator(`fieldset[data-access-of="${student.login}"]`);
  await expect(below.locator('legend')).toContainText('Works 2');
  await expect(below.getByLabel(`Structure — Edit for ${student.login}`)).toBeChecked();
  await expect(below.getByLabel(`Structure — Edit for ${student.login}`)).toBeDisabled();
  await expect(below.getByText('granted above')).toBeVisible();

  // Revoke from the list, confirmed.
  await row.getByRole('button', { name: /Revoke/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /OK|Yes|Confirm|Revoke/ })
    .click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No grants: every member has the abilities of their role.')).toBeVisible();
  expect((await rename(student, setup.scheduleId, 'Works 3')).status()).toBe(403);
});
