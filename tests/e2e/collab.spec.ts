// Chat and notices end to end (issue 26): two members in two browser contexts chat on a project —
// a message, a reaction, an edit — and the other sees the toast (bottom left, the first 40
// characters, a mail icon without an avatar) and the changes live; a mention produces a notice
// that shows on the rail's bell, in the notices drawer and in Home's open notices.
import { expect, test } from '@playwright/test';
import { api, registerAccount, scheduleInNewSpace, signedIn } from './platform-helpers';

test('two members chat on a project and a mention becomes a notice', async ({ browser, request }) => {
  const setup = await scheduleInNewSpace(request, 'chat');
  const bob = await registerAccount(request, 'bob');
  await api(
    request,
    setup.account,
    'POST',
    `/space/${setup.spaceId}/users/invite`,
    { login: bob.login },
    setup.spaceId,
  );

  const aliceCtx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const bobCtx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const alice = await aliceCtx.newPage();
  const bobPage = await bobCtx.newPage();
  await signedIn(alice, setup.account, `/${setup.spaceId}/home`);
  await signedIn(bobPage, bob, `/${setup.spaceId}/home`);
  await expect(bobPage.getByRole('heading', { name: 'Open notices' })).toBeVisible();

  // Alice opens the project's chat and writes.
  await alice.getByTestId('rail-chat').click();
  await alice.getByLabel('Chat of a node').selectOption({ label: 'Block C' });
  await expect(alice.getByRole('heading', { name: 'Block C' })).toBeVisible();
  const text = 'Concrete for the third floor slab arrives on Thursday at seven';
  await alice.getByLabel('Message (@login mentions a member)').fill(text);
  await alice.getByRole('button', { name: 'Send' }).click();
  await expect(alice.getByTestId('chat-message')).toContainText(text);

  // Bob gets the toast: bottom left, the first 40 characters, a mail icon (no avatar).
  const toast = bobPage.getByTestId('chat-toast');
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(text.slice(0, 40));
  await expect(toast).not.toContainText(text.slice(0, 41));
  await expect(toast.locator('.chat-toast__avatar--mail')).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.x).toBeLessThan(200);
  expect(box.y + box.height).toBeGreaterThan(700);
  await expect(bobPage.getByTestId('rail-chat')).toHaveAccessibleName('Chat (1)');
  await bobPage.screenshot({ path: '/tmp/collab-toast.png' });

  // Bob opens the chat from the toast and reacts; Alice sees the reaction live.
  await toast.locator('.chat-toast__body').click();
  const bobMsg = bobPage.getByTestId('chat-message').first();
  await expect(bobMsg).toContainText(text);
  await bobMsg.getByRole('button', { name: 'React' }).click();
  await bobMsg.getByRole('menuitem', { name: '👍' }).click();
  await expect(bobMsg.getByRole('button', { name: '👍 1' })).toHaveAttribute('aria-pressed', 'true');
  await expect(alice.getByTestId('chat-message').first().getByRole('button', { name: '👍 1' })).toBeVisible();
  await expect(bobPage.getByTestId('rail-chat')).toHaveAccessibleName('Chat');

  // Alice edits her message; Bob sees the new text live.
  const aliceMsg = alice.getByTestId('chat-message').first();
  await aliceMsg.getByRole('button', { name: 'Edit' }).click();
  await aliceMsg.getByRole('textbox', { name: 'Edit' }).fill('Concrete arrives on Friday at seven');
  await aliceMsg.getByRole('button', { name: 'Save' }).click();
  await expect(bobMsg).toContainText('Concrete arrives on Friday at seven');
  await expect(bobMsg).toContainText('edited');
  await alice.screenshot({ path: '/tmp/collab-chat.png' });

  // A mention notifies Bob: the bell counts it, the drawer and Home's open notices show it.
  await bobPage.getByRole('button', { name: 'Close' }).first().click();
  await alice.getByLabel('Message (@login mentions a member)').fill(`@${bob.login} please confirm the pump`);
  await alice.getByRole('button', { name: 'Send' }).click();
  await expect(bobPage.getByTestId('rail-notices')).toHaveAccessibleName('Notices (1)');
  await expect(bobPage.getByTestId('open-notice')).toContainText(
    `mentioned you: @${bob.login} please confirm`,
  );
  await bobPage.getByTestId('rail-notices').click();
  await expect(bobPage.getByTestId('notice').first()).toContainText('mentioned you');
  await expect(bobPage.getByTestId('rail-notices')).toHaveAccessibleName('Notices');
  await bobPage.screenshot({ path: '/tmp/collab-notices.png' });
  // Opening it checks it (it leaves the open notices) and opens the chat.
  await bobPage.getByTestId('notice').first().locator('.notice-item__open').click();
  await expect(bobPage.getByTestId('chat-message').last()).toContainText('please confirm the pump');
  await expect(bobPage.getByTestId('open-notice')).toHaveCount(0);

  // An unread message shows on the node in Bob's structure tree (the project, inside the site).
  // Bob closes the chat first: a message arriving in the chat he is reading is read at once.
  await bobPage.getByRole('button', { name: 'Close' }).first().click();
  await expect(bobPage.getByTestId('rail-chat')).toHaveAttribute('aria-pressed', 'false');
  await alice.getByLabel('Message (@login mentions a member)').fill('Pump booked for seven');
  await alice.getByRole('button', { name: 'Send' }).click();
  await expect(bobPage.getByTestId('rail-chat')).toHaveAccessibleName('Chat (1)');
  await bobPage.goto(`/${setup.spaceId}`);
  await bobPage.getByRole('tree').focus();
  await bobPage.keyboard.press('ArrowRight');
  const badge = bobPage.locator('[role=treeitem]', { hasText: 'Block C' }).getByTestId('tree-chat-unread');
  await expect(badge).toHaveText('1');
  await expect(badge).toHaveAccessibleName('Unread chat messages: 1');
  await bobPage.locator('.tree').screenshot({ path: '/tmp/collab-tree-unread.png' });

  // Delegation in the Profile page: Alice hands her rights on the project to Bob.
  await alice.goto(`/${setup.spaceId}/profile`);
  await alice.getByLabel('Member').selectOption({ label: 'Test Planner' });
  await alice.getByLabel('Scope').selectOption({ label: 'Block C' });
  await alice.getByRole('button', { name: 'Delegate' }).click();
  await expect(alice.locator('.delegation table').first()).toContainText('Block C');
  await expect(alice.locator('.delegation table').first()).toContainText('In force');
  await alice.locator('.delegation').screenshot({ path: '/tmp/collab-delegation.png' });
  await aliceCtx.close();
  await bobCtx.close();
});
