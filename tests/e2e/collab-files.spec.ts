// Chat attachments end to end (issue 26): a member attaches a file to a message on a project's
// chat (paperclip → file picker), sees it pending with name and size, sends it; the other member
// sees the message live with the file's name and size and downloads it. The file goes in the same
// multipart create-message request as the text.
import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { api, registerAccount, scheduleInNewSpace, signedIn } from './platform-helpers';

test('a file sent in the chat shows its name and size and downloads', async ({ browser, request }) => {
  const setup = await scheduleInNewSpace(request, 'files');
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
  const bobCtx = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const alice = await aliceCtx.newPage();
  const bobPage = await bobCtx.newPage();
  await signedIn(alice, setup.account, `/${setup.spaceId}/home`);
  await signedIn(bobPage, bob, `/${setup.spaceId}/home`);

  // Both open the project's chat.
  for (const p of [alice, bobPage]) {
    await p.getByTestId('rail-chat').click();
    await p.getByLabel('Chat of a node').selectOption({ label: 'Block C' });
    await expect(p.getByRole('heading', { name: 'Block C' })).toBeVisible();
  }

  // Alice attaches a 3 KB text file through the paperclip's file picker.
  const content = `Pour sequence, level 3\n${'bay 1-4: 42 m3\n'.repeat(200)}`;
  const chooser = alice.waitForEvent('filechooser');
  await alice.getByRole('button', { name: 'Attach a file' }).click();
  await (
    await chooser
  ).setFiles({ name: 'pour-sequence.txt', mimeType: 'text/plain', buffer: Buffer.from(content) });
  const pending = alice.getByTestId('chat-pending-file');
  await expect(pending).toContainText('pour-sequence.txt');
  await expect(pending).toContainText('KB');
  await alice.getByLabel('Message (@login mentions a member)').fill('Sequence for Thursday attached');
  await alice.locator('.chat-composer').screenshot({ path: '/tmp/collab-files-pending.png' });
  // The message and its file go in one multipart create-message (spec §7), no separate upload.
  const uploads: string[] = [];
  alice.on('request', (r) => {
    if (r.url().includes('/attachments')) uploads.push(r.url());
  });
  const posted = alice.waitForRequest((r) => r.url().endsWith('/api/v1/chat/create-message'));
  await alice.getByRole('button', { name: 'Send' }).click();
  const createCall = await posted;
  expect(createCall.headers()['content-type']).toContain('multipart/form-data');
  await expect(pending).toHaveCount(0);
  expect(uploads).toEqual([]);
  const sent = alice.getByTestId('chat-message').last();
  await expect(sent).toContainText('Sequence for Thursday attached');
  await expect(sent.getByTestId('chat-file')).toContainText('pour-sequence.txt');
  await alice.screenshot({ path: '/tmp/collab-files-alice.png' });

  // Bob sees it live with name and size, and downloads it.
  const file = bobPage.getByTestId('chat-message').last().getByTestId('chat-file');
  await expect(file).toContainText('pour-sequence.txt');
  const kb = (Math.round((Buffer.byteLength(content) / 1024) * 10) / 10).toLocaleString('en-US');
  await expect(file).toContainText(`${kb} KB`);
  await bobPage.screenshot({ path: '/tmp/collab-files-bob.png' });
  const download = bobPage.waitForEvent('download');
  await file.click();
  const got = await download;
  expect(got.suggestedFilename()).toBe('pour-sequence.txt');
  expect(await readFile((await got.path())!, 'utf8')).toBe(content);
  await aliceCtx.close();
  await bobCtx.close();
});
