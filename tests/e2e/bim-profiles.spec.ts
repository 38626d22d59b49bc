// The appearance profile editor of the 3D / BIM screen (issue 25): a planner creates a profile
// that colours the model by storey, gives one storey its own colour, uses it, and sees the model
// and the legend in those colours, also after a reload. The model is uploaded through the API.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { api, registerAccount, signedIn } from './platform-helpers';

const FIXTURE = path.resolve(
  process.cwd(),
  '../shared/fixtures/ifc/schependomlaan/ifc/root_kalkzandsteen.ifc',
);

/** Pixels of the viewer's canvas in magenta (lit: red and blue well above green). */
async function magentaPixels(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const img = new Image();
    img.src = window.__bimViewer!.toPng();
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i]! > d[i + 1]! + 90 && d[i + 2]! > d[i + 1]! + 90) n++;
    return n;
  });
}

test.skip(!existsSync(FIXTURE), `the shared IFC fixture ${FIXTURE} is absent`);

test('a profile by storey colours the model and its legend, and stays the active one', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await registerAccount(request, 'bimprof');
  const space = await api<{ id: string }>(request, account, 'POST', '/space/create', { name: 'BIM' });
  const as = <T>(method: 'GET' | 'POST', p: string, data?: unknown) =>
    api<T>(request, account, method, p, data, space.id);
  const facility = await as<{ id: string }>('POST', '/facilities/create', { name: 'Site' });
  const project = await as<{ id: string }>('POST', `/facilities/${facility.id}/projects/create`, {
    name: 'Block C',
  });
  await as('POST', `/projects/${project.id}/schedules/create`, { name: 'Works' });
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
  await expect
    .poll(async () => (await as<{ state: string }[]>('GET', `/projects/${project.id}/3d`))[0]?.state, {
      timeout: 150_000,
      intervals: [1000],
    })
    .toBe('ready');

  await signedIn(page, account, `/${space.id}/bim`);
  await expect(page.getByTestId('bim-canvas')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('bim-legend')).toContainText('Not started');
  expect(await magentaPixels(page)).toBeLessThan(50);

  await page.getByRole('button', { name: 'Profiles…' }).click();
  const editor = page.getByTestId('bim-profile-editor');
  await expect(editor).toContainText('The built-in profile colours elements by the status');
  await editor.getByRole('button', { name: 'New profile' }).click();
  await editor.getByLabel('Name').fill('By storey');
  await editor.getByLabel('Value of an attribute').check();
  const values = editor.getByTestId('bim-profile-values');
  await expect(values.locator('li')).toHaveCount(5);
  await expect(values).toContainText('01 eerste verdieping');
  await values.getByLabel('01 eerste verdieping').fill('#ff00ff');
  await expect(editor.getByLabel('Use this profile')).toBeChecked();
  await page.screenshot({ path: '/tmp/bim-profile-1-editor.png' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByLabel('Profile', { exact: true })).toContainText('By storey (active)');
  await page.getByRole('button', { name: 'Close' }).click();

  const legend = page.getByTestId('bim-legend');
  await expect(legend).toContainText('01 eerste verdieping');
  await expect(legend).toContainText('04 dak');
  await expect.poll(() => magentaPixels(page)).toBeGreaterThan(1000);
  await page.screenshot({ path: '/tmp/bim-profile-2-model.png' });

  // The profile is the space's active one: a reload shows the same colours.
  await page.reload();
  await expect(page.getByTestId('bim-canvas')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('bim-legend')).toContainText('01 eerste verdieping');
  await expect.poll(() => magentaPixels(page)).toBeGreaterThan(1000);
});
