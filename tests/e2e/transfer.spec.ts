// Import and export in the browser: sign in as the demo user, upload a P6 XER through the version
// upload dialog, watch the progress bar, open the schedule, export the version to XLSX and
// download it. Screenshots go to /tmp/shots/.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';

const FIXTURE = path.resolve(process.env.FIXTURES_DIR ?? '../shared/fixtures', 'xer/p6_xernative_wk2_tp.xer');
const SHOTS = '/tmp/shots';

async function expand(page: Page, name: string) {
  const row = page.getByRole('treeitem', { name, exact: false }).first();
  await expect(row).toBeVisible();
  if ((await row.getAttribute('aria-expanded')) === 'false') await row.locator('.tree-row__toggle').click();
}

test('upload an XER through the dialog, open it, export it to XLSX', async ({ page }) => {
  test.skip(!existsSync(FIXTURE), `fixture ${FIXTURE} is absent`);
  test.setTimeout(120_000);

  await page.goto('/auth/login');
  await page.locator('input[name=login]').fill('demo');
  await page.locator('input[name=password]').fill('demo-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const demo = page.getByRole('button', { name: /Demo space/ });
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'));
  if (page.url().includes('/auth/select-space')) await demo.first().click();
  await expect(page.getByRole('tree')).toBeVisible();

  await expand(page, 'Riverside campus');
  await expand(page, 'Office block B2');
  await page.getByRole('treeitem', { name: 'Construction schedule' }).click();

  await page.getByRole('button', { name: 'Upload version' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles(FIXTURE);
  await expect(dialog.getByLabel('Version label')).toHaveValue('p6_xernative_wk2_tp');
  await dialog.getByLabel('Version label').fill('Imported from P6');
  await page.screenshot({ path: `${SHOTS}/transfer-1-dialog.png` });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

  // The bar appears and reaches 100 % (the final state may arrive before a screenshot).
  const bar = dialog.getByRole('progressbar');
  await expect(bar).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/transfer-2-progress.png` });
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  await expect(page.getByText('Import finished')).toBeVisible();
  // Done, the dialog says so instead of "Importing… 100 %".
  await expect(dialog.getByText('Version “Imported from P6” is ready')).toBeVisible();
  await expect(dialog.getByText(/Importing/)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/transfer-3-done.png` });

  await dialog.getByRole('button', { name: 'Open the schedule' }).click();
  await expect(page).toHaveURL(/\/schedule\/[0-9a-f-]+\?version=/);
  // An activity of the file shows in the workbench.
  await expect(page.getByText('BRICK WORK').first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/transfer-4-schedule.png` });

  await page.goBack();
  await expect(page.getByRole('tree')).toBeVisible();
  await expand(page, 'Construction schedule');
  await page.getByRole('treeitem', { name: 'Imported from P6' }).click();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.screenshot({ path: `${SHOTS}/transfer-5-export-menu.png` });
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Imported from P6.xlsx');
  const file = `${SHOTS}/Imported from P6.xlsx`;
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(page.getByText('Export finished')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/transfer-6-exported.png` });
});
