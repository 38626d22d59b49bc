// A chat's own notice channels (issue 26): a member chooses, in the open chat's settings, that
// this chat's mentions reach them by corporate mail only; the choice is stored (it is there
// after a reload) and "As in my profile" puts the profile's channels back.
import { expect, test } from '@playwright/test';
import { scheduleInNewSpace, signedIn } from './platform-helpers';

test("a member sets a chat's own notice channels and they are kept", async ({ page, request }) => {
  const setup = await scheduleInNewSpace(request, 'chatch');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedIn(page, setup.account, `/${setup.spaceId}/home`);
  const openChat = async () => {
    await page.getByTestId('rail-chat').click();
    await page.getByLabel('Chat of a node').selectOption({ label: 'Block C' });
    await expect(page.getByRole('heading', { name: 'Block C' })).toBeVisible();
    await page.getByRole('button', { name: 'Notices of this chat' }).click();
  };
  await openChat();
  const box = page.getByTestId('chat-channels');
  await expect(box.getByLabel('As in my profile')).toBeChecked();
  await box.getByLabel('Chosen for this chat').check();
  await expect(box.getByLabel('On the site')).toBeChecked();
  await box.getByLabel('Corporate mail').check();
  await box.getByLabel('On the site').uncheck();
  await expect(box.getByLabel('On the site')).not.toBeChecked();
  await expect(box.getByLabel('Corporate mail')).toBeChecked();
  await page.screenshot({ path: test.info().outputPath('chat-channels.png') });

  // The chat is read again after its history; that read is answered late here, after the change
  // below, and must not put back the settings it read before it.
  const chatRead = /\/api\/v1\/chat\/[0-9a-f-]{36}$/;
  await page.route(chatRead, async (route) => {
    const response = await route.fetch();
    await new Promise((r) => setTimeout(r, 3000));
    await route.fulfill({ response });
  });
  const lateRead = page.waitForResponse(chatRead);
  await page.reload();
  await openChat();
  await expect(box.getByLabel('Chosen for this chat')).toBeChecked();
  await expect(box.getByLabel('Corporate mail')).toBeChecked();
  await expect(box.getByLabel('On the site')).not.toBeChecked();
  await box.getByLabel('As in my profile').check();
  await expect(box.getByLabel('Corporate mail')).toHaveCount(0);
  await lateRead;
  await expect(box.getByLabel('As in my profile')).toBeChecked();
  await expect(box.getByLabel('Corporate mail')).toHaveCount(0);
  await page.reload();
  await openChat();
  await expect(box.getByLabel('As in my profile')).toBeChecked();
});
