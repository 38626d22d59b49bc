// Kerberos on the login page (issue 21): a second product server with KERBEROS_KEYTAB set offers
// "Sign in with Kerberos"; Chromium here has no Kerberos ticket, so following it ends on the server's
// 401 page (WWW-Authenticate: Negotiate) saying "User is not authorized" and why. The sign-in with a
// real ticket is tested against an MIT KDC in tests/server/auth-kerberos.test.ts (curl --negotiate).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { writeKeytab } from '../../src/server/auth/kerberos/keytab';
import { type SecondServer, startSecondServer } from './second-server';

test.describe('Kerberos sign-in offered on the login page', () => {
  test.setTimeout(240_000);
  let product: SecondServer;
  let base: string;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const keytab = path.join(mkdtempSync(path.join(tmpdir(), 'krb-e2e-')), 'http.keytab');
    writeFileSync(
      keytab,
      writeKeytab([
        {
          realm: 'TEST.LOCAL',
          components: ['HTTP', '127.0.0.1'],
          nameType: 3,
          timestamp: new Date(),
          kvno: 1,
          etype: 18,
          key: Buffer.alloc(32, 1),
        },
      ]),
    );
    product = await startSecondServer('krb', { KERBEROS_KEYTAB: keytab });
    base = product.base;
  });
  test.afterAll(() => {
    product?.stop();
  });

  test('the button leads to the 401 Negotiate page when the browser has no ticket', async ({ page }) => {
    await page.goto(`${base}/auth/login`);
    const button = page.getByRole('link', { name: 'Sign in with Kerberos (Windows domain)' });
    await expect(button).toBeVisible();
    await page.screenshot({ path: '/tmp/kerberos-login-en.png' });
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await expect(page.getByRole('link', { name: 'Войти через Kerberos (домен Windows)' })).toBeVisible();
    await page.screenshot({ path: '/tmp/kerberos-login-ru.png' });

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/kerberos'));
    await page.getByRole('link', { name: 'Войти через Kerberos (домен Windows)' }).click();
    const res = await answer;
    expect(res.status()).toBe(401);
    expect(res.headers()['www-authenticate']).toBe('Negotiate');
    await expect(page.locator('h1')).toHaveText(/User is not authorized|Пользователь не авторизован/);
    await expect(page.locator('[data-code="kerberos.no_ticket"]')).toBeVisible();
    await page.screenshot({ path: '/tmp/kerberos-401.png' });
    await page.getByRole('link', { name: /Back to sign-in|Вернуться ко входу/ }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});
