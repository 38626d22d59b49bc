// The 3D pane beside the workbench's Gantt (issue 25): a planner opens the schedule, shows the
// linked model beside the Gantt, selects a row and sees its walls highlighted in the model, then
// clicks a wall in the model and sees its row selected in the grid. The model is uploaded and its
// walls linked to the row through the API first (the 3D / BIM screen's own test does that by hand).
import { existsSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { FIXTURE, linkedModel, pixels } from './bim-helpers';
import { cell, grid, openWorkbench } from './workbench-helpers';

const bluePixels = (page: Page) => pixels(page, '[data-testid=bim-pane-canvas] canvas', 'blue');

test.skip(!existsSync(FIXTURE), `the shared IFC fixture ${FIXTURE} is absent`);

test('the 3D pane beside the Gantt: a row highlights its walls, a wall clicked selects its row', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { s, as, version, link, walls } = await linkedModel(request, 'bimpane');
  const made = { created: walls };

  // The planner opens the schedule and shows the model beside the Gantt.
  await openWorkbench(page, s);
  await page.getByRole('button', { name: '3D model pane' }).click();
  const pane = page.getByTestId('bim-pane');
  await expect(pane.getByTestId('bim-pane-canvas')).toHaveAttribute('data-ready', 'true', {
    timeout: 60_000,
  });
  await expect(pane).toContainText('Kalkzandsteen');
  // The Gantt is still there, beside the pane.
  await expect(page.locator('.wb-right canvas').first()).toBeVisible();

  // The roof row has no elements: nothing is highlighted.
  await cell(page, 1, 1).click();
  await expect(page.getByTestId('bim-pane-status')).toHaveText('Selected rows: 1 · linked elements: 0');
  const before = await bluePixels(page);

  // The walls row highlights its walls in the model.
  await cell(page, 0, 1).click();
  await expect(page.getByTestId('bim-pane-status')).toHaveText(
    `Selected rows: 1 · linked elements: ${made.created}`,
  );
  expect(await page.evaluate(() => window.__bimViewer!.getSelection().length)).toBe(made.created);
  await expect.poll(() => bluePixels(page)).toBeGreaterThan(before + 500);
  await page.screenshot({ path: '/tmp/bim-pane-1-row.png' });

  // Back on the roof row, then a wall clicked in the model selects the walls row.
  await cell(page, 1, 1).click();
  await expect(page.getByTestId('bim-pane-status')).toHaveText('Selected rows: 1 · linked elements: 0');
  const wallIds = (
    await as<{ element_id: number }[]>('GET', `/versions/${version.id}/3d/link/${link.id}/wbs-node-relations`)
  ).map((r) => r.element_id);
  expect(wallIds.length).toBe(made.created);
  const target = await page.evaluate((ids) => window.__bimViewer!.visiblePointOf(ids), wallIds);
  expect(target).not.toBeNull();
  await page.mouse.click(target!.x, target!.y);
  const selected = grid(page).locator('[role=row][aria-selected=true]');
  await expect(selected).toHaveCount(1);
  await expect(selected).toHaveAttribute('data-row', '0');
  await expect(page.getByTestId('bim-pane-status')).toHaveText(
    `Selected rows: 1 · linked elements: ${made.created}`,
  );
  await page.screenshot({ path: '/tmp/bim-pane-2-picked.png' });
});
