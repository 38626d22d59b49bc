// Batch processing and the comparison as XLSX: in a space with its own demo and a second schedule
// (a copy of the demo's version), "Calculate schedules…" on the project calculates both in one job
// and the report shows both done; then a comparison of two versions is exported and the download
// is an XLSX workbook (a zip starting with PK).
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { api, demoInNewSpace, expandNodes, signedIn } from './platform-helpers';

interface V {
  id: string;
  label: string;
}

test('calculate two schedules in one batch, export a comparison as XLSX', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { account, space, demo } = await demoInNewSpace(request, 'batch', 'Batch');
  const fitOut = await api<{ id: string }>(
    request,
    account,
    'POST',
    `/projects/${demo.project_id}/schedules/create`,
    { name: 'Fit-out' },
    space.id,
  );
  await api<V>(
    request,
    account,
    'POST',
    `/versions/${demo.version_id}/copy-to/${fitOut.id}`,
    { label: 'Fit-out plan' },
    space.id,
  );
  await api<V>(
    request,
    account,
    'POST',
    `/schedules/${demo.schedule_id}/versions/create`,
    { label: 'Update 1', copy_from_version_id: demo.version_id },
    space.id,
  );

  await signedIn(page, account, `/${space.id}`);
  await expandNodes(page, ['Riverside campus']);
  await page.getByRole('treeitem', { name: 'Office block B2' }).click();
  await page.getByRole('button', { name: 'Calculate schedules…' }).click();
  const dialog = page.getByRole('dialog', { name: /Calculate schedules of/ });
  const list = dialog.getByRole('list', { name: 'Schedules' });
  await expect(list).toContainText('Construction schedule');
  await expect(list).toContainText('Fit-out');
  // Fit-out's first version is empty: the copy is chosen instead.
  await list.getByRole('combobox', { name: 'Version of Fit-out' }).selectOption({ label: 'Fit-out plan' });
  const chosen = await list.getByRole('checkbox').count();
  expect(chosen).toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: '/tmp/batch-choose.png' });
  await dialog.getByRole('button', { name: 'Calculate', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText(/Finished: \d+ done, 0 failed, 0 stopped/, {
    timeout: 90_000,
  });
  const report = dialog.getByRole('list', { name: 'Schedules of the batch' });
  const items = report.getByRole('listitem');
  await expect(items).toHaveCount(chosen);
  await expect(report.locator('[data-state="done"]')).toHaveCount(chosen);
  await expect(report).toContainText('Construction schedule');
  await expect(report).toContainText('Fit-out — Fit-out plan');
  await page.screenshot({ path: '/tmp/batch-report.png' });
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // A comparison exported as XLSX.
  await expandNodes(page, ['Office block B2', 'Construction schedule']);
  await page.getByRole('treeitem', { name: 'Update 1' }).click();
  await page.getByRole('button', { name: 'Compare' }).click();
  const compare = page.getByRole('dialog', { name: 'Compare versions' });
  await compare
    .getByRole('combobox', { name: 'Compared against' })
    .selectOption({ label: 'Working schedule' });
  await compare.getByRole('button', { name: 'Compare' }).click();
  await expect(compare.getByTestId('compare-summary')).toContainText('0 added · 0 removed', {
    timeout: 60_000,
  });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    compare.getByRole('button', { name: 'Export to Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.includes(Buffer.from('xl/worksheets/sheet2.xml'))).toBe(true);
  await page.screenshot({ path: '/tmp/batch-compare.png' });
});
