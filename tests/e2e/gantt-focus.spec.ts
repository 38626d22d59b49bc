// The Gantt beside the grid: keyboard shortcuts keep working after a Gantt gesture (Ctrl+Z right
// after dragging a bar undoes the drag; Ctrl+- zooms after a click on the chart), and the chart's
// rows stay level with the grid's rows when the chart's wheel scrolls to the very end.
import { type Page, expect, test } from '@playwright/test';
import { barOf } from './gantt-helpers';
import { openDemoSchedule } from './platform-helpers';

const grid = (page: Page) => page.getByRole('grid');
const chart = (page: Page) => page.getByTestId('gantt-interactive');
const scale = (page: Page) => page.getByRole('combobox', { name: 'Scale' });
/** The texts of a grid row's cells, joined. */
const rowText = (page: Page, row: number) =>
  grid(page)
    .locator(`[data-row="${row}"] [role=gridcell]`)
    .allInnerTexts()
    .then((cells) => cells.join(' | '));

test('Ctrl+Z right after dragging a bar undoes the drag; zoom keys work after a click on the chart', async ({
  page,
}) => {
  await openDemoSchedule(page);
  await scale(page).selectOption('week');
  // A task row of the site works chain, with its bar in view.
  const row = 12;
  await expect.poll(() => barOf(page, row)).not.toBeNull();
  const before = await rowText(page, row);
  const bar = (await barOf(page, row))!;
  const x = (bar.x0 + bar.x1) / 2;

  await page.mouse.move(x, bar.y);
  await page.mouse.down();
  await page.mouse.move(x + 40, bar.y, { steps: 5 });
  await page.mouse.move(x + 80, bar.y, { steps: 5 });
  // The readout says where the bar will land while it moves.
  await expect(page.getByTestId('gantt-readout')).toContainText('Start');
  await page.mouse.up();
  await expect.poll(() => rowText(page, row)).not.toBe(before);
  await expect(chart(page)).toBeFocused();

  await page.keyboard.press('Control+z');
  await expect.poll(() => rowText(page, row)).toBe(before);

  // A click on empty chart space keeps the keyboard: Ctrl+- zooms out to months.
  const box = (await chart(page).boundingBox())!;
  await page.mouse.click(box.x + box.width - 40, box.y + box.height - 40);
  await expect(chart(page)).toBeFocused();
  for (let i = 0; i < 4; i++) await page.keyboard.press('Control+-');
  await expect(scale(page)).toHaveValue('month');
});

test.describe('at 1600 × 900, where the chart shows the whole demo schedule at the quarter scale', () => {
  test.use({ viewport: { width: 1600, height: 900 } });

  test('the chart scrolled to the end by its own wheel keeps its rows level with the grid', async ({
    page,
  }) => {
    await openDemoSchedule(page);
    await scale(page).selectOption('quarter');
    const rows = Number(await grid(page).getAttribute('aria-rowcount')) - 1;
    const box = (await chart(page).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 40; i++) await page.mouse.wheel(0, 400);
    // The grid followed to its end: the last row is in view.
    await expect(grid(page).locator(`[data-row="${rows - 1}"]`)).toBeInViewport();
    await page.waitForTimeout(300);

    // The chart ends where the grid's last row ends, and each bar sits in its grid row.
    const chartBox = (await chart(page).boundingBox())!;
    const last = (await barOf(page, rows - 1))!;
    expect(Math.abs(chartBox.y + chartBox.height - last.rowBottom)).toBeLessThanOrEqual(1);
    for (const r of [rows - 1, rows - 2, rows - 3]) {
      const b = (await barOf(page, r))!;
      expect(b, `row ${r}`).not.toBeNull();
      expect(b.top, `row ${r} top`).toBeGreaterThanOrEqual(b.rowTop);
      expect(b.bottom, `row ${r} bottom`).toBeLessThanOrEqual(b.rowBottom);
      expect(Math.abs(b.y - (b.rowTop + b.rowBottom) / 2), `row ${r} centre`).toBeLessThanOrEqual(4);
    }
  });
});
