// The 4D player in the node panel's 3D tab (issue 25): the pane's player (PanePlayer) under the
// tab's model — 4D on, the scrubber at its first day draws no walls, playing past the walls row's
// start draws them in progress (orange pixels), pause stops the date, all from the keyboard — and
// its time is the green line on the workbench's Gantt, as the pane's is.
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { formatLocal } from '../../src/domain/calendar/time';
import { FIXTURE, GANTT, WALLS_START, greenColumns, linkedModel, pixels, scrubTo } from './bim-helpers';
import { cell, openWorkbench } from './workbench-helpers';

const NODE = '[data-testid=bim-node-canvas] canvas';
const day = (t: number) => formatLocal(t).slice(0, 10);

test.skip(!existsSync(FIXTURE), `the shared IFC fixture ${FIXTURE} is absent`);

test('the node panel’s 3D tab plays 4D: walls appear once playing passes their row’s start', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { s } = await linkedModel(request, 'bimnodeplay');
  await openWorkbench(page, s);
  await page.locator(GANTT).waitFor();
  // The roof row (no elements) focused: no selection blue over the player's colours.
  await cell(page, 1, 1).click();
  await page.getByRole('tab', { name: '3D model' }).click();
  const tab = page.getByTestId('bim-node-tab');
  await expect(tab.getByTestId('bim-node-canvas')).toHaveAttribute('data-ready', 'true', {
    timeout: 60_000,
  });
  const player = tab.getByTestId('bim-node-player');
  await expect(player).toBeVisible();
  await expect(tab.getByTestId('bim-node-legend')).toContainText('In progress');

  // 4D on from the keyboard; the scrubber's first day (the day before the walls start).
  await tab.getByTestId('bim-node-4d').focus();
  await page.keyboard.press('Space');
  await expect(tab.getByTestId('bim-node-4d')).toBeChecked();
  const scrub = tab.getByTestId('bim-node-scrub');
  await scrub.focus();
  await page.keyboard.press('Home');
  await expect(tab.getByTestId('bim-node-date')).toHaveText(day(WALLS_START - 1440));
  await expect.poll(() => pixels(page, NODE, 'orange')).toBeLessThan(50);
  // Its time is the Gantt's green line.
  await expect.poll(() => greenColumns(page).then((c) => c.length)).toBeGreaterThan(0);
  const x0 = (await greenColumns(page))[0]!;
  await page.screenshot({ path: '/tmp/bim-node-player-1-before.png' });

  // Play at 1 day a second (keyboard: Enter on the button) until the date passes the walls'
  // start, then pause: the walls are drawn, in progress.
  await tab.getByRole('combobox', { name: 'Speed' }).selectOption('1');
  await tab.getByRole('button', { name: 'Play' }).focus();
  await page.keyboard.press('Enter');
  const after = async () => ((await tab.getByTestId('bim-node-date').textContent()) ?? '') > day(WALLS_START);
  await expect.poll(after, { timeout: 20_000 }).toBe(true);
  await tab.getByRole('button', { name: 'Pause' }).press('Enter');
  const paused = await tab.getByTestId('bim-node-date').textContent();
  await expect.poll(() => pixels(page, NODE, 'orange')).toBeGreaterThan(500);
  await page.waitForTimeout(600);
  await expect(tab.getByTestId('bim-node-date')).toHaveText(paused!);
  // The Gantt's line moved right with the time.
  await expect.poll(async () => (await greenColumns(page))[0] ?? -1).toBeGreaterThan(x0);
  await page.screenshot({ path: '/tmp/bim-node-player-2-playing.png' });

  // Scrubbed back before the start: the walls go again.
  await scrubTo(scrub, WALLS_START - 600);
  await expect.poll(() => pixels(page, NODE, 'orange')).toBeLessThan(50);
});
