// Password recovery by the secret question, and the error page for a space one is not a member of.
import { expect, test } from '@playwright/test';
import { api, registerAccount, signedIn } from './platform-helpers';

test('restore access by the secret question, then sign in with the new password', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, 'lost');
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/restore$/);

  await page.locator('input[name=login]').fill(account.login);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('First site?')).toBeVisible();
  await page.locator('input[name=answer]').fill('Riverside');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  await page.locator('input[name=password]').fill('brand-new-pass-2');
  await page.locator('input[name=password_confirmation]').fill('brand-new-pass-X');
  await expect(page.getByText('Password mismatch')).toBeVisible();
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords did not similar')).toBeVisible();
  await page.locator('input[name=password_confirmation]').fill('brand-new-pass-2');
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText('Password reset successfully')).toBeVisible();
  await page.locator('input[name=login]').fill(account.login);
  await page.locator('input[name=password]').fill('brand-new-pass-2');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/select-space$/);
});

test("opening another user's space shows the error page with a way back", async ({ page, request }) => {
  const owner = await registerAccount(request, 'own');
  const space = await api<{ id: string }>(request, owner, 'POST', '/space/create', { name: 'Private' });
  const stranger = await registerAccount(request, 'str');

  await signedIn(page, stranger, `/${space.id}`);
  await expect(page).toHaveURL(/\/error\?message=Forbidden$/);
  await expect(page.getByText('No access to the selected space.')).toBeVisible();
  await expect(page.getByText('Contact your system administrator.')).toBeVisible();
  await expect(page.locator('.toast--error')).toHaveCount(0); // the page says it; no second message
  await page.getByRole('link', { name: 'Choose a space' }).click();
  await expect(page).toHaveURL(/\/auth\/select-space$/);
});

test('/ and /structure redirect to the space chooser; unknown paths show 404', async ({ page, request }) => {
  const account = await registerAccount(request, 'nav');
  await signedIn(page, account, '/');
  await expect(page).toHaveURL(/\/auth\/select-space$/);
  await page.goto('/structure');
  await expect(page).toHaveURL(/\/auth\/select-space$/);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
