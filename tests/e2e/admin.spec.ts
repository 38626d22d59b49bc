// Administration end to end: invite a colleague who then sees the space; take the structure edit
// permission from their role and see the edit refused on screen and by the API; load a signed
// licence and see a refused one explained; home and profile show real data.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signLicence } from '../../src/server/licence/token';
import { registerAccount, scheduleInNewSpace, signedIn } from './platform-helpers';

const PRIVATE = readFileSync('tests/fixtures/licence/TEST-ONLY-private-key.pem', 'utf8');

test('invite, permission matrix, licences, home and profile', async ({ page, browser, request }) => {
  const { account: owner, spaceId } = await scheduleInNewSpace(request, 'adm');
  const colleague = await registerAccount(request, 'colleague');

  // Invite the colleague as planning and control.
  await signedIn(page, owner, `/${spaceId}/admin`);
  await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Login or email' }).fill(colleague.login);
  await page
    .getByRole('combobox', { name: 'Role', exact: true })
    .selectOption({ label: 'Planning and control' });
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.locator(`tr[data-login="${colleague.login}"]`)).toBeVisible();

  // The colleague signs in and sees the space, with the structure editable.
  const other = await browser.newContext();
  const colleaguePage = await other.newPage();
  await signedIn(colleaguePage, colleague, `/${spaceId}`);
  await expect(colleaguePage.getByRole('treeitem', { name: 'Site' })).toBeVisible();
  const add = colleaguePage.getByRole('toolbar').getByRole('button', { name: 'Add' });
  await expect(add).toBeEnabled();

  // Take "edit" of the structure module from the role.
  await page.locator('details[data-role="Planning and control"] summary').click();
  const editStructure = page.getByRole('checkbox', { name: 'Planning and control: Structure — Edit' });
  await expect(editStructure).toBeChecked();
  await editStructure.click(); // saved, then shown from the server's answer
  await expect(editStructure).not.toBeChecked();

  // Refused on screen (after a reload of the space) and by the API.
  await colleaguePage.reload();
  await expect(colleaguePage.getByRole('treeitem', { name: 'Site' })).toBeVisible();
  await expect(colleaguePage.getByRole('toolbar').getByRole('button', { name: 'Add' })).toBeDisabled();
  const refused = await request.post('/api/v1/facilities/create', {
    headers: { authorization: `Bearer ${colleague.token}`, 'space-id': spaceId },
    data: { name: 'Not allowed' },
  });
  expect(refused.status()).toBe(403);
  await other.close();

  // Licences: a token that is not ours is explained; a good one becomes active.
  await page.getByRole('textbox', { name: 'Licence token' }).fill('garbage.token');
  await page.getByRole('button', { name: 'Load licence' }).click();
  await expect(page.getByText('Cannot decrypt the licence token')).toBeVisible();
  const token = signLicence(
    {
      id: `e2e-${Date.now()}`,
      customer: 'Riverside Builders',
      space_id: spaceId,
      user_cap: 25,
      expires_at: new Date(Date.now() + 90 * 86_400_000).toISOString(),
      min_version: '0.1',
      max_version: '9.9',
      estimates_users: 3,
      bim_users: null,
      issued_at: new Date().toISOString(),
    },
    PRIVATE,
  );
  await page.getByRole('textbox', { name: 'Licence token' }).fill(token);
  await page.getByRole('button', { name: 'Load licence' }).click();
  const row = page.locator('tr[data-licence^="e2e-"]');
  await expect(row).toContainText('Riverside Builders');
  await expect(row).toContainText('25 paid users');
  await expect(row).toContainText('active');
  await page.screenshot({ path: '/tmp/admin-screen.png', fullPage: true });

  // Home lists the schedule; profile saves a new first name.
  await page.goto(`/${spaceId}/home`);
  await expect(page.getByRole('link', { name: /Works/ })).toBeVisible();
  await page.screenshot({ path: '/tmp/admin-home.png' });
  await page.goto(`/${spaceId}/profile`);
  await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Ada');
  await page.screenshot({ path: '/tmp/admin-profile.png' });
});
