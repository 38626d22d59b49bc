// The profile as a newcomer fills it in: a picture cropped to a square before it becomes the
// avatar, the privacy policy accepted once, and the resource a planner linked to them listed.
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { api, registerAccount, signedIn } from './platform-helpers';

test('crop an avatar, accept the privacy policy, see my resource', async ({ page, request }) => {
  const me = await registerAccount(request, 'prof');
  const space = await api<{ id: string }>(request, me, 'POST', '/space/create', { name: 'Profile space' });
  await api(
    request,
    me,
    'POST',
    '/resources/create',
    { name: 'Crane operator', specialty: 'Crane', user_id: me.userId },
    space.id,
  );
  await api(request, me, 'POST', '/resources/create', { name: 'Concrete pump' }, space.id);
  await signedIn(page, me, `/${space.id}/profile`);

  // A 600 × 300 picture: red on the left half, blue on the right.
  const picture = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#ff0000' } })
    .composite([
      {
        input: { create: { width: 300, height: 300, channels: 3, background: '#0000ff' } },
        left: 300,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
  await page.getByLabel('Upload').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
  const dialog = page.getByRole('dialog', { name: 'Crop the avatar' });
  await expect(dialog).toBeVisible();
  // Move the square to the left edge with the keyboard (it starts centred on the short side).
  const area = dialog.getByRole('img', { name: /Picture to crop/ });
  await area.focus();
  for (let i = 0; i < 12; i++) await area.press('ArrowLeft');
  await page.screenshot({ path: '/tmp/profile-crop.png' });
  await dialog.getByRole('button', { name: 'Save avatar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('img', { name: 'Avatar' })).toBeVisible();

  // The stored avatar is the square from the left edge: 256 × 256 and all red.
  const res = await request.get(`/api/v1/users/${me.userId}/avatar`, {
    headers: { authorization: `Bearer ${me.token}` },
  });
  expect(res.status()).toBe(200);
  const stored = sharp(await res.body());
  const meta = await stored.metadata();
  expect([meta.width, meta.height]).toEqual([256, 256]);
  const { channels } = await stored.stats();
  expect(channels[0]!.mean).toBeGreaterThan(240);
  expect(channels[2]!.mean).toBeLessThan(15);

  // The privacy policy, accepted once.
  await expect(page.getByText('You have not accepted the privacy policy yet.')).toBeVisible();
  await page.getByRole('button', { name: 'I accept the privacy policy' }).click();
  await expect(page.getByText(/^Accepted on /)).toBeVisible();
  const who = await api<{ privacy_policy_accepted_at: string | null }>(request, me, 'GET', '/users/who-am-i');
  expect(who.privacy_policy_accepted_at).not.toBeNull();

  // Only the resource that stands for me is listed, with its specialty.
  const mine = page.getByRole('table', { name: 'My resources in this space' });
  await expect(mine.getByRole('row')).toHaveCount(2);
  await expect(mine).toContainText('Crane operator');
  await expect(mine).toContainText('Crane');
  await page.screenshot({ path: '/tmp/profile.png', fullPage: true });
});
