// The Gantt's three gestures on a two-task schedule, by what the user sees on the canvas: drawing
// a relation from one bar's link handle onto another bar (the second now starts after the first),
// dragging a bar's end (a longer duration) and dragging a bar (a "not earlier than" start limit).
import { type Page, expect, test } from '@playwright/test';
import { type Band, barOf } from './gantt-helpers';
import { scheduleInNewSpace } from './platform-helpers';
import { cell, openWorkbench, typeRows } from './workbench-helpers';

const [NAME, DURATION, START] = [1, 3, 4];

async function bar(page: Page, row: number): Promise<Band> {
  await expect.poll(() => barOf(page, row)).not.toBeNull();
  return (await barOf(page, row))!;
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

test('a relation drawn between bars, a bar end dragged and a bar moved', async ({ page, request }) => {
  // Wide enough for a drag of more than a week to the right of the bars.
  await page.setViewportSize({ width: 1680, height: 800 });
  const s = await scheduleInNewSpace(request, 'gantt');
  await openWorkbench(page, s);
  await typeRows(page, [
    ['Formwork', '3'],
    ['Pour', '2'],
  ]);
  await expect(cell(page, 1, NAME)).toHaveText('Pour');
  await page.getByRole('combobox', { name: 'Scale' }).selectOption('day');
  // Unlinked, both start on the project's first day.
  const firstStart = await cell(page, 0, START).textContent();
  await expect(cell(page, 1, START)).toHaveText(firstStart!);

  // From the handle right of Formwork's end onto Pour: Pour now follows Formwork.
  const forms = await bar(page, 0);
  let pour = await bar(page, 1);
  await drag(page, { x: forms.x1 + 8, y: forms.y }, { x: (pour.x0 + pour.x1) / 2, y: pour.y });
  await expect(cell(page, 1, START)).not.toHaveText(firstStart!);
  await cell(page, 1, NAME).click();
  await page.getByRole('tab', { name: 'Relations' }).click();
  await expect(page.getByRole('region', { name: 'Predecessors' })).toContainText('Formwork');
  await page.getByRole('tab', { name: 'Node info' }).click();

  // Pour's end more than a week further: a longer duration whatever day the project starts on
  // (two days' drag from a Friday evening ends in the weekend and adds no working time).
  pour = await bar(page, 1);
  const day = (forms.x1 - forms.x0) / 3;
  await drag(page, { x: pour.x1 - 2, y: pour.y }, { x: pour.x1 - 2 + 9 * day, y: pour.y });
  await expect(cell(page, 1, DURATION)).not.toHaveText('2');

  // Pour moved three days later: it keeps its duration and gets a start limit.
  const duration = await cell(page, 1, DURATION).textContent();
  const start = await cell(page, 1, START).textContent();
  pour = await bar(page, 1);
  const mid = (pour.x0 + pour.x1) / 2;
  await drag(page, { x: mid, y: pour.y }, { x: mid + 3 * day, y: pour.y });
  await expect(cell(page, 1, START)).not.toHaveText(start!);
  await expect(cell(page, 1, DURATION)).toHaveText(duration!);
  const info = page.getByRole('tabpanel', { name: 'Node info' });
  await expect(info.getByRole('definition').filter({ hasText: 'Not earlier than' })).toBeVisible();
});
