// A space's own token for copies to another deployment (issue 21, remote spaces, source side): an
// administrator issues one on the Administration screen, sees it once, the source's export call
// shows this space only with it, and a revoked token opens nothing. Then the tab in Russian.
import { expect, test } from '@playwright/test';
import { scheduleInNewSpace, signedIn } from './platform-helpers';

test('an administrator issues a token for copies of the space, and revokes it', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'rtok');
  await signedIn(page, s.account, `/${s.spaceId}/admin?tab=remote`);
  const panel = page.getByRole('region', { name: 'Tokens for copies of this space' });
  await expect(panel.getByText('No tokens issued for this space.')).toBeVisible();
  await panel.getByLabel('Issued to').fill('Partner office');
  await panel.getByRole('button', { name: 'Issue a token' }).click();
  const value = panel.getByRole('textbox', { name: 'New token' });
  await expect(value).toHaveValue(/^pws_/);
  const token = await value.inputValue();
  await expect(panel.locator('tr[data-token]')).toContainText('Partner office');
  await expect(panel.locator('tr[data-token]')).toContainText('never');
  await panel.locator('tr[data-token]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/remote-tokens-en.png' });

  // The source's export call: this space, and only it.
  const listed = await request.get('/api/v1/remote/export/spaces', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(listed.status()).toBe(200);
  expect(((await listed.json()) as { spaces: { id: string }[] }).spaces.map((x) => x.id)).toEqual([
    s.spaceId,
  ]);

  // Revoked (confirmed in the dialog), it opens nothing.
  await panel.getByRole('button', { name: 'Revoke the token of Partner office' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /OK|Yes|Confirm|Delete/ })
    .click();
  await expect(panel.getByText('No tokens issued for this space.')).toBeVisible();
  const after = await request.get('/api/v1/remote/export/spaces', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect([401, 404]).toContain(after.status());

  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(page.getByRole('heading', { name: 'Токены для копий этого пространства' })).toBeVisible();
  await page.screenshot({ path: 'test-results/remote-tokens-ru.png' });
});
