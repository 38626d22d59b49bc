// The cyclogram beside the grid on the demo schedule, as a planner uses it: switch it on from the
// toolbar, step to a work with the keyboard (its row is selected in the grid), select a floor in
// the grid (its works light up), drag a work two weeks later (the grid's start moves, the row
// gets a "not earlier than" limit, Ctrl+Z puts it back), and open it from the views page.
import { type Page, expect, test } from '@playwright/test';
import { demoInNewSpace, openDemoSchedule, signedIn } from './platform-helpers';

const SHOTS = process.env.VIEWS_SHOTS;
const canvasOf = (page: Page) => page.getByTestId('workbench-cyclogram-canvas');

/** Page point at the middle of the selected work's halo (the pale band the chart draws under it). */
async function selectedWork(page: Page): Promise<{ x: number; y: number; n: number }> {
  return canvasOf(page).evaluate((c) => {
    const canvas = c as HTMLCanvasElement;
    const box = canvas.getBoundingClientRect();
    const dpr = canvas.width / box.width;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let sx = 0;
    let sy = 0;
    let n = 0;
    for (let i = 0; i < data.length; i += 4)
      // #e8f0fe, the selection halo.
      if (Math.abs(data[i]! - 232) + Math.abs(data[i + 1]! - 240) + Math.abs(data[i + 2]! - 254) < 8) {
        const p = i / 4;
        sx += p % canvas.width;
        sy += Math.floor(p / canvas.width);
        n++;
      }
    return n === 0 ? { x: 0, y: 0, n } : { x: box.left + sx / n / dpr, y: box.top + sy / n / dpr, n };
  });
}

/**
 * The selected work once the chart has drawn it where it stays: a step with the keyboard scrolls
 * the chart, and its frame is painted on the next animation frame (a point read before it is
 * where the work was, and a drag from there pans instead of moving the work).
 */
async function settledWork(page: Page): Promise<{ x: number; y: number; n: number }> {
  let last = { x: -1, y: -1, n: 0 };
  for (let i = 0; i < 50; i++) {
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    const now = await selectedWork(page);
    if (now.n > 4 && Math.abs(now.x - last.x) < 0.5 && Math.abs(now.y - last.y) < 0.5) return now;
    last = now;
  }
  throw new Error('the selected work was never drawn twice in the same place');
}

const START = 4;
const startOf = (page: Page, row: string) =>
  page.locator(`[role=grid] [data-row="${row}"] [role=gridcell]`).nth(START);

test('the cyclogram beside the grid: select both ways, drag a work to move it, undo', async ({
  page,
  request,
}) => {
  // Its own copy of the demo schedule: nothing another test (or an earlier try of this one) left in
  // the shared demo space — a fold, a selection, an edit — decides what the keys select here.
  const { account, space, demo } = await demoInNewSpace(request, 'cyclo', 'Cyclogram');
  await signedIn(page, account, `/${space.id}/schedule/${demo.schedule_id}`);
  await expect(page.getByRole('grid').locator('[role=row][data-row="0"]')).toBeVisible();
  await page.getByRole('button', { name: 'Cyclogram', exact: true }).click();
  await expect(page).toHaveURL(/chart=cyclogram/);
  const summary = page.getByTestId('workbench-cyclogram-summary');
  // The grid's first row (the project) holds every work: none is lit.
  await expect(summary).toContainText(
    /9 locations, \d+ kinds of work, \d+ clashes\. The selected row holds all \d+ works/,
  );

  // Keyboard: the first work in time order; its row is selected in the grid.
  const canvas = canvasOf(page);
  await canvas.focus();
  await page.keyboard.press('ArrowDown');
  await expect(summary).toContainText(/Selected: .+: A\d+ .+ — .+, .+ – .+, \d+ %/);
  const code = /: (A\d+) /.exec((await summary.textContent())!)![1]!;
  const row = page.locator('[role=grid] .wb-row-selected');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(code);
  const index = (await row.getAttribute('data-row'))!;
  await expect.poll(async () => (await selectedWork(page)).n).toBeGreaterThan(4);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/wb-cyclogram-selected.png` });

  // Grid → chart: its summary (its floor or zone) lights up all its works. The summary is found by
  // its outline number, not as "the row above": the work's place among its siblings is the
  // schedule's, not the test's.
  const outline = (await row.getByRole('rowheader').getAttribute('aria-label'))!.split(' — ')[0]!;
  const parentOutline = outline.split('.').slice(0, -1).join('.');
  // The grid may still be scrolling to the work the keys selected: a click that landed on another
  // row (the virtual rows moved under it) is made again once the summary's row stands still.
  const parentRow = page.locator('[role=grid] [role=row]', {
    has: page.locator(`[role=rowheader][aria-label="${parentOutline}"]`),
  });
  const selectedHeader = page.locator('[role=grid] .wb-row-selected [role=rowheader]');
  await expect(async () => {
    await parentRow.getByRole('gridcell').nth(1).click();
    await expect(selectedHeader).toHaveAttribute('aria-label', parentOutline, { timeout: 2000 });
  }).toPass();
  await expect(summary).toContainText(/\b([2-9]|\d{2,}) works selected/);

  // Back to the work from the chart, then drag it later: the grid's start moves, as a bar drag.
  await canvas.focus();
  await page.keyboard.press('ArrowDown');
  await expect(summary).toContainText(`: ${code} `);
  const before = (await startOf(page, index).textContent())!;
  const at = await settledWork(page);
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await page.mouse.move(at.x + 60, at.y, { steps: 4 });
  await page.mouse.move(at.x + 120, at.y, { steps: 4 });
  await page.mouse.up();
  await expect(startOf(page, index)).not.toHaveText(before);
  const info = page.getByRole('tabpanel', { name: 'Node info' });
  await expect(info.getByRole('definition').filter({ hasText: 'Not earlier than' })).toBeVisible();
  // The chart follows: the selected work's dates in the summary are the new ones.
  await expect(summary).toContainText(`: ${code} `);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/wb-cyclogram-moved.png` });

  // One undo step puts it back (Ctrl+Z on the chart, as on the Gantt).
  await canvas.focus();
  await page.keyboard.press('Control+z');
  await expect(startOf(page, index)).toHaveText(before);
  await expect(info.getByRole('definition').filter({ hasText: 'Not earlier than' })).toHaveCount(0);
});

test('the views page opens its cyclogram beside the grid, grouping kept', async ({ page }) => {
  await openDemoSchedule(page);
  const url = new URL(page.url());
  await page.goto(`${url.pathname}/cyclogram?loc=wbs%3A3`);
  await expect(page.getByTestId('cyclogram-summary')).toContainText(/\d+ locations/);
  await page.getByRole('button', { name: 'Beside the grid' }).click();
  await expect(page).toHaveURL(/chart=cyclogram.*loc=wbs%3A3/);
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(
    page.getByRole('toolbar', { name: 'Cyclogram' }).getByRole('combobox', { name: 'Locations from' }),
  ).toHaveValue('wbs:3');
  await expect(page.getByTestId('workbench-cyclogram-summary')).toContainText(/\d+ locations/);
  // Off again: the Gantt is back and the address says so.
  await page.getByRole('button', { name: 'Cyclogram', exact: true }).click();
  await expect(page).not.toHaveURL(/chart=/);
  await expect(page.getByTestId('workbench-cyclogram')).toHaveCount(0);
});

/** Pixels of the workbench cyclogram's canvas close to `rgb`. */
async function pixelsNear(page: Page, rgb: [number, number, number], tol = 12): Promise<number> {
  return canvasOf(page).evaluate(
    (c, [r, g, b, tol]) => {
      const canvas = c as HTMLCanvasElement;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4)
        if (Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) < tol) n++;
      return n;
    },
    [...rgb, tol] as const,
  );
}

test('the cyclogram beside the grid: the target dashed grey, the legend saves a colour, PNG export', async ({
  page,
}) => {
  await openDemoSchedule(page);
  await page.getByRole('button', { name: 'Cyclogram', exact: true }).click();
  await expect(page.getByTestId('workbench-cyclogram-summary')).toContainText(/9 locations/);
  // The target version beside the current one: the demo's target is a copy, so its dashed grey
  // (#b9c0cb) lines lie under the current ones until a work moves; drag the first work later.
  const canvas = canvasOf(page);
  await canvas.focus();
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await selectedWork(page)).n).toBeGreaterThan(4);
  const at = await settledWork(page);
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await page.mouse.move(at.x + 60, at.y, { steps: 4 });
  await page.mouse.move(at.x + 120, at.y, { steps: 4 });
  await page.mouse.up();
  const target = page.getByRole('checkbox', { name: /Show target/ });
  await expect(target).toBeChecked();
  const grey = () => pixelsNear(page, [185, 192, 203], 12);
  await expect.poll(grey).toBeGreaterThan(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/wb-cyclogram-target.png` });
  const withTarget = await grey();
  await target.uncheck();
  await expect.poll(grey).toBeLessThan(withTarget - 10);
  await target.check();
  await expect.poll(grey).toBeGreaterThan(withTarget - 10);
  // The move undone (the other tests read the demo as seeded).
  await canvas.focus();
  await page.keyboard.press('Control+z');
  await expect.poll(grey).toBeLessThan(withTarget - 10);

  // The legend (shown from the toolbar, by keyboard too): each kind with its rate.
  const legendButton = page.getByRole('button', { name: 'Kinds of work', exact: true });
  await legendButton.focus();
  await page.keyboard.press('Enter');
  await expect(legendButton).toHaveAttribute('aria-pressed', 'true');
  // A colour saved there is drawn and kept after a reload.
  const legend = page.locator('#wb-cyclogram-legend');
  await expect(legend.locator('.views-legend__kinds li', { hasText: 'Slab formwork' })).toContainText(
    'loc./week',
  );
  const colour = legend.getByLabel('Colour of Slab formwork');
  const original = await colour.inputValue();
  await colour.fill('#00ff00');
  await colour.blur();
  await expect(page.getByText('Colour saved')).toBeVisible();
  // The chart is narrower beside the legend: fit it again to see every work.
  await page.getByRole('button', { name: 'Fit', exact: true }).click();
  await expect.poll(() => pixelsNear(page, [0, 255, 0], 90)).toBeGreaterThan(20);
  await page.reload();
  await expect.poll(() => pixelsNear(page, [0, 255, 0], 90)).toBeGreaterThan(20);
  await page.getByRole('button', { name: 'Kinds of work', exact: true }).click();
  await expect(page.locator('#wb-cyclogram-legend').getByLabel('Colour of Slab formwork')).toHaveValue(
    '#00ff00',
  );
  await page.getByRole('button', { name: 'Fit', exact: true }).click();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/wb-cyclogram-legend.png` });
  // Put the demo's colour back (the other views tests look for it).
  const again = page.locator('#wb-cyclogram-legend').getByLabel('Colour of Slab formwork');
  await again.fill(original);
  await again.blur();
  await expect.poll(() => pixelsNear(page, [0, 255, 0], 90)).toBeLessThan(5);

  // The legend hides again from the keyboard.
  const hide = page.getByRole('button', { name: 'Kinds of work', exact: true });
  await hide.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#wb-cyclogram-legend')).toHaveCount(0);

  // Export PNG: the chart as a PNG file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PNG' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^cyclogram-.+\.png$/);
  const bytes = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(1, 4).toString()).toBe('PNG');

  // Print / PDF: the chart alone on a page handed to the browser's print (Save as PDF).
  await page.getByRole('button', { name: 'Print / PDF' }).click();
  const printed = page.frameLocator('[data-testid=views-print-frame]');
  await expect(printed.locator('h1')).toContainText('Cyclogram');
  await expect
    .poll(() => printed.locator('img').evaluate((i) => (i as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(100);
});
