// Issue 27's flow from the screens: the demo schedule's version exported as CSV, one task made 20
// working days longer (the contractor's update), uploaded with "Import files…" (one batch job, the file
// into the demo schedule), compared with the previous version — summary, slipped rows marked, the
// Gantt column's slip — exported as XLSX, made the target; then the guide from the top bar.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { api, demoInNewSpace, expandNodes, signedIn } from './platform-helpers';

test('upload an updated demo version in a batch, compare it, export, make it target; open the guide', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { account, space, demo } = await demoInNewSpace(request, 'vflow', 'Flow');
  const file = await api<{ id: string }>(
    request,
    account,
    'POST',
    `/versions/${demo.version_id}/export/csv`,
    undefined,
    space.id,
  );
  const res = await request.get(`/api/v1/storage/download/${file.id}`, {
    headers: { authorization: `Bearer ${account.token}`, 'space-id': space.id },
  });
  expect(res.ok()).toBe(true);
  const lines = (await res.text()).split(/\r?\n/);
  const sep = lines[0]!.includes(';') ? ';' : ',';
  const head = lines[0]!.split(sep);
  const dur = head.findIndex((h) => /duration/i.test(h));
  const type = head.findIndex((h) => /^type$/i.test(h.trim()));
  expect(dur).toBeGreaterThanOrEqual(0);
  // The first task with a plain duration gets 20 more working days (the file counts hours).
  const at = lines.findIndex((l, i) => {
    if (i === 0 || !l) return false;
    const cells = l.split(sep);
    return (
      /^\d+(\.\d+)?$/.test(cells[dur] ?? '') &&
      Number(cells[dur]) > 0 &&
      (type < 0 || /task/i.test(cells[type] ?? ''))
    );
  });
  expect(at).toBeGreaterThan(0);
  const cells = lines[at]!.split(sep);
  const more = /\(h\)/.test(head[dur]!) ? 160 : 20;
  cells[dur] = String(Number(cells[dur]) + more);
  // The remaining duration drives the dates of a stored version: it grows as much.
  const rem = head.findIndex((h) => /^remaining/i.test(h.trim()));
  if (rem >= 0 && /^\d+(\.\d+)?$/.test(cells[rem] ?? '')) cells[rem] = String(Number(cells[rem]) + more);
  lines[at] = cells.join(sep);
  const updated = lines.join('\n');

  await signedIn(page, account, `/${space.id}`);
  await expandNodes(page, ['Riverside campus']);
  await page.getByRole('treeitem', { name: 'Office block B2' }).click();
  await page.getByRole('button', { name: 'Import files…' }).click();
  const dialog = page.getByRole('dialog', { name: /Import files into schedules of/ });
  await dialog
    .getByLabel('File for Construction schedule')
    .setInputFiles({ name: 'Update 2.csv', mimeType: 'text/csv', buffer: Buffer.from(updated) });
  await page.screenshot({ path: '/tmp/vflow-import.png' });
  await dialog.getByRole('button', { name: 'Import 1 file' }).click();
  await expect(dialog.getByRole('status')).toContainText('Finished: 1 done, 0 failed, 0 stopped', {
    timeout: 120_000,
  });
  await expect(dialog.getByRole('list', { name: 'Schedules of the batch' })).toContainText(
    'Construction schedule — Update 2.csv',
  );
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  await expandNodes(page, ['Office block B2', 'Construction schedule']);
  await page.getByRole('treeitem', { name: 'Update 2' }).click();
  await page.getByRole('button', { name: 'Compare' }).click();
  const compare = page.getByRole('dialog', { name: 'Compare versions' });
  await compare
    .getByRole('combobox', { name: 'Compared against' })
    .selectOption({ label: 'Working schedule' });
  await compare.getByRole('button', { name: 'Compare' }).click();
  const summary = compare.getByTestId('compare-summary');
  await expect(summary).toContainText(/Finish moved by \d+(\.\d+)? days/, { timeout: 90_000 });
  await expect(summary).toContainText(/[1-9]\d* activities slipped more than 5 days/);
  await compare.getByRole('radio', { name: 'Slipped' }).click();
  const grid = compare.getByRole('table');
  await expect(grid.locator('.vc-row-changed').first()).toBeVisible();
  await expect(grid.locator('.vc-c-slip.vc-late').first()).toContainText(/^\+\d/);
  await expect(grid.locator('[data-slip="late"]').first()).toBeVisible();
  await compare.getByRole('combobox', { name: 'Changed field' }).selectOption({ label: 'duration' });
  // The lengthened task itself is the one whose duration changed.
  await expect(grid.locator('.vc-row:not(.vc-head) .vc-c-duration.vc-changed').first()).toBeVisible();
  await compare.getByRole('combobox', { name: 'Changed field' }).selectOption({ label: 'any' });
  await page.screenshot({ path: '/tmp/vflow-compare.png' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    compare.getByRole('button', { name: 'Export to Excel' }).click(),
  ]);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  await compare.getByRole('button', { name: 'Close' }).first().click();

  await page.getByRole('treeitem', { name: 'Update 2' }).click();
  await page.getByRole('button', { name: 'Make target' }).click();
  await expect
    .poll(async () => {
      const list = await api<{ id: string; label: string; kind: string }[]>(
        request,
        account,
        'GET',
        `/schedules/${demo.schedule_id}/versions`,
        undefined,
        space.id,
      );
      return list.find((v) => v.label === 'Update 2')?.kind;
    })
    .toBe('target');

  await page.getByTestId('open-guide').click();
  const guide = page.getByRole('dialog', { name: 'User guide' });
  await expect(guide.getByRole('heading', { name: 'Comparing versions' })).toBeVisible();
  await expect(guide.getByRole('navigation', { name: 'Contents' }).getByRole('link')).toHaveCount(13);
  await page.screenshot({ path: '/tmp/vflow-guide.png' });
});
