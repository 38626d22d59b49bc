// Administration end to end: invite a colleague who then sees the space; take the edit ability of
// the structure away from their role and see their edit refused by the API; load a signed licence
// and see it listed; the home and profile screens show real data.
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { api, registerAccount, scheduleInNewSpace, signedIn } from './platform-helpers';

test('an administrator invites, restricts a role and loads a licence', async ({ page, request, browser }) => {
  const setup = await scheduleInNewSpace(request, 'adm');
  const colleague = await registerAccount(request, 'colleague');
  await signedIn(page, setup.account, `/${setup.spaceId}/admin`);

  await page.getByLabel('Login or email').fill(colleague.login);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Planning and control' });
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.locator(`tr[data-login="${colleague.login}"]`)).toBeVisible();

  // The colleague sees the space.
  const other = await browser.newPage();
  await signedIn(other, colleague, `/${setup.spaceId}`);
  await expect(other.getByRole('treeitem', { name: 'Site' })).toBeVisible();

  // Planning and control loses the edit ability on the structure.
  await page.getByRole('tab', { name: 'Roles and permissions' }).click();
  const role = page.locator('fieldset[data-role="planning_and_control"]');
  await role.getByLabel('Planning and control: Structure — Edit').uncheck();
  await role.getByRole('button', { name: 'Save permissions' }).click();
  await expect(page.getByText('Permissions of Planning and control saved')).toBeVisible();
  const refused = await request.post('/api/v1/facilities/create', {
    headers: { authorization: `Bearer ${colleague.token}`, 'space-id': setup.spaceId },
    data: { name: 'Depot' },
  });
  expect(refused.status()).toBe(403);

  // A licence issued by the CLI with the test key is loaded and listed as active.
  const token = execFileSync('node', [
    '--import',
    'tsx',
    'src/cli/licence.ts',
    '--key',
    'tests/fixtures/licence/TEST-ONLY-private-key.pem',
    '--customer',
    'Acme Build',
    '--users',
    '10',
    '--id',
    `e2e-${setup.spaceId}`,
  ])
    .toString()
    .trim();
  await page.getByRole('tab', { name: 'Licences' }).click();
  await page.getByLabel('Licence token').fill(token);
  await page.getByRole('button', { name: 'Load licence' }).click();
  await expect(page.locator(`tr[data-licence="e2e-${setup.spaceId}"]`)).toContainText('Acme Build');
  await expect(page.locator(`tr[data-licence="e2e-${setup.spaceId}"]`)).toContainText('active');
  await page.screenshot({ path: '/tmp/admin2-licences.png' });

  // A tampered token is refused with its message, and the typed token stays.
  await page.getByLabel('Licence token').fill(token.slice(0, -4) + 'AAAA');
  await page.getByRole('button', { name: 'Load licence' }).click();
  await expect(page.getByLabel('Licence token')).not.toHaveValue('');

  // Home lists the schedule; Profile shows the account.
  await page.goto(`/${setup.spaceId}/home`);
  await expect(page.getByRole('link', { name: /Works/ })).toBeVisible();
  await page.screenshot({ path: '/tmp/admin2-home.png' });
  await page.goto(`/${setup.spaceId}/profile`);
  await expect(page.getByLabel('First name')).toHaveValue('Test');
  await page.getByLabel('First name').fill('Ada');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  const me = await api<{ first_name: string }>(request, setup.account, 'GET', '/users/who-am-i');
  expect(me.first_name).toBe('Ada');
});
