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
  // With no role chosen the invited user gets the built-in student role: it shows chosen, named so.
  await expect(page.getByLabel('Role', { exact: true }).locator('option:checked')).toHaveText(
    'Student (default)',
  );
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Planning and control' });
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.locator(`tr[data-login="${colleague.login}"]`)).toBeVisible();
  await page.screenshot({ path: '/tmp/admin-members.png' });

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
  await page.screenshot({ path: '/tmp/admin-roles.png', fullPage: true });
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
  await page.screenshot({ path: '/tmp/admin-licences.png' });

  // A tampered token is refused with its message, and the typed token stays.
  await page.getByLabel('Licence token').fill(token.slice(0, -4) + 'AAAA');
  await page.getByRole('button', { name: 'Load licence' }).click();
  await expect(page.getByLabel('Licence token')).not.toHaveValue('');

  // Space settings: time-out, editing periods and a CIDR allow-list that keeps the caller in; one
  // that would shut the administrator out is refused with its reason and nothing changes.
  await page.getByRole('tab', { name: 'Space settings' }).click();
  await page.getByLabel('Idle time-out, minutes').fill('45');
  await page.getByLabel('Plan data').fill('14');
  await page.getByLabel('Fact data').fill('3');
  await page.getByLabel('IP allow-list').fill('127.0.0.0/8\n::1');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await page.screenshot({ path: '/tmp/admin-settings.png', fullPage: true });
  const settings = await api<Record<string, unknown>>(
    request,
    setup.account,
    'GET',
    `/space/${setup.spaceId}/settings`,
  );
  expect(settings).toEqual({
    ip_allow_list: ['127.0.0.0/8', '::1'],
    plan_edit_days: 14,
    fact_edit_days: 3,
    default_language: null,
    idle_timeout_minutes: 45,
    storage_max_file_bytes: null,
    storage_quota_bytes: null,
  });
  await page.getByLabel('IP allow-list').fill('10.0.0.0/8');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('The allow-list does not include your own address')).toBeVisible();
  await page.getByLabel('IP allow-list').fill('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toHaveCount(1);

  // Home lists the schedule; Profile shows the account.
  await page.goto(`/${setup.spaceId}/home`);
  await expect(page.getByRole('link', { name: /Works/ })).toBeVisible();
  await page.screenshot({ path: '/tmp/admin-home.png' });
  await page.goto(`/${setup.spaceId}/profile`);
  await expect(page.getByLabel('First name')).toHaveValue('Test');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Corporate mail').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  const me = await api<{ first_name: string; notification_channels: string[] }>(
    request,
    setup.account,
    'GET',
    '/users/who-am-i',
  );
  expect(me).toMatchObject({ first_name: 'Ada', notification_channels: ['site', 'corporate'] });

  // A new secret question needs the current password; recovery then asks it.
  await page.getByLabel('Question').fill('Name of the first site?');
  await page.getByLabel('Answer').fill('Riverside');
  await page.getByLabel('Current password').first().fill(setup.account.password);
  await page.getByRole('button', { name: 'Save secret question' }).click();
  await expect(page.getByText('Secret question saved')).toBeVisible();
  const asked = await request.put('/api/v1/users/reset-password-request', {
    data: { login: setup.account.login },
  });
  expect(await asked.json()).toEqual({ secret_question: 'Name of the first site?' });
  await page.screenshot({ path: '/tmp/admin-profile.png', fullPage: true });
});
