// Session across tabs (BroadcastChannel): sign-out and the idle time-out reach every tab.
import { expect, test } from '@playwright/test';
import { registerAccount, signedIn } from './platform-helpers';

test('signing out in one tab signs out the other', async ({ context, request }) => {
  const account = await registerAccount(request, 'tabs');
  const first = await context.newPage();
  await signedIn(first, account, '/auth/select-space');
  const second = await context.newPage();
  await second.goto('/auth/select-space');
  await expect(second.getByText(`Signed in as ${account.login}`)).toBeVisible();

  await first.getByRole('button', { name: 'Sign out' }).click();
  await expect(first).toHaveURL(/\/auth\/login$/);
  await expect(second).toHaveURL(/\/auth\/login$/);
});

test('after the idle time-out every tab goes to /auth/idleness without a token', async ({
  context,
  request,
}) => {
  const account = await registerAccount(request, 'idle');
  await context.clock.install();
  const first = await context.newPage();
  await signedIn(first, account, '/auth/select-space');
  const second = await context.newPage();
  await second.goto('/auth/select-space');
  await expect(second.getByText(`Signed in as ${account.login}`)).toBeVisible();

  // Activity in one tab keeps both alive.
  await first.clock.runFor(20 * 60_000);
  await first.mouse.move(10, 10);
  await first.mouse.move(40, 40);
  // The activity reaches the other tab over BroadcastChannel (real time, not the fake clock).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await first.clock.runFor(20 * 60_000);
  await expect(second).toHaveURL(/\/auth\/select-space$/);

  // 30 minutes (system-state idle_timeout_minutes) without activity end the session everywhere.
  await first.clock.runFor(11 * 60_000);
  await expect(first).toHaveURL(/\/auth\/idleness$/);
  await expect(second).toHaveURL(/\/auth\/idleness$/);
  await expect(second.getByText(/more than 30 minutes of inactivity/)).toBeVisible();
  expect(await second.evaluate(() => localStorage.getItem('pw.token'))).toBeNull();
});

test('signing in in one tab takes the other tab from the sign-in screen to the space chooser', async ({
  context,
  request,
}) => {
  const account = await registerAccount(request, 'auth');
  const waiting = await context.newPage();
  await waiting.goto('/auth/login');
  const active = await context.newPage();
  await active.goto('/auth/login');
  await active.locator('input[name=login]').fill(account.login);
  await active.locator('input[name=password]').fill(account.password);
  await active.getByRole('button', { name: 'Sign in' }).click();
  await expect(active).toHaveURL(/\/auth\/select-space$/);
  await expect(waiting).toHaveURL(/\/auth\/select-space$/);
});

test('/auth/success adopts a token from the query and lands on the space chooser', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, 'ext');
  await page.goto(`/auth/success?token=${encodeURIComponent(account.token)}`);
  await expect(page).toHaveURL(/\/auth\/select-space$/);
  await expect(page.getByText(`Signed in as ${account.login}`)).toBeVisible();
});
