// The workbench's 3D pane plays the schedule (4D) and takes an appearance profile, and the node
// panel's 3D tab shows the focused row's elements in the schedule's model (issue 25: "Viewer in
// the node panel and as a pane beside the Gantt"; the 4D player with a date scrubber, speed and
// pause). Canvas pixels are counted in the colours the viewer draws.
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { formatLocal } from '../../src/domain/calendar/time';
import { FIXTURE, WALLS_START, linkedModel, pixels, scrubTo } from './bim-helpers';
import { cell, openWorkbench } from './workbench-helpers';

const PANE = '[data-testid=bim-pane-canvas] canvas';
const NODE = '[data-testid=bim-node-canvas] canvas';

test.skip(!existsSync(FIXTURE), `the shared IFC fixture ${FIXTURE} is absent`);

test('the 3D pane plays 4D: walls appear on their row’s start; a profile by storey colours them', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { s, as } = await linkedModel(request, 'bimplay');
  const profile = await as<{ id: string }>('POST', '/bim/profiles', {
    name: 'By storey',
    colors: { not_started: '#b0b7c3', in_progress: '#f2a900', completed: '#2e9e4f', late: '#d83b3b' },
    mode: 'attribute',
    attribute: { kind: 'storey' },
    value_colors: { '01 eerste verdieping': '#ff00ff' },
  });

  await openWorkbench(page, s);
  await page.getByRole('button', { name: '3D model pane' }).click();
  const pane = page.getByTestId('bim-pane');
  await expect(pane.getByTestId('bim-pane-canvas')).toHaveAttribute('data-ready', 'true', {
    timeout: 60_000,
  });
  // The roof row (no elements) selected: no selection blue over the player's colours.
  await cell(page, 1, 1).click();
  const player = pane.getByTestId('bim-pane-player');
  await expect(player).toBeVisible();
  // The built-in status profile and its legend.
  await expect(pane.getByTestId('bim-pane-profile')).toHaveValue('00000000-0000-4000-8000-000000000000');
  await expect(pane.getByTestId('bim-pane-legend')).toContainText('Late against target');

  // 4D on; the scrubber at its first day (the day before the walls start): no walls drawn.
  await pane.getByTestId('bim-pane-4d').check();
  const scrub = pane.getByTestId('bim-pane-scrub');
  await scrub.focus();
  await page.keyboard.press('Home');
  await expect(pane.getByTestId('bim-pane-date')).toHaveText(formatLocal(WALLS_START - 1440).slice(0, 10));
  await expect.poll(() => pixels(page, PANE, 'orange')).toBeLessThan(50);
  await page.screenshot({ path: '/tmp/bim-pane-player-1-before.png' });

  // On the walls' start they appear, in progress (orange).
  await scrubTo(scrub, WALLS_START + 60);
  await expect(pane.getByTestId('bim-pane-date')).toHaveText(formatLocal(WALLS_START).slice(0, 10));
  await expect.poll(() => pixels(page, PANE, 'orange')).toBeGreaterThan(500);
  await page.screenshot({ path: '/tmp/bim-pane-player-2-start.png' });
  // The frame exports to PNG, named by the model and the day.
  const download = page.waitForEvent('download');
  await pane.getByRole('button', { name: 'Frame to PNG' }).click();
  expect((await download).suggestedFilename()).toBe(
    `Kalkzandsteen-${formatLocal(WALLS_START).slice(0, 10)}.png`,
  );

  // Play moves the date on; pause stops it.
  await page.keyboard.press('Home');
  const first = await pane.getByTestId('bim-pane-date').textContent();
  await pane.getByRole('button', { name: 'Play' }).click();
  await expect(pane.getByTestId('bim-pane-date')).not.toHaveText(first!);
  await pane.getByRole('button', { name: 'Pause' }).click();
  const paused = await pane.getByTestId('bim-pane-date').textContent();
  await page.waitForTimeout(600);
  await expect(pane.getByTestId('bim-pane-date')).toHaveText(paused!);

  // A profile by storey: the first floor's elements magenta, the legend names the storey.
  await pane.getByTestId('bim-pane-4d').uncheck();
  expect(await pixels(page, PANE, 'magenta')).toBeLessThan(50);
  await pane.getByTestId('bim-pane-profile').selectOption(profile.id);
  await expect(pane.getByTestId('bim-pane-legend')).toContainText('01 eerste verdieping');
  await expect.poll(() => pixels(page, PANE, 'magenta')).toBeGreaterThan(1000);
  await page.screenshot({ path: '/tmp/bim-pane-player-3-profile.png' });
});

test('the node panel’s 3D tab shows the focused row’s elements in the schedule’s model', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { s, walls } = await linkedModel(request, 'bimnode');
  await openWorkbench(page, s);
  await cell(page, 0, 1).click();
  await page.getByRole('tab', { name: '3D model' }).click();
  const tab = page.getByTestId('bim-node-tab');
  await expect(tab.getByTestId('bim-node-canvas')).toHaveAttribute('data-ready', 'true', {
    timeout: 60_000,
  });
  await expect(tab.getByTestId('bim-node-status')).toHaveText(
    `Elements linked to this row and the rows under it: ${walls}`,
  );
  await expect.poll(() => pixels(page, NODE, 'blue')).toBeGreaterThan(500);
  await page.screenshot({ path: '/tmp/bim-node-tab-1-walls.png' });

  // The roof row has none: the status says so and nothing is highlighted.
  await cell(page, 1, 1).click();
  await expect(tab.getByTestId('bim-node-status')).toHaveText(
    'No element is linked to this row or the rows under it.',
  );
  await expect.poll(() => pixels(page, NODE, 'blue')).toBeLessThan(50);

  // Isolate on the walls row draws only its walls.
  await cell(page, 0, 1).click();
  await tab.getByRole('button', { name: 'Show only the row’s elements' }).click();
  await expect(tab.getByRole('button', { name: 'Show only the row’s elements' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.screenshot({ path: '/tmp/bim-node-tab-2-isolated.png' });
});
