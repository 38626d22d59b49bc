// Complex relations from the Directories screen: a relation from Work types to Materials with
// rows typed in the dialog (norms per unit of volume, one changed in place), then the norms of a
// version: the indicator names the linked row whose assignments are stale, and Recalculate sets
// them (volume × norm) after a confirmation naming how many rows change.
import { expect, test } from '@playwright/test';
import { api, scheduleInNewSpace, signedIn } from './platform-helpers';

test('relations between directories set a version’s assignments from the norms', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const s = await scheduleInNewSpace(request, 'dirrel');
  const as = <T>(method: 'GET' | 'POST' | 'PUT', p: string, data?: unknown) =>
    api<T>(request, s.account, method, p, data, s.spaceId);
  const headers = { authorization: `Bearer ${s.account.token}`, 'space-id': s.spaceId };
  const file = (name: string, text: string) => ({
    file: { name, mimeType: 'text/csv', buffer: Buffer.from(text) },
  });
  const res = await request.post(`/api/v1/schedules/${s.scheduleId}/versions/upload/synchronous`, {
    headers,
    multipart: file('site.csv', 'Code,Name,Duration (d)\nA10,Brick wall,2\n'),
  });
  expect(res.status(), await res.text()).toBe(201);
  const version = (await res.json()) as { id: string; revision: number };
  const content = await as<{ items: { id: string; code: string }[] }>('GET', `/versions/${version.id}/wbs`);
  const row = content.items.find((i) => i.code === 'A10')!.id;
  await as('POST', `/versions/${version.id}/wbs/batch`, {
    revision: version.revision,
    origin: 'do',
    entry: {
      v: 1,
      kind: 'undo_wbs',
      labelKey: 'cmd.edit',
      patches: [{ op: 'replace', path: ['rows', row, 'volume'], value: 10 }],
      inversePatches: [{ op: 'replace', path: ['rows', row, 'volume'], value: null }],
    },
  });
  const upload = async (name: string, csv: string) => {
    const r = await request.post(`/api/v1/eps/${s.spaceId}/directory/upload`, {
      headers,
      multipart: file(name, csv),
    });
    expect(r.status(), await r.text()).toBe(201);
    return (await r.json()) as { id: string; values: { id: string; code: string }[] };
  };
  const work = await upload('Work types.csv', 'code,name\nW1,Wall\n');
  await upload('Materials.csv', 'code,name\nBR,Brick\nMO,Mortar\n');
  for (const [code, name] of [
    ['BR', 'Brick'],
    ['MO', 'Mortar'],
  ])
    await as('POST', '/resources/create', { code, name });
  await as('PUT', `/versions/${version.id}/directory/wbs/${row}`, {
    directory_id: work.id,
    value_id: work.values[0]!.id,
  });

  await signedIn(page, s.account, `/${s.spaceId}/directories`);
  await page.getByRole('button', { name: /Work types/ }).click();
  await expect(page.getByRole('grid', { name: 'Work types' })).toContainText('Wall');
  await page.getByRole('button', { name: 'Relations…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Relations of Work types' });
  await expect(dialog).toContainText('This directory has no relations.');
  await dialog.getByRole('combobox', { name: 'New relation to' }).selectOption({ label: 'Materials' });
  await dialog.getByRole('button', { name: 'Add relation' }).click();
  await expect(dialog.getByRole('radio', { name: /Work types → Materials/ })).toBeChecked();

  // Two rows typed in the draft line: Enter or the button adds one.
  const norm = dialog.getByRole('textbox', { name: 'Norm of the new row' });
  await expect(dialog.getByRole('combobox', { name: 'Target value of the new row' })).toHaveValue(/.+/);
  await dialog
    .getByRole('combobox', { name: 'Target value of the new row' })
    .selectOption({ label: 'BR Brick' });
  await norm.fill('400');
  await dialog.getByRole('button', { name: 'Add row' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Norm of W1 → BR' })).toHaveValue('400');
  await dialog
    .getByRole('combobox', { name: 'Target value of the new row' })
    .selectOption({ label: 'MO Mortar' });
  await norm.fill('0,25');
  await norm.press('Enter');
  await expect(dialog.getByRole('textbox', { name: 'Norm of W1 → MO' })).toHaveValue('0.25');
  // A norm changed in place is saved on Enter.
  const brick = dialog.getByRole('textbox', { name: 'Norm of W1 → BR' });
  await brick.fill('500');
  const saved = page.waitForResponse((r) => r.url().includes('update-directory-relation-rows') && r.ok());
  await brick.press('Enter');
  await saved;
  await expect(dialog.getByRole('radio', { name: /Work types → Materials · 2 rows/ })).toBeChecked();
  await page.screenshot({ path: 'test-results/directory-relations-dialog.png' });
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // The version's norms: one stale row, recalculated after the confirmation.
  await page.getByRole('button', { name: 'Norms in a version…' }).click();
  const norms = page.getByRole('dialog', { name: 'Assignments from the norms' });
  await norms.getByRole('combobox', { name: 'Version' }).selectOption(version.id);
  await expect(norms.getByRole('status')).toHaveText(
    '1 of 1 rows has assignments that differ from the norms',
  );
  const stale = norms.locator('tr[data-row="A10"]');
  await expect(stale).toContainText('BR 5000, MO 2.5');
  await page.screenshot({ path: 'test-results/directory-relations-norms.png' });
  await norms.getByRole('button', { name: 'Recalculate' }).click();
  const ask = page.getByRole('dialog', { name: 'Recalculate' });
  await expect(ask).toContainText('The assignments of 1 row will be set from its volume and the norms.');
  await ask.getByRole('button', { name: 'Recalculate' }).click();
  await expect(norms.getByRole('status')).toHaveText('The assignments of all 1 rows follow the norms');
  const assigned = await as<{ items: { resource_name: string; units: number }[] }>(
    'GET',
    `/assignment?version_id=${version.id}&wbs_id=${row}`,
  );
  expect(Object.fromEntries(assigned.items.map((a) => [a.resource_name, a.units]))).toEqual({
    Brick: 5000,
    Mortar: 2.5,
  });
});
