// The views on the demo schedule: the cyclogram draws crews floor by floor (canvas pixels and its
// accessible summary), the keyboard steps to a work and opens it in the grid; the network diagram
// draws boxes with a red critical path; an indicator's rows open in the grid through
// filter_indicator; the scoreboard keeps tiles in order; the pipeline shows the stages.
import { type Page, expect, test } from '@playwright/test';
import { openDemoSchedule } from './platform-helpers';

const SHOTS = process.env.VIEWS_SHOTS;

/** Pixels of the canvas whose colour is close to `rgb` (on the device-pixel backing store). */
async function pixelsNear(
  page: Page,
  testId: string,
  rgb: [number, number, number],
  tol = 40,
): Promise<number> {
  return page.getByTestId(testId).evaluate(
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

/** The canvas's picture as a data URL (equal pictures, equal strings). */
const pictureOf = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((c) => (c as HTMLCanvasElement).toDataURL());

/** The demo schedule's views page; answers the workbench's address (without its query). */
async function openViews(page: Page): Promise<string> {
  await openDemoSchedule(page);
  const url = new URL(page.url());
  url.search = '';
  await page.goto(`${url.pathname}/cyclogram`);
  return url.pathname;
}

test('the cyclogram draws crews moving floor by floor, with clashes and the target', async ({ page }) => {
  const schedulePath = await openViews(page);
  const summary = page.getByTestId('cyclogram-summary');
  await expect(summary).toContainText(/9 locations, \d+ kinds of work, \d+ clashes/);
  await expect(page.getByRole('combobox', { name: 'Locations from' })).toHaveValue('Location');
  await expect(page.getByRole('combobox', { name: 'Kinds of work from' })).toHaveValue('Work type');
  // The legend names each kind with its rate; clashes are listed in words.
  await expect(page.locator('.views-legend__kinds li', { hasText: 'Slab formwork' })).toContainText(
    'loc./week',
  );
  await expect(page.locator('.views-legend__clashes li').first()).toContainText('Clash:');
  // Drawn: the first palette colour (blue lines), the red clash shading and the data-date orange.
  await expect.poll(() => pixelsNear(page, 'cyclogram-canvas', [37, 99, 235])).toBeGreaterThan(100);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/cyclogram.png` });
  expect(await pixelsNear(page, 'cyclogram-canvas', [240, 140, 0])).toBeGreaterThan(20);

  // A pan (zoomed in, so the works move) draws the picture again: arrows and the wheel.
  const canvas = page.getByTestId('cyclogram-canvas');
  await canvas.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('+');
  const zoomed = await pictureOf(page, 'cyclogram-canvas');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => pictureOf(page, 'cyclogram-canvas')).not.toBe(zoomed);
  const panned = await pictureOf(page, 'cyclogram-canvas');
  await canvas.dispatchEvent('wheel', { deltaX: -80, deltaY: 0 });
  await expect.poll(() => pictureOf(page, 'cyclogram-canvas')).not.toBe(panned);

  // Keyboard: step to the first work, read it, open it in the grid.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('tooltip')).toContainText(/A\d+ .+ — .+, .+ – .+, \d+ %/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${schedulePath}\\?version=.+&filter=`));
  await expect(page.locator('.wb-filterbar')).toContainText(/Custom filter: code eq_text A\d+/);
  await expect(page.getByRole('grid').locator('.wb-row:not(.wb-row-sum)')).toHaveCount(1);
});

test('locations by WBS level regroup the chart; the version is in the address', async ({ page }) => {
  await openViews(page);
  await page.getByRole('combobox', { name: 'Locations from' }).selectOption('wbs:3');
  await page.getByRole('combobox', { name: 'Kinds of work from' }).selectOption('name');
  await expect(page).toHaveURL(/loc=wbs%3A3/);
  await expect(page.getByTestId('cyclogram-summary')).toContainText(/\d+ locations/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Locations from' })).toHaveValue('wbs:3');
});

test('the network diagram draws the activities with the critical path in red', async ({ page }) => {
  await openViews(page);
  await page.getByRole('tab', { name: 'Network diagram' }).click();
  await expect(page.getByTestId('network-summary')).toContainText(
    /\d{3} activities, \d{3} relations, \d+ critical/,
  );
  // The critical colour of the Gantt theme (#e04848).
  await expect.poll(() => pixelsNear(page, 'network-canvas', [224, 72, 72])).toBeGreaterThan(50);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/network.png` });
  await page.getByTestId('network-canvas').focus();
  await page.keyboard.press('+');
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/view=network/);
});

test('an indicator shows its rows in the grid through filter_indicator, and back', async ({ page }) => {
  await openViews(page);
  await page.getByRole('tab', { name: 'Indicators' }).click();
  await expect(page.getByTestId('indicators-summary')).toContainText(
    /\d+ of \d+ DCMA checks pass on \d+ activities/,
  );
  const logic = page.locator('tr[data-indicator="logic"]');
  await expect(logic).toContainText('Pass');
  await expect(page.locator('tr[data-indicator="resources"]')).toContainText('Fail');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/indicators.png` });
  const link = logic.getByRole('button', { name: /Show \d+ rows/ });
  const count = Number((await link.textContent())!.match(/\d+/)![0]);
  await link.click();
  await expect(page).toHaveURL(/filter_indicator=logic/);
  const bar = page.locator('.wb-filterbar');
  await expect(bar).toContainText('1. Logic');
  await expect(bar).toContainText(/\d+ of \d+ rows/);
  // The flagged activities, with their summaries around them.
  await expect(page.getByRole('grid').locator('.wb-row:not(.wb-row-sum)')).toHaveCount(count);
  // The address round trip: the same filter from a typed address.
  const url = new URL(page.url());
  await page.goto(`${url.pathname}?filter_indicator=lags`);
  await expect(bar).toContainText('3. Lags');
});

test('the scoreboard keeps a user’s tiles, moved up and down, after a reload', async ({ page }) => {
  await openDemoSchedule(page);
  const space = new URL(page.url()).pathname.split('/')[1]!;
  // A board of its own: tiles an earlier run left are removed first (the demo user is shared).
  await page.evaluate(async (space) => {
    const headers = { authorization: `Bearer ${localStorage.getItem('pw.token')}`, 'space-id': space };
    const res = await fetch('/api/v1/scoreboard', { headers });
    for (const tile of ((await res.json()) as { items: { id: string }[] }).items)
      await fetch(`/api/v1/scoreboard/${tile.id}`, { method: 'DELETE', headers });
  }, space);
  await page.goto(`/${space}/scoreboard`);
  await expect(page.getByRole('heading', { name: 'Scoreboard' })).toBeVisible();
  const add = async (node: RegExp, measure: string) => {
    await page.getByRole('button', { name: 'Add tile' }).click();
    const form = page.locator('.score-form');
    const options = await form
      .getByRole('combobox', { name: 'Facility, project or schedule' })
      .locator('option')
      .allTextContents();
    await form
      .getByRole('combobox', { name: 'Facility, project or schedule' })
      .selectOption({ label: options.find((o) => node.test(o))! });
    await form.getByRole('combobox', { name: 'Measure' }).selectOption({ label: measure });
    await form.getByRole('button', { name: 'Save' }).click();
  };
  await add(/Office block B2/, 'Activities');
  await add(/Construction schedule/, 'DCMA checks passed');
  const tiles = page.getByTestId('score-tile');
  await expect(tiles).toHaveCount(2);
  await expect(tiles.nth(0).getByTestId('score-value')).toHaveText(/^\d{3}$/);
  await expect(tiles.nth(1).getByTestId('score-value')).toHaveText(/^\d+ of \d+$/);
  await tiles.nth(1).getByRole('button', { name: 'Move up' }).click();
  await expect(tiles.nth(0)).toContainText('DCMA checks passed');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/scoreboard.png` });
  await page.reload();
  await expect(page.getByTestId('score-tile').nth(0)).toContainText('DCMA checks passed');
  // Keyboard drag and drop (@dnd-kit): space picks the tile up, an arrow moves it, space drops.
  await page.getByTestId('score-tile').nth(0).getByRole('button', { name: 'Drag to reorder' }).focus();
  // Each step waits for what dnd-kit tells a screen reader (the page's own words): it has
  // measured the tiles by then.
  await page.keyboard.press('Space');
  // Picked up, and at once over its own place.
  await expect(
    page.getByText(
      /^(Picked up the tile .+DCMA checks passed|The tile .+DCMA checks passed is over place 1)\.$/,
    ),
  ).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(/^The tile .+ is over place 2\.$/)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText(/^The tile .+ was dropped at place 2\.$/)).toBeAttached();
  await expect(page.getByTestId('score-tile').nth(1)).toContainText('DCMA checks passed');
  await page.reload();
  await expect(page.getByTestId('score-tile').nth(1)).toContainText('DCMA checks passed');
});

test('the pipeline shows the project’s schedules by stage against the target', async ({ page }) => {
  await openDemoSchedule(page);
  const space = new URL(page.url()).pathname.split('/')[1]!;
  const tree = await page.evaluate(async (space) => {
    const res = await fetch(`/api/v1/space/${space}/eps`, {
      headers: { authorization: `Bearer ${localStorage.getItem('pw.token')}` },
    });
    return (await res.json()) as { nodes: { id: string; kind: string }[] };
  }, space);
  const project = tree.nodes.find((n) => n.kind === 'project')!.id;
  await page.goto(`/${space}/pipeline/${project}`);
  await expect(page.getByRole('heading', { name: 'Pipeline of Office block B2' })).toBeVisible();
  await expect(page.getByTestId('pipeline-summary')).toContainText(/Schedules: 1, stages: \d+/);
  await expect(page.getByTestId('pipe-stage').filter({ hasText: 'Structural frame' })).toContainText(
    'on target',
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pipeline.png` });
  await page.getByRole('button', { name: 'Pipe settings' }).click();
  await page.getByRole('spinbutton', { name: 'Stages are the WBS rows at level' }).fill('3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('pipe-stage').filter({ hasText: 'Level 1 frame' })).toBeVisible();
});
