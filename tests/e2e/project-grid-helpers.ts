// What the project grid's browser tests share: the grid's rows, a row by its name, and a project
// "Block G" of two uploaded schedules opened on its grid.
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { api, expandNodes, scheduleInNewSpace, signedIn } from './platform-helpers';

export const rows = (page: Page) => page.getByRole('grid').locator('.wb-row');
/** The grid's row whose name is exactly `name`. */
export const rowNamed = (page: Page, name: string) =>
  rows(page).filter({
    has: page.locator('[data-col="1"] .wb-text', {
      hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    }),
  });

/**
 * A project "Block G" of two schedules, each with an uploaded actual version: Structure (Footings,
 * Columns) and Fit-out (Partitions, Ceilings, Paint).
 */
/** `twoSchedules`' project opened on its grid from the structure tree, both schedules read. */
export async function openBlockGrid(page: Page, s: Awaited<ReturnType<typeof twoSchedules>>['s']) {
  await signedIn(page, s.account, `/${s.spaceId}`);
  await expandNodes(page, ['Site']);
  await page.getByRole('treeitem', { name: 'Block G' }).click();
  await page.getByRole('button', { name: 'Project grid' }).click();
  await expect(page.getByTestId('pg-summary')).toHaveText('2 schedules · 5 rows');
}

export async function twoSchedules(request: APIRequestContext, prefix: string) {
  const s = await scheduleInNewSpace(request, prefix, {
    space: 'Grid',
    facility: 'Site',
    project: 'Block G',
    schedule: 'Structure',
  });
  const upload = async (scheduleId: string, csv: string) => {
    const res = await request.post(`/api/v1/schedules/${scheduleId}/versions/upload/synchronous`, {
      headers: { authorization: `Bearer ${s.account.token}`, 'space-id': s.spaceId },
      multipart: { file: { name: 'works.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    expect(res.status(), await res.text()).toBe(201);
    // The upload is a new version beside the empty first one: made the actual one, the grid shows it.
    const version = ((await res.json()) as { id: string }).id;
    await api(
      request,
      s.account,
      'POST',
      `/versions/${version}/setActualStatus`,
      { actual: true },
      s.spaceId,
    );
  };
  await upload(s.scheduleId, ['Code,Name,Duration (d)', 'S1,Footings,3', 'S2,Columns,2'].join('\n'));
  const tree = await api<{ nodes: { id: string; kind: string }[] }>(
    request,
    s.account,
    'GET',
    `/space/${s.spaceId}/eps`,
  );
  const project = tree.nodes.find((n) => n.kind === 'project')!;
  const second = await api<{ id: string }>(
    request,
    s.account,
    'POST',
    `/projects/${project.id}/schedules/create`,
    { name: 'Fit-out' },
    s.spaceId,
  );
  await upload(
    second.id,
    ['Code,Name,Duration (d)', 'F1,Partitions,4', 'F2,Ceilings,5', 'F3,Paint,1'].join('\n'),
  );

  return { s, project, second };
}
