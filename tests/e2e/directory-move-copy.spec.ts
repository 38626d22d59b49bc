// A directory copied to a facility and moved to the whole space from the Directories screen: the
// copy shows with its values and its lists under its new owner, the moved one under "Whole space".
import { expect, test } from '@playwright/test';
import { api, scheduleInNewSpace, signedIn } from './platform-helpers';

test('copy a directory to a facility and move it to the whole space', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'dirmove');
  const tree = await api<{ nodes: { id: string; kind: string; name: string }[] }>(
    request,
    s.account,
    'GET',
    `/space/${s.spaceId}/eps`,
    undefined,
    s.spaceId,
  );
  const facility = tree.nodes.find((n) => n.kind === 'facility')!;
  const dir = await api<{ id: string }>(
    request,
    s.account,
    'POST',
    `/eps/${s.spaceId}/directory/create`,
    { name: 'Work types' },
    s.spaceId,
  );
  await api(
    request,
    s.account,
    'POST',
    `/eps/${s.spaceId}/directory/${dir.id}/value`,
    { parent_id: null, code: '01', name: 'Earthworks' },
    s.spaceId,
  );

  const earthworks = await api<{ values: { id: string; code: string }[] }>(
    request,
    s.account,
    'GET',
    `/eps/${s.spaceId}/directory/${dir.id}`,
    undefined,
    s.spaceId,
  );
  await api(
    request,
    s.account,
    'POST',
    `/eps/${s.spaceId}/directory/${dir.id}/list/create`,
    { name: 'Stage 1', value_ids: [earthworks.values[0]!.id] },
    s.spaceId,
  );

  await signedIn(page, s.account, `/${s.spaceId}/directories`);
  const list = page.getByRole('navigation', { name: 'Directories of the space' });
  await list.getByRole('button', { name: /Work types/ }).click();
  await expect(page.getByRole('grid')).toContainText('Earthworks');

  await page.getByRole('button', { name: 'Copy to…' }).click();
  const copy = page.getByRole('dialog', { name: 'Copy “Work types”' });
  await copy.getByLabel('Belongs to').selectOption(facility.id);
  await copy.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText('Directory copied: Work types')).toBeVisible();
  await expect(list.getByRole('button', { name: /Work types/ })).toHaveCount(2);
  await expect(list.getByRole('button', { name: 'Work types Site · 1 value' })).toBeVisible();
  await expect(page.getByRole('grid')).toContainText('Earthworks');
  // The copy has the list, holding its own Earthworks.
  await page.getByRole('button', { name: 'Lists…' }).click();
  const lists = page.getByRole('dialog', { name: 'Lists of “Work types”' });
  await expect(lists.getByRole('combobox', { name: 'List' })).toContainText('Stage 1 (1)');
  await expect(
    lists
      .getByRole('list', { name: 'Values of the list “Stage 1”' })
      .getByRole('checkbox', { name: '01 Earthworks', exact: true }),
  ).toBeChecked();
  await page.screenshot({ path: 'test-results/directory-copy-lists.png' });
  await lists.getByRole('button', { name: 'Close' }).last().click();
  await expect(lists).toHaveCount(0);

  // The copy (now chosen) goes back to the whole space.
  await page.getByRole('button', { name: 'Move to…' }).click();
  const move = page.getByRole('dialog', { name: 'Move “Work types”' });
  await move.getByLabel('Belongs to').selectOption(s.spaceId);
  await move.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText('Directory moved: Work types')).toBeVisible();
  await expect(list.getByRole('button', { name: 'Work types The whole space · 1 value' })).toHaveCount(2);
  await page.screenshot({ path: 'test-results/directory-move-copy.png' });
});
