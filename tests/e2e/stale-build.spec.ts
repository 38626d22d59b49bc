// A tab opened before an upgrade asks for a screen's file of the old build, which the server no
// longer has (404): the page loads itself again once and the screen opens, instead of failing.
import { expect, test } from '@playwright/test';
import { api, registerAccount, signedIn } from './platform-helpers';

test('a screen whose build file is gone reloads the page once and opens', async ({ page, request }) => {
  const account = await registerAccount(request, 'stale');
  const space = await api<{ id: string }>(request, account, 'POST', '/space/create', { name: 'Upgrade' });
  await signedIn(page, account, `/${space.id}`);
  await expect(page.getByRole('heading', { name: 'Structure' })).toBeVisible();

  // Until the page loads again, the Attributes screen's file meets the upgraded server: not found.
  let loads = 0;
  page.on('load', () => loads++);
  let refused = 0;
  await page.route(/\/assets\/AttributesPage-[^/]+\.js$/, async (route) => {
    if (loads > 0) return route.continue();
    refused++;
    return route.fulfill({ status: 404, contentType: 'application/json', body: '{}' });
  });

  await page.getByRole('link', { name: 'Attributes' }).click();
  await expect(page.getByRole('heading', { name: 'Attributes' })).toBeVisible();
  expect(refused).toBeGreaterThan(0);
  expect(loads).toBe(1);
  await expect(page).toHaveURL(new RegExp(`/${space.id}/attributes$`));
});
