// A directory list builds a version's WBS and keeps it in line: make a list on the Directories
// screen, copy the WBS from it into a version, change the list (and a value's name), sync after
// a confirmation naming the counts, see the rows update in the workbench, and undo the sync.
import { expect, test } from '@playwright/test';
import { scheduleInNewSpace, signedIn, uploadDirectoryCsv, uploadVersionCsv } from './platform-helpers';

const CSV = 'code,name,parent\nL1,Level 1,\nL1.W,Walls,L1\nL1.S,Slab,L1\nL2,Level 2,\nL2.W,Walls 2,L2\n';

test('a directory list copied into a version, changed, synced and undone', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'dirlists');
  const headers = { authorization: `Bearer ${s.account.token}`, 'space-id': s.spaceId };
  const version = (
    await uploadVersionCsv(request, s, 'Code,Name,Duration (d)\nA10,Dig,2\n', { label: 'Site works' })
  ).id;
  const dir = await uploadDirectoryCsv(request, s, 'Locations.csv', CSV);

  await signedIn(page, s.account, `/${s.spaceId}/directories`);
  await page.getByRole('button', { name: /Locations/ }).click();
  await expect(page.getByRole('grid', { name: 'Locations' })).toContainText('Walls');
  await page.getByRole('button', { name: 'Lists…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lists of “Locations”' });
  await expect(dialog.getByText('The directory has no lists yet')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'New list' }).fill('Stage 1');
  await dialog.getByRole('textbox', { name: 'New list' }).press('Enter');
  const values = dialog.getByRole('list', { name: 'Values of the list “Stage 1”' });
  const box = (text: string) => values.getByRole('checkbox', { name: text, exact: true });
  await box('L1.W Walls').click();
  await expect(box('L1.W Walls')).toBeChecked();
  await box('L1.S Slab').click();
  await expect(box('L1.S Slab')).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'List' })).toContainText('Stage 1 (2)');
  await dialog.getByRole('combobox', { name: 'Version' }).selectOption(version);
  await page.screenshot({ path: 'test-results/directory-lists-dialog.png' });
  await dialog.getByRole('button', { name: 'Copy WBS from the list' }).click();
  await expect(page.getByText('3 rows added')).toBeVisible();

  // The list changes: Slab leaves, Walls 2 comes in; Walls is renamed in the directory.
  await box('L1.S Slab').click();
  await expect(box('L1.S Slab')).not.toBeChecked();
  await box('L2.W Walls 2').click();
  await expect(box('L2.W Walls 2')).toBeChecked();
  const walls = dir.values.find((v) => v.code === 'L1.W')!;
  const renamed = await request.put(`/api/v1/eps/${s.spaceId}/directory/${dir.id}/value/${walls.id}`, {
    headers,
    data: { parent_id: walls.parent_id, code: 'L1.W', name: 'Walls, level 1' },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  await dialog.getByRole('button', { name: 'Sync with the list…' }).click();
  const ask = page.getByRole('dialog', { name: 'Sync the version with “Stage 1”' });
  await expect(ask).toContainText('2 rows are added.');
  await expect(ask).toContainText('1 row is renamed.');
  await expect(ask).toContainText('Rows: L1.S Slab.');
  await page.screenshot({ path: 'test-results/directory-lists-sync.png' });
  await ask.getByRole('button', { name: 'Sync' }).click();
  await expect(page.getByText('The version is in line with the list')).toBeVisible();

  await page.goto(`/${s.spaceId}/schedule/${s.scheduleId}?version=${version}`);
  const grid = page.getByRole('grid');
  const text = (name: string) => grid.locator('.wb-text', { hasText: new RegExp(`^${name}$`) });
  for (const name of ['Dig', 'Level 1', 'Walls, level 1', 'Slab', 'Level 2', 'Walls 2'])
    await expect(text(name)).toBeVisible();
  await page.screenshot({ path: 'test-results/directory-lists-grid.png' });
  // The sync was the version's last change: Ctrl+Z takes all of it back.
  await grid.getByRole('gridcell', { name: 'Dig', exact: true }).click();
  await page.keyboard.press('Control+z');
  await expect(text('Walls')).toBeVisible();
  await expect(text('Walls, level 1')).toHaveCount(0);
  await expect(text('Walls 2')).toHaveCount(0);
  await expect(text('Level 2')).toHaveCount(0);
  await expect(text('Slab')).toBeVisible();
});

test('the lists, graph and invalid-values dialogs in Russian', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'dirlistsru');
  const headers = { authorization: `Bearer ${s.account.token}`, 'space-id': s.spaceId };
  const dir = await uploadDirectoryCsv(request, s, 'Locations.csv', CSV);
  const other = await request.post(`/api/v1/eps/${s.spaceId}/directory/create`, {
    headers,
    data: { name: 'Resources' },
  });
  const rel = await request.post('/api/v1/directory-complex-relations/create-relation-between-directories', {
    headers,
    data: { source_directory_id: dir.id, target_directory_id: ((await other.json()) as { id: string }).id },
  });
  expect(rel.status(), await rel.text()).toBe(201);
  const list = await request.post(`/api/v1/eps/${s.spaceId}/directory/${dir.id}/list/create`, {
    headers,
    data: { name: 'Этап 1', value_ids: [dir.values.find((v) => v.code === 'L1.W')!.id] },
  });
  expect(list.status(), await list.text()).toBe(201);

  await signedIn(page, s.account, `/${s.spaceId}/directories`);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await page.getByRole('button', { name: /Locations/ }).click();
  await page.getByRole('button', { name: 'Списки…' }).click();
  const lists = page.getByRole('dialog', { name: 'Списки справочника «Locations»' });
  await expect(lists.getByRole('checkbox', { name: 'L1.W Walls', exact: true })).toBeChecked();
  await page.screenshot({ path: 'test-results/directory-lists-ru.png' });
  await lists.getByRole('button', { name: 'Закрыть' }).last().click();
  await page.getByRole('button', { name: 'Граф…' }).click();
  const graph = page.getByRole('dialog', { name: 'Граф справочника «Locations»' });
  await expect(graph.getByRole('cell', { name: 'комплексная связь' })).toBeVisible();
  await graph.getByRole('checkbox', { name: 'Справочник видов работ пространства' }).click();
  await expect(graph.getByRole('checkbox', { name: 'Справочник видов работ пространства' })).toBeChecked();
  await page.screenshot({ path: 'test-results/directory-graph-ru.png' });
  await graph.getByRole('button', { name: 'Закрыть' }).last().click();
  await page.getByRole('button', { name: 'Неверные значения…' }).click();
  const invalid = page.getByRole('dialog', { name: 'Неверные значения справочника «Locations»' });
  await expect(invalid.getByText('Ни в одной строке нет кода')).toBeVisible();
  await page.screenshot({ path: 'test-results/directory-invalid-ru.png' });
});
