// The resource Gantt and levelling in Chromium: two rows that need the one crane at once are
// assigned with the keyboard; Alt+R shows the resource Gantt with both bars and the crane
// over-allocated (red in its histogram); "Level…" delays one of them (its bar moves right) and
// the crane is within its limit; the levelled start is the row's own start in the grid (the
// engine applies it); Ctrl+Z undoes the levelling, Ctrl+Y sets it again, the task Gantt shows the
// levelled bar, and clearing the levelling gives the rows their dates back.
import { type Page, expect, test } from '@playwright/test';
import { api, scheduleInNewSpace } from './platform-helpers';
import { grid, openWorkbench, typeRows } from './workbench-helpers';

/** The Start column of the grid's first two rows (the engine's dates, as shown). */
async function starts(page: Page): Promise<string[]> {
  const header = grid(page).getByRole('columnheader', { name: 'Start', exact: true });
  const col = Number(await header.getAttribute('aria-colindex')) - 2;
  return Promise.all(
    [0, 1].map((r) => grid(page).locator(`[data-row="${r}"] [role=gridcell][data-col="${col}"]`).innerText()),
  );
}

/** Left edge (page x) of the bar drawn in the row of the list element, or null. */
async function barX(page: Page, rowSelector: string): Promise<number | null> {
  return page.evaluate((sel) => {
    const r = document.querySelector(sel);
    const c = document.querySelector('[data-testid=resource-gantt-canvas]') as HTMLCanvasElement | null;
    if (!r || !c) return null;
    const rr = r.getBoundingClientRect();
    const cb = c.getBoundingClientRect();
    const dpr = c.width / cb.width;
    const ctx = c.getContext('2d')!;
    const y = Math.round((rr.top + rr.height / 2 - 2 - cb.top) * dpr);
    const img = ctx.getImageData(0, y, c.width, 1).data;
    let run = 0;
    for (let x = 0; x < c.width; x++) {
      const i = 4 * x;
      const sat = Math.max(img[i]!, img[i + 1]!, img[i + 2]!) - Math.min(img[i]!, img[i + 1]!, img[i + 2]!);
      run = sat > 80 ? run + 1 : 0;
      if (run >= 4 * dpr) return cb.left + (x - run + 1) / dpr;
    }
    return null;
  }, rowSelector);
}

/** Pixels of a colour close to (r, g, b) on the canvas within the row of the list element. */
async function pixelsLike(page: Page, rowSelector: string, rgb: [number, number, number]): Promise<number> {
  return page.evaluate(
    ([sel, [r0, g0, b0]]) => {
      const r = document.querySelector(sel);
      const c = document.querySelector('[data-testid=resource-gantt-canvas]') as HTMLCanvasElement | null;
      if (!r || !c) return 0;
      const rr = r.getBoundingClientRect();
      const cb = c.getBoundingClientRect();
      const dpr = c.width / cb.width;
      const y0 = Math.round((rr.top - cb.top) * dpr);
      const h = Math.round(rr.height * dpr);
      const img = c.getContext('2d')!.getImageData(0, y0, c.width, h).data;
      let n = 0;
      for (let i = 0; i < img.length; i += 4)
        if (Math.abs(img[i]! - r0) + Math.abs(img[i + 1]! - g0) + Math.abs(img[i + 2]! - b0) < 30) n++;
      return n;
    },
    [rowSelector, rgb] as const,
  );
}

const RED = [0xe0, 0x48, 0x48] as [number, number, number];
const PURPLE = [0x8e, 0x5b, 0xd6] as [number, number, number];

test('the resource Gantt shows an over-allocated crane, levelling moves a bar, undo puts it back', async ({
  page,
  request,
}) => {
  const s = await scheduleInNewSpace(request, 'rgantt');
  await api(request, s.account, 'POST', '/resources/create', { name: 'Crane', default_limit: 1 }, s.spaceId);
  await openWorkbench(page, s);
  await typeRows(page, [
    ['Walls', '5'],
    ['Roof', '3'],
  ]);
  await expect(page.getByText('Saving…')).toHaveCount(0);
  // Both rows take the crane at one a day (quantity, Tab, rate per day, Enter).
  for (const row of [0, 1]) {
    await grid(page).locator(`[data-row="${row}"] [role=gridcell]`).first().click();
    await page.getByRole('tab', { name: 'Assignments' }).click();
    const pick = page.getByLabel('Resource to assign');
    await pick.focus();
    await pick.selectOption({ label: 'Crane' });
    await page.keyboard.press('Tab');
    await page.keyboard.type('5');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    await expect(page.locator('tr[data-assignment="Crane"]')).toBeVisible();
  }

  // Both rows start on the data date: the grid's Start column before levelling.
  const gridBefore = await starts(page);
  expect(gridBefore[0]).toBe(gridBefore[1]);

  // Alt+R from the grid: the resource Gantt.
  await grid(page).locator('[data-row="0"] [role=gridcell]').first().click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+r');
  const chart = page.getByTestId('resource-gantt');
  await expect(chart).toBeVisible();
  const crane = chart.locator('[data-resource="Crane"]');
  await expect(crane).toHaveAttribute('data-over', 'true');
  await expect(crane).toContainText('over-allocated');
  await expect(page.getByTestId('rgantt-summary')).toHaveText('1 resources, 1 over-allocated');
  const wbsIds = await chart
    .locator('[role=row][data-wbs]')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.wbs!));
  expect(wbsIds).toHaveLength(2);
  const sel = (id: string) => `[data-testid=resource-gantt] [data-wbs="${id}"]`;
  await page.screenshot({ path: '/tmp/resgantt-over.png' });
  await expect.poll(() => pixelsLike(page, '[data-resource="Crane"]', RED)).toBeGreaterThan(20);
  const before = await Promise.all(wbsIds.map((id) => barX(page, sel(id))));
  expect(before[0]).not.toBeNull();
  expect(before[1]).not.toBeNull();
  // Both start on the same day: that is the over-allocation.
  expect(Math.abs(before[0]! - before[1]!)).toBeLessThan(3);
  await page.screenshot({ path: '/tmp/resgantt-over.png' });

  // Drag the second bar right: its row moves (one command); Ctrl+Z puts it back.
  const row1 = await page.locator(sel(wbsIds[1]!)).boundingBox();
  await page.mouse.move(before[1]! + 6, row1!.y + row1!.height / 2);
  await page.mouse.down();
  await page.mouse.move(before[1]! + 46, row1!.y + row1!.height / 2, { steps: 5 });
  await page.mouse.move(before[1]! + 86, row1!.y + row1!.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await barX(page, sel(wbsIds[1]!)))! - before[1]!).toBeGreaterThan(20);
  await page.screenshot({ path: '/tmp/resgantt-dragged.png' });
  await page.getByTestId('resource-gantt-canvas').focus();
  await page.keyboard.press('Control+z');
  await expect.poll(async () => Math.abs((await barX(page, sel(wbsIds[1]!)))! - before[1]!)).toBeLessThan(2);

  // Level with the single pass of the priority order.
  await page.getByRole('button', { name: 'Level…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Level resources' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Improvement time (ms)').fill('0');
  await page.screenshot({ path: '/tmp/resgantt-dialog.png' });
  await dialog.getByRole('button', { name: 'Level', exact: true }).click();
  await expect(page.getByText(/Levelled: 1 rows delayed/)).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toHaveCount(0);
  await expect(crane).toHaveAttribute('data-over', 'false');
  await expect(page.getByTestId('rgantt-summary')).toHaveText('1 resources, 0 over-allocated · levelled');
  await expect.poll(() => pixelsLike(page, '[data-resource="Crane"]', RED)).toBe(0);
  const after = await Promise.all(wbsIds.map((id) => barX(page, sel(id))));
  const moved = after.map((x, i) => x! - before[i]!);
  // One bar moved right by days; the other stayed.
  expect(Math.max(...moved)).toBeGreaterThan(20);
  expect(Math.min(...moved.map(Math.abs))).toBeLessThan(2);
  await page.screenshot({ path: '/tmp/resgantt-levelled.png' });

  // Undo the levelling from the chart: over-allocated again; redo levels again.
  await page.getByTestId('resource-gantt-canvas').focus();
  await page.keyboard.press('Control+z');
  await expect(crane).toHaveAttribute('data-over', 'true');
  await expect.poll(async () => (await barX(page, sel(wbsIds[0]!)))! - before[0]!).toBe(0);
  await page.keyboard.press('Control+y');
  await expect(crane).toHaveAttribute('data-over', 'false');

  // Alt+R back: the task Gantt shows the levelled bar (a purple strip).
  await page.keyboard.press('Alt+r');
  await expect(chart).toHaveCount(0);
  await expect(grid(page)).toBeVisible();
  // The levelled start is the row's own start: the engine schedules it (one row starts later).
  await expect.poll(async () => (await starts(page)).filter((t, i) => t !== gridBefore[i]).length).toBe(1);
  const purple = await page.evaluate(([r0, g0, b0]) => {
    const c = document.querySelector('.wb-gantt canvas') as HTMLCanvasElement;
    const img = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < img.length; i += 4)
      if (Math.abs(img[i]! - r0) + Math.abs(img[i + 1]! - g0) + Math.abs(img[i + 2]! - b0) < 30) n++;
    return n;
  }, PURPLE);
  expect(purple).toBeGreaterThan(20);
  await page.screenshot({ path: '/tmp/resgantt-task.png' });

  // Clear levelling: the strip goes.
  await page.getByRole('button', { name: 'Level…' }).click();
  await page
    .getByRole('dialog', { name: 'Level resources' })
    .getByRole('button', { name: 'Clear levelling' })
    .click();
  await expect(page.getByText('Levelling cleared')).toBeVisible();
  await expect.poll(() => starts(page)).toEqual(gridBefore);

  // Durations from assignments: the Roof's 5 units at 1 a day make 5 days (it had 3).
  const header = grid(page).getByRole('columnheader', { name: /^Duration/ });
  const durationCol = Number(await header.getAttribute('aria-colindex')) - 2;
  const roofDuration = grid(page).locator(`[data-row="1"] [role=gridcell][data-col="${durationCol}"]`);
  await expect(roofDuration).toHaveText('3');
  await page.getByRole('button', { name: 'Level…' }).click();
  await page
    .getByRole('dialog', { name: 'Level resources' })
    .getByRole('button', { name: 'Durations from assignments' })
    .click();
  await expect(page.getByText('1 rows took their durations from their assignments')).toBeVisible();
  await expect(roofDuration).toHaveText('5');
});
