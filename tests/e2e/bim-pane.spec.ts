// The 3D pane beside the workbench's Gantt (issue 25): a planner opens the schedule, shows the
// linked model beside the Gantt, selects a row and sees its walls highlighted in the model, then
// clicks a wall in the model and sees its row selected in the grid. The model is uploaded and its
// walls linked to the row through the API first (the 3D / BIM screen's own test does that by hand).
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { toMinutes } from '../../src/domain/calendar/time';
import { addRowsByApi, api, registerAccount } from './platform-helpers';
import { cell, grid, openWorkbench } from './workbench-helpers';

const FIXTURE = path.resolve(
  process.cwd(),
  '../shared/fixtures/ifc/schependomlaan/ifc/root_kalkzandsteen.ifc',
);

function row(id: string, orderKey: string, code: string, name: string, start: number, finish: number) {
  return {
    id,
    parentId: null,
    orderKey,
    nodeType: 'work',
    name,
    code,
    calendarId: null,
    duration: 480 * 5,
    remaining: null,
    startLimitType: null,
    startLimitDate: null,
    finishLimitType: null,
    finishLimitDate: null,
    actualStart: start,
    actualFinish: finish,
    percentComplete: 100,
    volume: null,
    price: null,
    color: null,
    attributes: {},
  };
}

/** Pixels of the pane's canvas drawn in the selection's blue (lit: blue well above red and green). */
async function bluePixels(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const url = window.__bimViewer!.toPng();
    const img = new Image();
    img.src = url;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i + 2]! > d[i]! + 70 && d[i + 2]! > d[i + 1]! + 40) n++;
    return n;
  });
}

test.skip(!existsSync(FIXTURE), `the shared IFC fixture ${FIXTURE} is absent`);

test('the 3D pane beside the Gantt: a row highlights its walls, a wall clicked selects its row', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await registerAccount(request, 'bimpane');
  const space = await api<{ id: string }>(request, account, 'POST', '/space/create', { name: 'BIM' });
  const as = <T>(method: 'GET' | 'POST', p: string, data?: unknown) =>
    api<T>(request, account, method, p, data, space.id);
  const facility = await as<{ id: string }>('POST', '/facilities/create', { name: 'Site' });
  const project = await as<{ id: string }>('POST', `/facilities/${facility.id}/projects/create`, {
    name: 'Block C',
  });
  const schedule = await as<{ id: string }>('POST', `/projects/${project.id}/schedules/create`, {
    name: 'Works',
  });
  const s = { account, spaceId: space.id, scheduleId: schedule.id };
  const [version] = await as<{ id: string; revision: number }[]>('GET', `/schedules/${schedule.id}/versions`);
  const walls = randomUUID();
  const roof = randomUUID();
  await addRowsByApi(request, s, version!, [
    row(walls, 'a0', 'W-01', 'Walls first floor', toMinutes(2026, 3, 2, 8), toMinutes(2026, 3, 20, 17)),
    row(roof, 'a1', 'W-02', 'Roof', toMinutes(2026, 3, 23, 8), toMinutes(2026, 4, 10, 17)),
  ]);

  // The model: uploaded, read as a job, linked to the schedule, its first-floor walls to the row.
  const up = await request.post(`/api/v1/projects/${project.id}/3d/upload`, {
    headers: { authorization: `Bearer ${account.token}`, 'space-id': space.id },
    multipart: {
      file: {
        name: 'root_kalkzandsteen.ifc',
        mimeType: 'application/octet-stream',
        buffer: readFileSync(FIXTURE),
      },
    },
  });
  expect(up.status(), await up.text()).toBe(201);
  const { model } = (await up.json()) as { model: { id: string } };
  await expect
    .poll(
      async () => (await as<{ id: string; state: string }[]>('GET', `/projects/${project.id}/3d`))[0]?.state,
      {
        timeout: 150_000,
        intervals: [1000],
      },
    )
    .toBe('ready');
  const link = await as<{ id: string }>('POST', `/projects/${project.id}/3d/link/save`, {
    model_id: model.id,
    schedule_id: schedule.id,
    name: 'Kalkzandsteen',
  });
  const made = await as<{ created: number }>(
    'POST',
    `/versions/${version!.id}/3d/link/${link.id}/create-relations`,
    {
      rule: {
        element: { kind: 'storey' },
        value: '01 eerste verdieping',
        classes: ['IfcWall'],
        wbs_ids: [walls],
      },
    },
  );
  expect(made.created).toBeGreaterThan(5);

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
    await as<{ element_id: number }[]>(
      'GET',
      `/versions/${version!.id}/3d/link/${link.id}/wbs-node-relations`,
    )
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
