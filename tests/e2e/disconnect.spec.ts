// Losing the server: the live socket keeps failing and the health check cannot reach the server,
// so the app shows /disconnect; it counts down, retries at 0, and goes back once the server answers.
import { expect, test } from '@playwright/test';
import { api, registerAccount, signedIn } from './platform-helpers';

test('an unreachable server leads to /disconnect and back to the same screen', async ({ page, request }) => {
  test.setTimeout(90_000);
  const account = await registerAccount(request, 'down');
  const space = await api<{ id: string }>(request, account, 'POST', '/space/create', { name: 'Down space' });

  // The socket is refused (closed at once) and the health check cannot connect.
  await page.routeWebSocket(/\/api\/v1\/events/, (ws) => ws.close());
  await page.route('**/api/v1/health-check', (route) => route.abort('connectionrefused'));

  await signedIn(page, account, `/${space.id}`);
  await expect(page).toHaveURL(/\/disconnect$/, { timeout: 15_000 });
  const button = page.getByRole('button', { name: /Reconnect|Checking/ });
  await expect(button).toBeDisabled();

  // The first automatic attempt at 0 fails (still down) and the count starts again.
  await expect(page.getByText('The server still does not answer.')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/disconnect$/);

  // The server is back: the next attempt returns to the space.
  await page.unroute('**/api/v1/health-check');
  await expect(page).toHaveURL(new RegExp(`/${space.id}$`), { timeout: 15_000 });
});
