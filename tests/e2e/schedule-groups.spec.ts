// Schedule groups in the structure tree: a group created from the Add dialog, a schedule dragged
// onto it (@dnd-kit, pointer), another dragged onto that schedule (placed at its index), the group
// renamed, then removed with its schedules back in the project. The server's order is checked.
import { type Page, expect, test } from '@playwright/test';
import { api, demoInNewSpace, expandNodes, signedIn } from './platform-helpers';

const SHOTS = process.env.PGRID_SHOTS;

interface Node {
  id: string;
  kind: string;
  name: string;
  parent_id: string | null;
  order: number;
}

/** A tree row by its name alone (the accessible name also holds the count of children). */
const row = (page: Page, name: string) =>
  page
    .getByRole('treeitem')
    .filter({ has: page.locator('.tree-row__name').getByText(name, { exact: true }) });

/** Drag one tree row onto another with the mouse, in steps (the sensor starts after 5 px). */
async function drag(page: Page, from: string, to: string): Promise<void> {
  const a = await row(page, from).boundingBox();
  const b = await row(page, to).boundingBox();
  if (!a || !b) throw new Error('row not visible');
  await page.mouse.move(a.x + 60, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 60, a.y + a.height / 2 + 10, { steps: 4 });
  await page.mouse.move(b.x + 80, b.y + b.height / 2, { steps: 10 });
  await expect(row(page, to)).toHaveClass(/tree-row--drop-/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/schedule-groups-drag-${to}.png` });
  await page.mouse.up();
}

test('group schedules by drag and drop, in the order the server keeps', async ({ page, request }) => {
  const { account, space, demo } = await demoInNewSpace(request, 'groups', 'Groups');
  await api(
    request,
    account,
    'POST',
    `/projects/${demo.project_id}/schedules/create`,
    { name: 'Fit-out' },
    space.id,
  );
  const children = async (parent: string) => {
    const tree = await api<{ nodes: Node[] }>(request, account, 'GET', `/space/${space.id}/eps`);
    return tree.nodes
      .filter((n) => n.parent_id === parent)
      .sort((x, y) => x.order - y.order)
      .map((n) => n.name);
  };

  await signedIn(page, account, `/${space.id}`);
  await expandNodes(page, ['Riverside campus', 'Office block B2']);
  await page.getByRole('treeitem', { name: 'Office block B2' }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Schedule group' }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Interiors');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(row(page, 'Interiors')).toBeVisible();

  // Fit-out onto the group: inside it, and the group opens.
  await drag(page, 'Fit-out', 'Interiors');
  await expect.poll(async () => (await children(demo.project_id)).includes('Fit-out')).toBe(false);
  await expect(row(page, 'Fit-out')).toHaveAttribute('aria-level', '4');
  // The main schedule onto Fit-out: into the group, at Fit-out's place (first).
  await drag(page, 'Construction schedule', 'Fit-out');
  const groupId = (
    await api<{ nodes: Node[] }>(request, account, 'GET', `/space/${space.id}/eps`)
  ).nodes.find((n) => n.name === 'Interiors')!.id;
  await expect.poll(() => children(groupId)).toEqual(['Construction schedule', 'Fit-out']);
  await expect(row(page, 'Construction schedule')).toHaveAttribute('aria-level', '4');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/schedule-groups.png` });

  // Rename the group (F2), then remove it: its schedules go back to the project, in order.
  await row(page, 'Interiors').click();
  await page.keyboard.press('F2');
  await page.getByRole('textbox', { name: 'Name' }).fill('Interior works');
  await page.keyboard.press('Enter');
  await expect(row(page, 'Interior works')).toBeVisible();
  await page.getByRole('button', { name: 'Delete (Del)' }).click();
  await expect(page.getByText('Its schedules stay in the project')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => children(demo.project_id)).toEqual(['Construction schedule', 'Fit-out']);
});
