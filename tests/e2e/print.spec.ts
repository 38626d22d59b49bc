// Print and reports from the schedule screen: the toolbar's Print opens the dialog, A3 with a
// header prints a PDF whose page count, page size and header text are checked by a small reader
// (tests/support/pdf-reader.ts, not pdfkit); a report template uploaded from the dialog runs on
// the version and its XLSX holds the schedule's figures.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { readPdf } from '../support/pdf-reader';
import { openDemoSchedule } from './platform-helpers';

const A3 = [0, 0, 1190.551181, 841.889764];

test('prints the demo schedule on A3 with a header', async ({ page }) => {
  await openDemoSchedule(page);
  await page.getByTestId('print-open').click();
  const dialog = page.getByRole('dialog', { name: 'Print' });
  await expect(dialog.getByTestId('print-panel')).toBeVisible();
  await dialog.getByTestId('print-format').selectOption('A3');
  await dialog.getByTestId('header-default-center').fill('Site print {page} of {pages}');
  await expect(dialog.getByTestId('print-preview')).toBeVisible();
  const summary = dialog.getByTestId('print-count');
  await expect(summary).toContainText(/\d+ pages/);
  // The preview follows the header text: wait for the count after the edit to settle.
  await page.waitForTimeout(800);
  const pages = Number(/(\d+) pages/.exec((await summary.textContent()) ?? '')![1]);
  expect(pages).toBeGreaterThan(0);
  await expect(dialog.getByTestId('print-page-of')).toHaveText(`Page 1 of ${pages}`);
  await page.screenshot({ path: '/tmp/print-dialog.png' });

  const downloading = page.waitForEvent('download');
  await dialog.getByTestId('print-run').click();
  const file = await (await downloading).path();
  const pdf = readPdf(readFileSync(file!));
  expect(pdf.pages.length).toBe(pages);
  for (const p of pdf.pages) expect(p.mediaBox).toEqual(A3);
  expect(pdf.pages[0]!.text).toContain(`Site print 1 of ${pages}`);
  expect(pdf.pages.at(-1)!.text).toContain(`Site print ${pages} of ${pages}`);

  // The full print layout screen: /{space_id}/analytics/print/{version}/{format}.
  await dialog.getByRole('link', { name: 'Open print layout' }).click();
  await expect(page).toHaveURL(/\/analytics\/print\/[0-9a-f-]{36}\/A3$/);
  await expect(page.getByTestId('print-page').getByTestId('print-preview')).toBeVisible();
  await expect(page.getByTestId('print-format')).toHaveValue('A3');
  await page.screenshot({ path: '/tmp/print-page.png' });
});

test('adds the cyclogram as the last printed page and previews it', async ({ page }) => {
  await openDemoSchedule(page);
  await page.getByTestId('print-open').click();
  const dialog = page.getByRole('dialog', { name: 'Print' });
  const summary = dialog.getByTestId('print-count');
  await expect(summary).toContainText(/\d+ pages/);
  const pagesIn = async () => Number(/(\d+) pages/.exec((await summary.textContent()) ?? '')![1]);
  const before = await pagesIn();
  await dialog.getByTestId('print-cyclogram').check();
  await expect(summary).toContainText('and the cyclogram');
  // The count follows the settings (debounced): one page more.
  await expect.poll(pagesIn, { timeout: 20_000 }).toBe(before + 1);
  // The pickers default to the demo's Location by Work type; step to the last page.
  await expect(dialog.getByLabel('Locations from')).toHaveValue('Location');
  for (let p = 1; p <= before; p++) await dialog.getByRole('button', { name: 'Next page' }).click();
  await expect(dialog.getByTestId('print-page-of')).toHaveText(`Page ${before + 1} of ${before + 1}`);
  await expect(dialog.getByTestId('print-preview')).toBeVisible();
  await page.screenshot({ path: '/tmp/print-cyclogram.png' });
});

test('uploads a report template, runs it and opens the XLSX', async ({ page }) => {
  await openDemoSchedule(page);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Weekly');
  ws.addRow(['Schedule', '{{schedule}}']);
  ws.addRow(['Critical', '{{count_critical}}']);
  ws.addRow(['{{rows.critical}}{{row.code}}', '{{row.name}}', '{{row.finish}}']);
  const template = Buffer.from(await wb.xlsx.writeBuffer());

  await page.getByTestId('print-open').click();
  const dialog = page.getByRole('dialog', { name: 'Print' });
  const panel = dialog.getByTestId('reports-panel');
  await expect(panel.getByTestId('report-item').first()).toBeVisible();
  await panel.getByTestId('report-file').setInputFiles({
    name: 'weekly.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: template,
  });
  await panel.getByRole('textbox', { name: 'Report name' }).fill('Weekly critical');
  await panel.getByRole('button', { name: 'Upload template' }).click();
  const item = panel.getByTestId('report-item').filter({ hasText: 'Weekly critical' });
  await expect(item).toBeVisible();
  await page.screenshot({ path: '/tmp/print-reports.png' });

  const downloading = page.waitForEvent('download');
  await item.getByRole('button', { name: 'Run' }).click();
  const out = new ExcelJS.Workbook();
  await out.xlsx.readFile((await (await downloading).path())!);
  const sheet = out.worksheets[0]!;
  expect(sheet.getCell('B1').value).toBe('Construction schedule');
  const critical = Number(sheet.getCell('B2').value);
  expect(critical).toBeGreaterThan(0);
  for (let i = 0; i < critical; i++) {
    expect(String(sheet.getCell(`A${3 + i}`).value)).toMatch(/\S/);
    expect(sheet.getCell(`C${3 + i}`).value).toBeInstanceOf(Date);
  }
  expect(sheet.getCell(`A${3 + critical}`).value ?? null).toBeNull();
});

test("prints only the schedule filter's rows while its box is ticked", async ({ page }) => {
  await openDemoSchedule(page);
  // The schedule page with a filter in its address (as the dashboards' drill-down opens it).
  const url = new URL(page.url());
  url.searchParams.set('filter', JSON.stringify({ field: 'duration', op: 'gt', value: 5 }));
  await page.goto(url.toString());
  await expect(page.getByRole('grid').locator('[role=row][data-row="0"]')).toBeVisible();
  const rowsOf = (filtered: boolean) =>
    page.waitForResponse(
      (r) =>
        r.url().endsWith('/print/count') &&
        r.ok() &&
        ((r.request().postDataJSON() as { settings: { filter?: string | null } }).settings.filter != null) ===
          filtered,
    );
  const withFilter = rowsOf(true);
  await page.getByTestId('print-open').click();
  const dialog = page.getByRole('dialog', { name: 'Print' });
  await expect(dialog.getByTestId('print-use-filter')).toBeChecked();
  const filtered = ((await (await withFilter).json()) as { rows: number }).rows;
  const withoutFilter = rowsOf(false);
  await dialog.getByTestId('print-use-filter').uncheck();
  const all = ((await (await withoutFilter).json()) as { rows: number }).rows;
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(all);
  await page.screenshot({ path: '/tmp/print24e-filter-dialog.png' });
});

test("prints only the rows of the workbench's indicator filter (critical), as the grid shows them", async ({
  page,
}) => {
  // Tall enough for every filtered row to be painted (the grid draws only the rows in view).
  await page.setViewportSize({ width: 1500, height: 2600 });
  await openDemoSchedule(page);
  const url = new URL(page.url());
  await page.goto(`${url.pathname}?filter_indicator=critical`);
  const bar = page.locator('.wb-filterbar');
  await expect(bar).toContainText('Critical activities');
  await expect(page.locator('.wb-row-critical').first()).toBeVisible();
  await expect(bar).toContainText(/\d+ of \d+ rows/);
  const [shown, total] = /(\d+) of (\d+) rows/
    .exec((await bar.textContent()) ?? '')!
    .slice(1)
    .map(Number) as [number, number];
  expect(shown).toBeLessThan(total);
  const gridRows = page.getByRole('grid').locator('.wb-row');
  await expect(gridRows).toHaveCount(shown);
  // The activities the user sees: their codes (A1010 …), every one critical.
  const seen = await gridRows.evaluateAll((els) =>
    els
      .filter((el) => !el.className.includes('wb-row-sum'))
      .map((el) => ({
        code: el.querySelector('[role=gridcell]')?.textContent?.trim() ?? '',
        critical: el.className.includes('wb-row-critical'),
      })),
  );
  expect(seen.length).toBeGreaterThan(0);
  for (const r of seen) expect(r.critical, r.code).toBe(true);
  const codes = seen.map((r) => r.code).sort();
  for (const c of codes) expect(c).toMatch(/^A\d{4,}$/);

  await page.getByTestId('print-open').click();
  const dialog = page.getByRole('dialog', { name: 'Print' });
  await expect(dialog.getByTestId('print-use-filter')).toBeChecked();
  await expect(dialog.getByTestId('print-layout-sort')).toBeVisible();
  const summary = dialog.getByTestId('print-count');
  await expect(summary).toContainText(/\d+ pages/);
  await page.waitForTimeout(800);
  await dialog.screenshot({ path: '/tmp/print24f-dialog-en.png' });

  const downloading = page.waitForEvent('download');
  await dialog.getByTestId('print-run').click();
  const pdf = readPdf(readFileSync((await (await downloading).path())!));
  // Every activity code the PDF prints is one the grid shows, and every one it shows prints.
  const printed = [
    ...new Set(
      pdf.pages.flatMap((p) =>
        p.text
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => /^A\d{4,}$/.test(l)),
      ),
    ),
  ].sort();
  expect(printed).toEqual(codes);

  // The same dialog in Russian: the filter and layout sort boxes translated.
  await page.keyboard.press('Escape');
  await page.locator('.lang-select select').selectOption('ru');
  await page.getByTestId('print-open').click();
  const ru = page.getByRole('dialog');
  await expect(ru.getByText('Сортировка и группировка моей раскладки')).toBeVisible();
  await expect(ru.getByText('Только строки фильтра графика')).toBeVisible();
  await expect(ru.getByTestId('print-count')).toContainText(/\d+/);
  await page.waitForTimeout(800);
  await ru.screenshot({ path: '/tmp/print24f-dialog-ru.png' });
});

test("prints a quality check's rows set from the indicators view, as the grid shows them", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1500, height: 2600 });
  await openDemoSchedule(page);
  // The indicators view's "Show N rows" of check 1 (logic) opens the grid with filter_indicator.
  const url = new URL(page.url());
  await page.goto(`${url.pathname}/cyclogram`);
  await page.getByRole('tab', { name: 'Indicators' }).click();
  const link = page.locator('tr[data-indicator="logic"]').getByRole('button', { name: /Show \d+ rows/ });
  const flagged = Number((await link.textContent())!.match(/\d+/)![0]);
  await link.click();
  await expect(page).toHaveURL(/filter_indicator=logic/);
  await expect(page.locator('.wb-filterbar')).toContainText('1. Logic');
  const activities = page.getByRole('grid').locator('.wb-row:not(.wb-row-sum)');
  await expect(activities).toHaveCount(flagged);
  const codes = (
    await activities.evaluateAll((els) =>
      els.map((el) => el.querySelector('[role=gridcell]')?.textContent?.trim() ?? ''),
    )
  ).sort();

  await page.getByTestId('print-open').click();
  const dialog = page.getByRole('dialog', { name: 'Print' });
  await expect(dialog.getByTestId('print-use-filter')).toBeChecked();
  await expect(dialog.getByTestId('print-count')).toContainText(/\d+ pages/);
  const downloading = page.waitForEvent('download');
  await dialog.getByTestId('print-run').click();
  const pdf = readPdf(readFileSync((await (await downloading).path())!));
  const printed = [
    ...new Set(
      pdf.pages.flatMap((p) =>
        p.text
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => /^A\d{4,}$/.test(l)),
      ),
    ),
  ].sort();
  expect(printed).toEqual(codes);
});
