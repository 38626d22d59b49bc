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
  await first.clock.runFor(20 * 60_000);
  await expect(second).toHaveURL(/\/auth\/select-space$/);

  // 30 minutes (system-state idle_timeout_minutes) without activity end the session everywhere.
  await first.clock.runFor(11 * 60_000);
  await expect(first).toHaveURL(/\/auth\/idleness$/);
  await expect(second).toHaveURL(/\/auth\/idleness$/);
  await expect(second.getByText(/more than 30 minutes of inactivity/)).toBeVisible();
  expect(await second.evaluate(() => localStorage.getItem('pw.token'))).toBeNull();
});
