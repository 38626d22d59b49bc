// Copy a space from another deployment (issue 21; docs/admin.md "Remote spaces"): the spec starts
// a second product server (the source, with a remote-access token) on a free port of 127.0.0.1,
// makes a space with the demo schedule there, and in the e2e server's Administration screen an
// administrator lists the source's spaces by keyboard, copies that one, and opens the copy.
import { expect, test } from '@playwright/test';
import { registerAccount, signedIn, uniqueLogin } from './platform-helpers';
import { type SecondServer, startSecondServer } from './second-server';

const TOKEN = 'e2e-remote-access-token-0123456789';

test.describe('copy a space from another deployment', () => {
  test.setTimeout(300_000);
  let source: SecondServer;
  let base: string;

  test.beforeAll(async () => {
    // Starting a second product server takes minutes on a loaded 2-core machine.
    test.setTimeout(240_000);
    source = await startSecondServer('remote', {
      SEED_DEMO: '0',
      CLIENT_DIR: '',
      REMOTE_ACCESS_TOKEN: TOKEN,
    });
    base = source.base;
  });
  test.afterAll(() => {
    source?.stop();
  });

  test('an administrator lists the remote spaces and copies one', async ({ page, request }) => {
    // The source: an account, a space with the demo schedule.
    const login = uniqueLogin('src');
    const reg = await request.post(`${base}/api/v1/users/register-and-login`, {
      data: {
        login,
        email: `${login}@example.com`,
        first_name: 'Source',
        last_name: 'Owner',
        password: 'correct-horse-1',
        password_confirmation: 'correct-horse-1',
        secret_question: 'First site?',
        answer: 'Riverside',
      },
    });
    expect(reg.status(), await reg.text()).toBe(201);
    const auth = { authorization: `Bearer ${((await reg.json()) as { token: string }).token}` };
    const name = `Harbour ${login.slice(-5)}`;
    const made = await request.post(`${base}/api/v1/space/create`, { headers: auth, data: { name } });
    expect(made.status(), await made.text()).toBe(201);
    const sourceSpace = ((await made.json()) as { id: string }).id;
    const demo = await request.post(`${base}/api/v1/space/${sourceSpace}/demo`, { headers: auth });
    expect(demo.status(), await demo.text()).toBe(201);

    // The target (the e2e server): an administrator of their own space.
    const admin = await registerAccount(request, 'dst');
    const home = await request.post('/api/v1/space/create', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { name: 'Home office' },
    });
    const homeId = ((await home.json()) as { id: string }).id;
    await signedIn(page, admin, `/${homeId}/admin`);
    await page.getByRole('tab', { name: 'Copy from another deployment' }).click();

    // A wrong token: the source's refusal in words.
    await page.getByLabel('Address of the other deployment').fill(base);
    await page.getByLabel('Remote-access token').fill('not-the-right-token-000000000');
    await page.getByRole('button', { name: 'Show its spaces' }).click();
    await expect(page.getByText('The other deployment refused the token')).toBeVisible();

    // The right one, by keyboard: Enter in the token field sends the form.
    await page.getByLabel('Remote-access token').fill(TOKEN);
    await page.getByLabel('Remote-access token').press('Enter');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await page.screenshot({ path: '/tmp/r21/remote-list-en.png', fullPage: true });
    await row.getByRole('button', { name: `Copy ${name} here` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(new RegExp(`${name} copied — schedules: 1, rows: 474`))).toBeVisible({
      timeout: 60_000,
    });
    await page.screenshot({ path: '/tmp/r21/remote-done-en.png', fullPage: true });

    // The same screen in Russian.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await expect(
      page.getByRole('heading', { name: 'Скопировать пространство из другого развёртывания' }),
    ).toBeVisible();
    await page.screenshot({ path: '/tmp/r21/remote-done-ru.png', fullPage: true });

    // The copy opens, with the demo schedule's structure.
    await page.getByRole('link', { name: `Открыть ${name}` }).click();
    await expect(page.getByRole('treeitem').first()).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: '/tmp/r21/remote-opened.png' });
  });
});
