// The 4D player's time on the workbench's Gantt (issue 25: "a date scrubber tied to the Gantt"):
// while the 3D pane is open its player's time is a green line on the Gantt's canvas (found by
// its pixels; the chart scrolls to it), it moves with the scrubber, a click on the timescale moves the player
// there, and the line goes when the pane closes.
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { formatLocal } from '../../src/domain/calendar/time';
import { FIXTURE, GANTT, WALLS_START, greenColumns, linkedModel, scrubTo } from './bim-helpers';
import { cell, openWorkbench } from './workbench-helpers';

test.skip(!existsSync(FIXTURE), `the shared IFC fixture ${FIXTURE} is absent`);

test('the player’s time is a line on the Gantt; a click on the timescale moves the player', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { s } = await linkedModel(request, 'bimganttline');
  await openWorkbench(page, s);
  await page.locator(GANTT).waitFor();
  expect(await greenColumns(page)).toEqual([]);

  await page.getByRole('button', { name: '3D model pane' }).click();
  const pane = page.getByTestId('bim-pane');
  await expect(pane.getByTestId('bim-pane-canvas')).toHaveAttribute('data-ready', 'true', {
    timeout: 60_000,
  });
  await pane.getByTestId('bim-pane-4d').check();
  const scrub = pane.getByTestId('bim-pane-scrub');
  await scrubTo(scrub, WALLS_START);
  await expect(pane.getByTestId('bim-pane-date')).toHaveText(formatLocal(WALLS_START).slice(0, 10));
  await expect.poll(() => greenColumns(page).then((c) => c.length)).toBeGreaterThan(0);
  const at = await greenColumns(page);
  const x1 = at[0]!;
  // One line, 1–3 px wide.
  expect(at[at.length - 1]! - x1).toBeLessThanOrEqual(3);
  // A week later the line moves right.
  await scrubTo(scrub, WALLS_START + 7 * 1440);
  await expect.poll(async () => (await greenColumns(page))[0] ?? -1).toBeGreaterThan(x1);
  const x2 = (await greenColumns(page))[0]!;
  await page.screenshot({ path: '/tmp/bim-gantt-time-1.png' });

  // A click on the timescale halfway between sets the player's time there: the date between
  // the two, and the line where the click was.
  const box = (await page.locator(GANTT).boundingBox())!;
  const mid = Math.round((x1 + x2) / 2);
  await page.mouse.click(box.x + mid, box.y + 10);
  await expect.poll(async () => (await greenColumns(page))[0] ?? -1).toBeLessThan(x2);
  const cols = await greenColumns(page);
  expect(Math.abs(cols[0]! - mid)).toBeLessThanOrEqual(2);
  const shown = (await pane.getByTestId('bim-pane-date').textContent())!;
  expect(shown > formatLocal(WALLS_START).slice(0, 10)).toBe(true);
  expect(shown < formatLocal(WALLS_START + 7 * 1440).slice(0, 10)).toBe(true);

  // Closed pane: no line.
  await page.getByRole('button', { name: '3D model pane' }).click();
  await expect.poll(() => greenColumns(page).then((c) => c.length)).toBe(0);
});

test('with the pane and the node tab both playing, the Gantt follows the last moved and moves both', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { s } = await linkedModel(request, 'bimganttboth');
  await openWorkbench(page, s);
  await page.locator(GANTT).waitFor();

  await page.getByRole('button', { name: '3D model pane' }).click();
  const pane = page.getByTestId('bim-pane');
  await expect(pane.getByTestId('bim-pane-canvas')).toHaveAttribute('data-ready', 'true', {
    timeout: 60_000,
  });
  await pane.getByTestId('bim-pane-4d').check();
  await scrubTo(pane.getByTestId('bim-pane-scrub'), WALLS_START);
  await expect.poll(() => greenColumns(page).then((c) => c.length)).toBeGreaterThan(0);
  const x1 = (await greenColumns(page))[0]!;

  // The node panel's 3D tab, its player a week later: the line follows the tab.
  await cell(page, 1, 1).click();
  await page.getByRole('tab', { name: '3D model' }).click();
  const tab = page.getByTestId('bim-node-tab');
  await expect(tab.getByTestId('bim-node-canvas')).toHaveAttribute('data-ready', 'true', {
    timeout: 60_000,
  });
  await tab.getByTestId('bim-node-4d').check();
  await scrubTo(tab.getByTestId('bim-node-scrub'), WALLS_START + 7 * 1440);
  await expect.poll(async () => (await greenColumns(page))[0] ?? -1).toBeGreaterThan(x1);
  const x2 = (await greenColumns(page))[0]!;

  // A click on the timescale between the two moves both players to the same day.
  const box = (await page.locator(GANTT).boundingBox())!;
  await page.mouse.click(box.x + Math.round((x1 + x2) / 2), box.y + 10);
  await expect.poll(async () => (await greenColumns(page))[0] ?? -1).toBeLessThan(x2);
  const paneDay = pane.getByTestId('bim-pane-date');
  await expect
    .poll(async () => paneDay.textContent())
    .toBe(await tab.getByTestId('bim-node-date').textContent());
  expect((await paneDay.textContent())! > formatLocal(WALLS_START).slice(0, 10)).toBe(true);

  // The pane's player scrubbed back, then the tab closed: the line stays, at the pane's time.
  await scrubTo(pane.getByTestId('bim-pane-scrub'), WALLS_START);
  await expect.poll(async () => (await greenColumns(page))[0] ?? -1).toBeLessThanOrEqual(x1 + 2);
  await page.getByRole('tab', { name: 'Node info' }).click();
  await expect(tab).toHaveCount(0);
  await page.waitForTimeout(300);
  expect((await greenColumns(page))[0]).toBeLessThanOrEqual(x1 + 2);

  // The pane closed too: no line.
  await page.getByRole('button', { name: '3D model pane' }).click();
  await expect.poll(() => greenColumns(page).then((c) => c.length)).toBe(0);
});
