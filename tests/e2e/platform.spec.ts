// Platform journeys in Chromium: account, space and structure; the error toast; the disconnect screen.
import { type Page, expect, test } from '@playwright/test';

/** A login no other test (or run) uses: letters and digits, well under 32 characters. */
function uniqueLogin(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

async function signIn(page: Page, login: string, password: string) {
  await page.goto('/auth/login');
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function createNode(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name=node_name]').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('treeitem', { name: name })).toBeVisible();
}

test('register, sign in, create a space, a facility, a project and a schedule, sign out', async ({
  page,
}) => {
  const login = uniqueLogin('e2e');
  const password = 'correct-horse-1';

  await page.goto('/auth/register');
  await page.locator('input[name=first_name]').fill('Anna');
  await page.locator('input[name=last_name]').fill('Planner');
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=email]').fill(`${login}@example.com`);
  await page.locator('input[name=password]').fill(password);
  await page.locator('input[name=password_confirmation]').fill(password);
  await page.locator('input[name=secret_question]').fill('Name of the first site?');
  await page.locator('input[name=answer]').fill('Riverside');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/select-space$/);

  // Sign out and back in with the new account.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signIn(page, login, password);
  await expect(page).toHaveURL(/\/auth\/select-space$/);
  await expect(page.getByText(`Signed in as ${login}`)).toBeVisible();

  // Create a space and land on its structure screen.
  await page.getByRole('button', { name: 'New space' }).click();
  await page.locator('input[name=space_name]').fill('E2E space');
  await page.getByRole('button', { name: 'Create space' }).click();
  await expect(page).toHaveURL(/\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('space-name')).toHaveText('E2E space');
  await expect(page.getByText('This space has no facilities yet.')).toBeVisible();

  // Facility, then a project inside it, then a schedule inside the project (the dialog offers
  // one level below the selection by default).
  await createNode(page, 'North tower');
  await createNode(page, 'Shell and core');
  await createNode(page, 'Main schedule');

  const tree = page.getByRole('tree');
  await expect(tree.getByRole('treeitem')).toHaveText([/North tower/, /Shell and core/, /Main schedule/]);
  await expect(tree.getByRole('treeitem', { name: 'North tower' })).toHaveAttribute('aria-level', '1');
  await expect(tree.getByRole('treeitem', { name: 'Shell and core' })).toHaveAttribute('aria-level', '2');
  await expect(tree.getByRole('treeitem', { name: 'Main schedule' })).toHaveAttribute('aria-level', '3');

  // The tree survives a reload (it is the server's, not the page's).
  await page.reload();
  await expect(page.getByRole('treeitem', { name: 'North tower' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('pw.token'))).toBeNull();
});

test('a wrong password shows the red error toast', async ({ page }) => {
  await signIn(page, 'demo', 'not-the-password');
  const toast = page.locator('.toast--error');
  await expect(toast).toBeVisible();
  await expect(toast.locator('.toast__title')).toHaveText('User is not authorized');
  await expect(toast).toContainText('Wrong login or password');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('the disconnect countdown keeps the reconnect button disabled for 10 s, across a reload', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/disconnect');
  const button = page.getByRole('button', { name: 'Reconnect' });
  await expect(page.getByTestId('countdown')).toHaveText('10');
  await expect(button).toBeDisabled();

  // The installed clock also runs in real time: on a loaded machine a reload takes seconds, so
  // what is asserted is that the countdown went on (not back to 10), not its exact second.
  await page.clock.runFor(4000);
  await expect(page.getByTestId('countdown')).toHaveText(/^[1-6]$/);
  await page.reload();
  await expect(page.getByTestId('countdown')).toHaveText(/^[1-6]$/);
  await expect(button).toBeDisabled();

  await page.clock.runFor(6000);
  await expect(page.getByTestId('countdown')).toHaveText('0');
  await expect(button).toBeEnabled();
});
