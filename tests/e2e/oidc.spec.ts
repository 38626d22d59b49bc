// Sign-in through OpenID Connect in Chromium (issue 21): the test starts a real OpenID provider
// (oidc-provider, as tests/server/oidc.test.ts) and a second product server configured for it
// (OIDC_* variables) on free ports of 127.0.0.1. A user whose email the provider's account carries
// owns a space; on the login page the user clicks "Sign in with single sign-on", signs in on the
// provider's login screen, consents, and is signed in as that user and enters the space (user mapping by email).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import Provider from 'oidc-provider';
import { expect, test } from '@playwright/test';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const EMAIL = `sso.${Date.now()}@example.test`;

test.describe('OpenID Connect sign-in', () => {
  test.setTimeout(240_000);
  let provider: Server;
  let product: ChildProcess;
  let base: string;
  let issuer: string;

  test.beforeAll(async () => {
    // Starting a second product server takes minutes on a loaded 2-core machine.
    test.setTimeout(240_000);
    const [pp, sp] = await Promise.all([freePort(), freePort()]);
    issuer = `http://127.0.0.1:${pp}`;
    base = `http://127.0.0.1:${sp}`;
    const p = new Provider(issuer, {
      clients: [
        {
          client_id: 'workbench-e2e',
          client_secret: 'workbench-e2e-secret-0123456789',
          redirect_uris: [`${base}/api/v1/auth/openid`],
        },
      ],
      cookies: { keys: ['oidc-e2e-cookie-key'] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      findAccount: (_ctx, id) => ({
        accountId: id,
        claims: () => ({
          sub: id,
          email: EMAIL,
          email_verified: true,
          given_name: 'Olga',
          family_name: 'Sso',
        }),
      }),
    });
    await new Promise<void>((resolve) => {
      provider = p.listen(pp, '127.0.0.1', () => resolve());
    });
    product = spawn('node', ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(sp),
        DATA_DIR: `data/e2e-oidc-${sp}`,
        E2E_FRESH: '1',
        LOGIN_RATE_LIMIT: '1000',
        PUBLIC_RATE_LIMIT: '1000',
        LICENCE_PUBLIC_KEY_FILE: 'tests/fixtures/licence/test-public-key.pem',
        OIDC_ISSUER: issuer,
        OIDC_CLIENT_ID: 'workbench-e2e',
        OIDC_CLIENT_SECRET: 'workbench-e2e-secret-0123456789',
        OIDC_REDIRECT_URI: `${base}/api/v1/auth/openid`,
      },
      stdio: 'ignore',
    });
    const until = Date.now() + 180_000;
    for (;;) {
      const ok = await fetch(`${base}/api/v1/health-check`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > until || product.exitCode !== null)
        throw new Error('the OIDC product server did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
  });
  test.afterAll(async () => {
    product?.kill('SIGTERM');
    await new Promise((r) => provider?.close(r));
  });

  test('a user signs in through the provider and lands in their space', async ({ page, request }) => {
    const login = `sso${Date.now()}`;
    const reg = await request.post(`${base}/api/v1/users/register-and-login`, {
      data: {
        login,
        email: EMAIL,
        first_name: 'Olga',
        last_name: 'Sso',
        password: 'correct-horse-1',
        password_confirmation: 'correct-horse-1',
        secret_question: 'First site?',
        answer: 'Riverside',
      },
    });
    expect(reg.status(), await reg.text()).toBe(201);
    const { token } = (await reg.json()) as { token: string };
    const space = await request.post(`${base}/api/v1/space/create`, {
      headers: { authorization: `Bearer ${token}` },
      data: { name: 'SSO site' },
    });
    expect(space.status(), await space.text()).toBe(201);
    const spaceId = ((await space.json()) as { id: string }).id;

    await page.goto(`${base}/auth/login`);
    await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
    // The provider's own screens (oidc-provider's development interactions): login, then consent.
    await expect(page).toHaveURL(new RegExp(`^${issuer}/`));
    await page.locator('input[name="login"]').fill('olga-sso');
    await page.locator('input[name="password"]').fill('any');
    await page.screenshot({ path: '/tmp/oidc-provider-login.png' });
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click(); // consent: "Continue"
    // Back in the product, signed in as the user the email maps to: the space chooser (a browser
    // without a last space) lists the user's space.
    await page.waitForURL((url) => url.origin === base && !url.pathname.startsWith('/auth/success'), {
      timeout: 30_000,
    });
    if (page.url().includes('/auth/select-space'))
      await page
        .getByRole('button', { name: /SSO site/ })
        .first()
        .click();
    await expect(page).toHaveURL(new RegExp(`^${base}/${spaceId}`));
    await page.screenshot({ path: '/tmp/oidc-signed-in.png' });
    const stored = await page.evaluate(() => localStorage.getItem('pw.token'));
    expect(stored).toBeTruthy();
    const who = await request.get(`${base}/api/v1/users/who-am-i`, {
      headers: { authorization: `Bearer ${stored}` },
    });
    expect(((await who.json()) as { login: string }).login).toBe(login);
  });
});
