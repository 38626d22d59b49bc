// The analytics dashboard of the demo schedule: opened from the structure tree, it draws the money
// S-curve's points; presets switch the view (period unit) and stay chosen; a click on a point of
// the curve opens the grid filtered to the rows of that period.
import { readFileSync, writeFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { readPdf } from '../support/pdf-reader';
import { expandNodes } from './platform-helpers';

const SHOTS = process.env.ANALYTICS_SHOTS;
const curve = (page: Page) => page.locator('[data-chart="money_curve"]');
const rows = (page: Page) => page.getByRole('grid').locator('.wb-row');

async function openDashboard(page: Page) {
  await page.goto('/auth/login');
  await page.locator('input[name=login]').fill('demo');
  await page.locator('input[name=password]').fill('demo-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'));
  if (page.url().includes('/auth/select-space'))
    await page
      .getByRole('button', { name: /Demo space/ })
      .first()
      .click();
  await expect(page.getByRole('tree')).toBeVisible();
  await expandNodes(page, ['Riverside campus', 'Office block B2']);
  await page.getByRole('treeitem', { name: 'Construction schedule' }).click();
  await page.getByRole('button', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/analytics\/schedule\//);
}

/** The x-axis labels of the money S-curve. */
const labels = (page: Page) =>
  curve(page)
    .locator('.highcharts-xaxis-labels text')
    .evaluateAll((els) => els.map((e) => e.textContent ?? ''));

test('the demo schedule dashboard: S-curve points, presets, a point opens the filtered grid', async ({
  page,
}) => {
  await openDashboard(page);
  await expect(page.getByRole('heading', { name: /Dashboard · Schedule/ })).toBeVisible();
  // Points drawn for plan and target (the demo has no progress yet: no earned money).
  await expect
    .poll(() => curve(page).locator('.highcharts-point').count(), { timeout: 20_000 })
    .toBeGreaterThan(20);
  await expect(page.locator('.analytics__tile', { hasText: 'Activities' })).toContainText('199');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/analytics-schedule.png`, fullPage: true });

  // Two presets: monthly, then weekly (saving one makes it active).
  const stamp = Date.now().toString(36);
  const unit = page.getByRole('combobox', { name: 'Period' });
  const preset = page.getByRole('combobox', { name: 'Preset' });
  const save = async (name: string) => {
    await page.getByRole('button', { name: 'Save as preset' }).click();
    await page.getByRole('textbox', { name: 'Preset name' }).fill(name);
    await page.getByRole('dialog').getByRole('button', { name: 'Save as preset' }).click();
    await expect(preset).toHaveValue(/.+/);
    await expect(preset.locator('option:checked')).toHaveText(name);
  };
  await unit.selectOption('month');
  await expect.poll(async () => (await labels(page))[0] ?? '').toMatch(/^[A-Z][a-z]{2} \d{4}$/);
  await save(`Monthly ${stamp}`);
  await unit.selectOption('week');
  await expect.poll(async () => (await labels(page))[0] ?? '').toMatch(/^\d\d\.\d\d\.\d\d$/);
  await save(`Weekly ${stamp}`);
  const planPoints = () => curve(page).locator('.highcharts-series-0 .highcharts-point').count();

  await preset.selectOption({ label: `Monthly ${stamp}` });
  await expect(unit).toHaveValue('month');
  await expect.poll(async () => (await labels(page))[0] ?? '').toMatch(/^[A-Z][a-z]{2} \d{4}$/);
  // Still chosen after a reload: the active preset is kept on the server.
  await page.reload();
  await expect(unit).toHaveValue('month');
  await expect.poll(planPoints, { timeout: 20_000 }).toBeGreaterThan(3);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/analytics-monthly.png`, fullPage: true });

  // A click on the second month's planned point opens the grid filtered to that month's rows.
  const point = curve(page).locator('.highcharts-series-0 .highcharts-point').nth(1);
  // Where it is drawn: the target's marker lies on it (same month), either opens that month.
  // Drawn once the chart has settled (after a reload it may redraw while the data arrives).
  let drawn: { x: number; y: number; width: number; height: number } | null = null;
  await expect
    .poll(async () => (drawn = await point.boundingBox()) !== null && drawn.width > 0, { timeout: 20_000 })
    .toBe(true);
  const box = drawn!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  // Highcharts takes the clicked point from the hover (a move first, as a hand does).
  await page.mouse.move(x - 5, y);
  await page.mouse.move(x, y, { steps: 3 });
  await page.waitForTimeout(200);
  await page.mouse.click(x, y);
  await expect(page).toHaveURL(/\/schedule\/[^?]+\?filter=/);
  const filter = JSON.parse(new URL(page.url()).searchParams.get('filter')!) as {
    conditions: { field: string; op: string; value: string }[];
  };
  expect(filter.conditions.map((c) => `${c.field} ${c.op}`)).toEqual(['type ne', 'start lt', 'finish gte']);
  const [, before, after] = filter.conditions;
  await expect(page.locator('.wb-filterbar')).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  // Every activity shown runs in that month (its dates as the grid shows them are not checked
  // here; the count is fewer than the schedule's 199).
  const shown = await rows(page).evaluateAll(
    (els) => els.filter((e) => !e.className.includes('wb-row-sum')).length,
  );
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(199);
  expect(before!.value > after!.value).toBe(true);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/analytics-grid.png` });
});

test('the dashboard prints through the print route: a server-made vector PDF on the chosen sheet', async ({
  page,
}) => {
  await openDashboard(page);
  await expect
    .poll(() => curve(page).locator('.highcharts-point').count(), { timeout: 20_000 })
    .toBeGreaterThan(20);
  await page.getByTestId('dashboard-print-link').click();
  await expect(page).toHaveURL(/\/analytics\/print\/dashboard\.schedule\.[0-9a-f-]{36}\/A4$/);
  const panel = page.getByTestId('dashboard-print');
  await expect(panel.getByTestId('dashboard-print-format')).toHaveValue('A4');
  // A Cyrillic header with a dynamic value; the count and the page image follow it.
  await panel.getByTestId('header-default-left').fill('Панель графика: {schedule}');
  await page.waitForTimeout(800);
  const summary = panel.getByTestId('dashboard-print-count');
  await expect(summary).toContainText(/\d+ pages on A4, 2 charts per row/);
  const pages = Number(/(\d+) pages/.exec((await summary.textContent()) ?? '')![1]);
  expect(pages).toBeGreaterThan(1);
  await expect(panel.getByTestId('print-page-of')).toHaveText(`Page 1 of ${pages}`);
  await expect(panel.getByTestId('print-preview')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-print.png`, fullPage: true });

  // Print PDF runs the print job and downloads its file: the pages the count said, each A4
  // landscape, the header and the charts' titles as text.
  const downloading = page.waitForEvent('download');
  await panel.getByTestId('dashboard-print-run').click();
  const file = await (await downloading).path();
  const raw = readFileSync(file!);
  if (SHOTS) writeFileSync(`${SHOTS}/dashboard-print.pdf`, raw);
  const pdf = readPdf(raw);
  expect(pdf.pages.length).toBe(pages);
  for (const p of pdf.pages) {
    expect(Math.abs(p.mediaBox[2]! - 841.89)).toBeLessThan(0.01);
    expect(Math.abs(p.mediaBox[3]! - 595.28)).toBeLessThan(0.01);
  }
  expect(pdf.pages[0]!.text).toContain('Панель графика: Construction schedule');
  expect(pdf.pages[0]!.text).toContain('Money: S-curve');
  expect(pdf.pages.at(-1)!.text).toContain(`Page ${pages} of ${pages}`);
  expect(raw.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);

  // Another sheet from the list: the route follows, three charts a row on A3.
  await panel.getByTestId('dashboard-print-format').selectOption('A3');
  await expect(page).toHaveURL(/\/A3$/);
  await expect(summary).toContainText(/on A3, 3 charts per row/);

  // In Russian: the panel's texts and the server's drawing.
  const preview = panel.getByTestId('print-preview');
  await expect.poll(() => preview.getAttribute('src')).toBeTruthy();
  const before = await preview.getAttribute('src');
  await page.locator('.lang-select select').selectOption('ru');
  // The server draws the page again in Russian.
  await expect.poll(() => preview.getAttribute('src')).not.toBe(before);
  await expect(panel.getByText('Печать панели · График')).toBeVisible();
  await expect(summary).toContainText(/лист A3, диаграмм в ряд: 3/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-print-ru.png`, fullPage: true });
});

test('an unknown scope says so', async ({ page }) => {
  await openDashboard(page);
  const url = new URL(page.url());
  await page.goto(url.pathname.replace(/analytics\/schedule\//, 'analytics/galaxy/'));
  await expect(page.getByText('Unknown scope “galaxy”')).toBeVisible();
});

test("a project's breakdown: bars named by the schedules, a bar opens that schedule's filtered grid", async ({
  page,
}) => {
  await openDashboard(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Office block B2' }).click();
  await expect(page).toHaveURL(/\/analytics\/project\//);
  const breakdown = page.locator('[data-chart="children"]');
  await expect(breakdown).toContainText('Breakdown: planned money by schedule');
  await expect(breakdown).toContainText('Click a bar');
  // The legend names the schedule, not its id; the series are bars.
  await expect(breakdown.locator('.highcharts-legend')).toContainText('Construction schedule');
  await expect(breakdown.locator('.highcharts-legend')).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  const bars = breakdown.locator('.highcharts-column-series .highcharts-point');
  await expect.poll(() => bars.count(), { timeout: 20_000 }).toBeGreaterThan(3);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/analytics-project.png`, fullPage: true });
    await breakdown.screenshot({ path: `${SHOTS}/analytics-project-breakdown.png` });
  }
  await bars.nth(2).click({ force: true });
  await expect(page).toHaveURL(/\/schedule\/[0-9a-f-]+\?filter=/);
  await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
});
