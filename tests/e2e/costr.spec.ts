// What an estimator does (issue 28): create an estimate for a schedule version, paste a 20×6
// matrix from Excel, see the totals with the overhead and VAT coefficients, fix a compliance
// violation from its link, link the positions to WBS rows by code, update the costs and see the
// version's money S-curve appear.
import { randomUUID } from 'node:crypto';
import { type Page, expect, test } from '@playwright/test';
import { addRowsByApi, api, scheduleInNewSpace, signedIn } from './platform-helpers';

function row(id: string, orderKey: string, code: string, volume: number) {
  return {
    id,
    parentId: null,
    orderKey,
    nodeType: 'work',
    name: `Work ${code}`,
    code,
    calendarId: null,
    duration: 480 * 3,
    remaining: null,
    startLimitType: null,
    startLimitDate: null,
    finishLimitType: null,
    finishLimitDate: null,
    actualStart: null,
    actualFinish: null,
    percentComplete: 0,
    volume,
    price: null,
    color: null,
    attributes: {},
  };
}

async function pasteText(page: Page, text: string) {
  await page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', t);
    document.activeElement!.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }),
    );
  }, text);
}

test('paste 20×6 into a new estimate, totals with coefficients, fix a violation, link, update costs', async ({
  page,
  request,
}) => {
  const s = await scheduleInNewSpace(request, 'costr');
  const as = <T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown) =>
    api<T>(request, s.account, method, path, data, s.spaceId);
  const [version] = await as<{ id: string; revision: number }[]>(
    'GET',
    `/schedules/${s.scheduleId}/versions`,
  );
  const codes = Array.from({ length: 20 }, (_, i) => `P-${String(i + 1).padStart(2, '0')}`);
  const rows = codes.map((c, i) => row(randomUUID(), `a${String(i).padStart(2, '0')}`, c, i + 1));
  await addRowsByApi(request, s, version!, rows);
  await as('PATCH', `/versions/${version!.id}/timetable/calculate/synchronous`);

  await signedIn(page, s.account, `/${s.spaceId}/costr`);
  await page.getByRole('textbox', { name: 'New estimate name' }).fill('Block C works');
  await page.getByRole('combobox', { name: 'Schedule version' }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Create' }).click();
  const grid = page.getByRole('grid', { name: 'Block C works' });
  await expect(grid).toBeVisible();

  // 20 rows × code, name, measure, quantity, labour and machines price; row 5 has no measure.
  const matrix = codes
    .map((c, i) => [c, `Work ${c}`, i === 4 ? '' : 'м3', String(i + 1), '10', '5'].join('\t'))
    .join('\n');
  await grid.click();
  const saved = page.waitForResponse(
    (r) => r.url().includes('/costr/estimates/') && r.url().endsWith('/edit') && r.ok(),
  );
  await pasteText(page, matrix);
  await saved;
  await expect(grid.locator('[role=row][data-row]')).toHaveCount(21);
  // Base 15 × (1 + … + 20) = 3150; overhead 1.12 then VAT 1.20 on each component: 4233.60.
  await expect(page.locator('[data-total=total]')).toHaveText(/4233\.60/);
  await expect(page.locator('[data-total=hours]')).toHaveText(/0\.00/);

  // The missing measure is a violation; its link selects the cell, typing fixes it.
  const violation = page.getByRole('button', { name: /P-05: Measure is required/ });
  await expect(violation).toBeVisible();
  await page.screenshot({ path: '/tmp/costr-pasted.png' });
  await violation.click();
  await page.keyboard.type('m3');
  await page.keyboard.press('Enter');
  await expect(page.getByText('No violations.')).toBeVisible();
  await expect(grid.locator('[data-row="4"] [data-col=measure]')).toHaveText('m3');

  // A bad cell is refused on its own; undo and redo come from the server.
  await grid.locator('[data-row="0"] [data-col=quantity]').click();
  await pasteText(page, 'lots');
  await expect(page.getByText(/Row 1, Quantity: lots — not a number/)).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(grid.locator('[data-row="4"] [data-col=measure]')).toHaveText('');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(grid.locator('[data-row="4"] [data-col=measure]')).toHaveText('m3');

  await expect(page.getByText('No costs written yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Link by code' }).click();
  await expect(page.getByText('20 positions linked')).toBeVisible();
  await expect(grid.locator('[data-row="19"] [data-col=wbs]')).toHaveText('P-20');
  await page.getByRole('button', { name: 'Update costs' }).click();
  await expect(page.getByText(/Costs updated: 20 rows, 4233\.60 total/)).toBeVisible();
  await expect(page.getByText('20 rows with costs, 0 stale')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Money S-curve of the version' })).toHaveAttribute(
    'data-last',
    '4233.6',
  );
  await page.screenshot({ path: '/tmp/costr-costs.png' });

  // The rows hold the cost now.
  const content = await as<{ items: { code: string; price: number | null }[] }>(
    'GET',
    `/versions/${version!.id}/wbs`,
  );
  expect(content.items.find((i) => i.code === 'P-20')!.price).toBe(403.2);
});
