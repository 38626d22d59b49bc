// Set-up shared by the workbench's 3D browser tests (bim-pane.spec, bim-pane-player.spec): a
// schedule with two rows (walls on the first floor, then the roof) whose actual dates the 4D
// player plays, the small IFC fixture uploaded and read as a job, linked to the schedule, and the
// first-floor walls linked to the walls row by rule; and a pixel count of a viewer's canvas.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Locator, type Page, expect } from '@playwright/test';
import { toMinutes } from '../../src/domain/calendar/time';
import { addRowsByApi, api, registerAccount, workRow } from './platform-helpers';

export const FIXTURE = path.resolve(
  process.cwd(),
  '../shared/fixtures/ifc/schependomlaan/ifc/root_kalkzandsteen.ifc',
);
export const WALLS_START = toMinutes(2026, 3, 2, 8);
const WALLS_FINISH = toMinutes(2026, 3, 20, 17);

/** A work row with actual dates (finish null: still running), as the 3D tests' schedules hold. */
export function row(
  id: string,
  orderKey: string,
  code: string,
  name: string,
  start: number,
  finish: number | null,
) {
  return workRow({
    id,
    orderKey,
    name,
    code,
    actualStart: start,
    actualFinish: finish,
    percentComplete: 100,
  });
}

export async function linkedModel(request: APIRequestContext, who: string) {
  const account = await registerAccount(request, who);
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
    row(walls, 'a0', 'W-01', 'Walls first floor', WALLS_START, WALLS_FINISH),
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
      { timeout: 150_000, intervals: [1000] },
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
  return { s, as, version: version!, link, walls: made.created, projectId: project.id };
}

export type PixelKind = 'blue' | 'orange' | 'magenta';

/**
 * Pixels of the canvas in `selector` (a viewer's, drawn with preserveDrawingBuffer) of a colour
 * as lit by the viewer: blue (the selection), orange (in progress, #f2a900), magenta (#ff00ff).
 */
export async function pixels(page: Page, selector: string, kind: PixelKind): Promise<number> {
  return page.evaluate(
    async ([sel, k]) => {
      const canvas = document.querySelector<HTMLCanvasElement>(sel);
      if (!canvas) return -1;
      const img = new Image();
      img.src = canvas.toDataURL('image/png');
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const g = c.getContext('2d')!;
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) {
        const [r, gr, b] = [d[i]!, d[i + 1]!, d[i + 2]!];
        const hit =
          k === 'blue'
            ? b > r + 70 && b > gr + 40
            : k === 'orange'
              ? r > 140 && r > gr + 30 && gr > b + 60
              : r > 120 && b > 120 && r > gr + 60 && b > gr + 60;
        if (hit) n++;
      }
      return n;
    },
    [selector, kind] as const,
  );
}

export const GANTT = '.wb-gantt canvas[aria-hidden]';

/** Columns of the Gantt's static canvas holding the player line's green (#12b886) in > 20 pixels. */
export async function greenColumns(page: Page): Promise<number[]> {
  return page.evaluate((sel) => {
    const c = document.querySelector<HTMLCanvasElement>(sel)!;
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    const dpr = window.devicePixelRatio || 1;
    const cols: number[] = [];
    for (let x = 0; x < c.width; x++) {
      let n = 0;
      for (let y = 0; y < c.height; y++) {
        const i = (y * c.width + x) * 4;
        if (Math.abs(d[i]! - 0x12) + Math.abs(d[i + 1]! - 0xb8) + Math.abs(d[i + 2]! - 0x86) < 40) n++;
      }
      if (n > 20) cols.push(Math.round(x / dpr));
    }
    return cols;
  }, GANTT);
}

/** Sets a range input as a drag would (React reads the input event). */
export async function scrubTo(input: Locator, value: number) {
  await input.evaluate((el, v) => {
    const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    set.call(el, String(v));
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}
