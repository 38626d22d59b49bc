// The project grid (/{space_id}/grid/{project_id}): opened from the structure tree with the
// keyboard, the rows of every schedule of the project under a summary row per schedule with the
// dates of each schedule's own calculation, the filter parameter applied, a row's schedule opened
// on that row (Alt+Enter); and a two-schedule project's grid edited like one version: a cell of
// each schedule, one history (Ctrl+Z / Ctrl+Y across both), each edit stored in its own version.
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { serializeEntry } from '../../src/domain/history';
import { api, expandNodes, openDemoSpace } from './platform-helpers';
import { openBlockGrid, rowNamed, rows, twoSchedules } from './project-grid-helpers';

const SHOTS = process.env.PGRID_SHOTS;
const nameOf = (page: Page, row: number) =>
  page.getByRole('grid').locator(`[data-row="${row}"] [data-col="1"] .wb-text`);

test("the demo project's grid: its schedule's rows, a row's schedule opened", async ({ page }) => {
  await openDemoSpace(page);
  await expandNodes(page, ['Riverside campus']);
  // From the tree with the keyboard: select the project, Alt+Enter opens its grid.
  await page.getByRole('treeitem', { name: 'Office block B2' }).click();
  await expect(page.getByRole('button', { name: 'Project grid' })).toBeEnabled();
  await page.getByRole('tree').press('Alt+Enter');
  await expect(page).toHaveURL(/\/grid\/[0-9a-f-]+$/);
  const gridPage = page.getByTestId('project-grid');
  await expect(gridPage.getByRole('heading', { name: 'Project grid: Office block B2' })).toBeVisible();
  await expect(page.getByTestId('pg-summary')).toHaveText(/1 schedules · 199 rows|1 schedules · \d+ rows/);
  await expect(page.getByTestId('pg-editable')).toContainText('Edited like one version');
  // The schedule's summary row first, its rows under it, with dates (the engine's pass).
  await expect(nameOf(page, 0)).toHaveText(/^Construction schedule · /);
  await expect(rows(page).nth(5)).toBeVisible();
  const start = page
    .getByRole('grid')
    .locator('[data-row="0"] [role=gridcell]')
    .filter({ hasText: /\d{2}\.\d{2}\.\d{4}|\d/ });
  await expect(start.first()).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pgrid-demo.png` });
  const summary = page.getByTestId('pg-summary');
  console.log(
    `project grid of the demo: read ${await summary.getAttribute('data-read-ms')} ms, engine ${await summary.getAttribute('data-engine-ms')} ms`,
  );

  // Each schedule's target version under its rows (the target parameter).
  await page.getByRole('combobox', { name: 'Target' }).selectOption('each');
  await expect(page).toHaveURL(/[?&]target=[0-9a-f-]+/);
  if (SHOTS) {
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}/pgrid-target.png` });
  }

  // The schedule's summary row is the grid's own: an edit of it is refused, saying why.
  await page.getByRole('grid').locator('[data-row="0"] [data-col="1"]').click();
  await page.keyboard.type('x');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/summary row is the grid/)).toBeVisible();
  await expect(nameOf(page, 0)).toHaveText(/^Construction schedule · /);

  // The filter parameter keeps matching rows (with their summaries).
  const url = new URL(page.url());
  const filter = JSON.stringify({ field: 'name', op: 'like', value: 'concrete' });
  await page.goto(`${url.pathname}?filter=${encodeURIComponent(filter)}`);
  await expect(page.locator('.wb-filterbar')).toContainText(/\d+ of \d+ rows/);
  await expect(
    rows(page)
      .filter({ hasText: /concrete/i })
      .first(),
  ).toBeVisible();
  const names = await rows(page).evaluateAll((els) =>
    els
      .filter((el) => !el.className.includes('wb-row-sum'))
      .map((el) => el.querySelector('[data-col="1"] .wb-text')?.textContent ?? ''),
  );
  expect(names.length).toBeGreaterThanOrEqual(3);
  for (const n of names) expect(n).toMatch(/concrete/i);

  // Alt+Enter on a row opens its schedule, on that row.
  const focusRow =
    names.length > 0 ? await rows(page).filter({ hasText: names[0]! }).first().getAttribute('data-row') : '2';
  await page.getByRole('grid').locator(`[data-row="${focusRow}"] [data-col="1"]`).click();
  await expect(page.getByTestId('pg-open-schedule')).toContainText('Open “Construction schedule”');
  await page.keyboard.press('Alt+Enter');
  await expect(page).toHaveURL(/\/schedule\/[0-9a-f-]+\?version=[0-9a-f-]+&row=[0-9a-f-]+/);
  await expect(page.getByTestId('workbench')).toBeVisible();
  const selected = page.getByRole('grid').locator('[role=row][aria-selected=true] [data-col="1"] .wb-text');
  await expect(selected.first()).toHaveText(names[0]!);
});

test('a project of two schedules: each under its summary, with its own dates', async ({ page, request }) => {
  const { s } = await twoSchedules(request, 'pgrid');
  await openBlockGrid(page, s);
  const all = await rows(page).evaluateAll((els) =>
    els.map((el) => el.querySelector('[data-col="1"] .wb-text')?.textContent ?? ''),
  );
  // Each schedule's summary, then its rows.
  expect(all.filter((n) => /^(Structure|Fit-out) · /.test(n))).toHaveLength(2);
  expect(all.indexOf('Footings')).toBeGreaterThan(all.findIndex((n) => n.startsWith('Structure')));
  expect(all.indexOf('Paint')).toBeGreaterThan(all.findIndex((n) => n.startsWith('Fit-out')));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pgrid-two.png` });

  // Edited like one version: a cell of each schedule, each sent as its own version's batch.
  const cell = (name: string) => rowNamed(page, name).locator('[data-col="1"]');
  const rename = async (from: string, to: string) => {
    await cell(from).click();
    await page.keyboard.type(to);
    await page.keyboard.press('Enter');
    await expect(cell(to)).toBeVisible();
  };
  const saved = () => expect(page.getByTestId('project-grid')).not.toHaveAttribute('data-saving', /[1-9]/);
  await rename('Footings', 'Footings A');
  await rename('Partitions', 'Partitions B');
  await saved();
  // One history: Ctrl+Z undoes B's step, then A's.
  await page.keyboard.press('Control+z');
  await expect(cell('Partitions')).toBeVisible();
  await expect(cell('Footings A')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(cell('Footings')).toBeVisible();
  await saved();
  await page.waitForTimeout(1000);
  // Both versions' undo logs are read after a reload: the one history comes back from them.
  let logs = 0;
  page.on('response', (r) => {
    if (r.url().includes('/undo-actions') && r.ok()) logs += 1;
  });
  await page.reload();
  await expect(page.getByTestId('pg-summary')).toHaveText('2 schedules · 5 rows');
  await expect(cell('Footings')).toBeVisible();
  await expect(cell('Partitions')).toBeVisible();
  await expect.poll(() => logs).toBe(2);
  // Ctrl+Y redoes A's step (undone last), then B's; Ctrl+Z undoes them again in turn.
  await cell('Footings').click();
  await page.keyboard.press('Control+y');
  await expect(cell('Footings A')).toBeVisible();
  await expect(cell('Partitions')).toBeVisible();
  await page.keyboard.press('Control+y');
  await expect(cell('Partitions B')).toBeVisible();
  await saved();
  await page.keyboard.press('Control+z');
  await expect(cell('Partitions')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(cell('Footings')).toBeVisible();
  await saved();
  // The redo path: both edits again, both undone, both redone.
  await rename('Footings', 'Footings A');
  await rename('Partitions', 'Partitions B');
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await expect(cell('Footings')).toBeVisible();
  await expect(cell('Partitions')).toBeVisible();
  await page.keyboard.press('Control+y');
  await expect(cell('Footings A')).toBeVisible();
  await page.keyboard.press('Control+y');
  await expect(cell('Partitions B')).toBeVisible();
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/pgrid-edited.png` });
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await page.waitForTimeout(800);
    // A fill down from A's last row over B's summary row is refused (the summary is the grid's).
    await cell('Columns').click();
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Control+d');
    await expect(page.getByText('Итоговая строка графика принадлежит сетке проекта')).toBeVisible();
    await expect(cell('Partitions B')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/pgrid-edited-ru.png` });
    await page.getByRole('combobox', { name: /Language|Язык/ }).selectOption('en');
  }
  await saved();
  await page.waitForTimeout(1000);
  // Schedule B's own page holds its edit (stored in its version), schedule A's page its own.
  await cell('Partitions B').click();
  await page.keyboard.press('Alt+Enter');
  await expect(page.getByTestId('workbench')).toBeVisible();
  await expect(page.getByRole('grid').getByText('Partitions B', { exact: true })).toBeVisible();
  await expect(page.getByRole('grid').getByText('Ceilings', { exact: true })).toBeVisible();
});

test("a row's executor named on the project grid is stored in its own schedule's version", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { s, second } = await twoSchedules(request, 'pgexec');
  const as = <T>(method: 'GET' | 'PATCH', p: string, data?: unknown) =>
    api<T>(request, s.account, method, p, data, s.spaceId);
  await as('PATCH', `/users/${s.account.userId}/set-executor`, { executor: true });
  const [fitout] = await as<{ id: string; kind: string }[]>('GET', `/schedules/${second.id}/versions`).then(
    (vs) => vs.filter((v) => v.kind === 'actual'),
  );
  expect(fitout).toBeTruthy();

  await page.setViewportSize({ width: 1440, height: 900 });
  await openBlockGrid(page, s);
  // The column is hidden by default: shown, with room beside Name.
  await page.getByRole('button', { name: 'Columns' }).click();
  const menu = page.getByRole('dialog', { name: 'Columns' });
  await menu.getByRole('checkbox', { name: 'Executor', exact: true }).check();
  for (const name of ['Type', 'Total float', 'Free float', '%', 'Status'])
    await menu.getByRole('checkbox', { name, exact: true }).uncheck();
  await page.keyboard.press('Escape');
  const header = page.getByRole('grid').getByRole('columnheader', { name: 'Executor', exact: true });
  await expect(header).toBeVisible();
  const col = Number(await header.getAttribute('aria-colindex')) - 2;
  const executorOf = (name: string) => rowNamed(page, name).locator(`[data-col="${col}"]`);

  // A row of the second schedule: the picker offers the executor, Enter names them.
  await executorOf('Ceilings').click();
  await page.keyboard.press('Enter');
  const picker = page.locator('.wb-picker').getByRole('combobox', { name: 'Executor' });
  await expect(picker).toBeFocused();
  await page.keyboard.type(s.account.login.slice(0, 8));
  // The members are read when the column is shown: Enter once the executor is offered, as a user
  // would (an Enter on an empty list chooses nothing, and the flaky runs pressed it there).
  await expect(page.locator('.wb-picker').getByRole('option', { name: /Test Planner/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(executorOf('Ceilings')).toHaveText('Test Planner');
  const stored = () =>
    as<{ rows: { wbs_id: string; executor_id: string | null }[] }>(
      'GET',
      `/versions/${fitout!.id}/row-people`,
    ).then((r) => r.rows.map((x) => x.executor_id));
  await expect.poll(stored).toEqual([s.account.userId]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pgrid-executor.png` });

  // Undone through the grid's one history.
  await page.keyboard.press('Control+z');
  await expect(executorOf('Ceilings')).toHaveText('');
  await expect.poll(stored).toEqual([]);

  // A schedule's summary row has no executor: refused with a toast, nothing stored.
  const summary = rows(page).filter({
    has: page.locator('[data-col="1"] .wb-text', { hasText: /^Fit-out · / }),
  });
  await summary.locator(`[data-col="${col}"]`).click();
  await page.keyboard.type(s.account.login);
  await page.keyboard.press('Enter');
  await expect(page.getByText("A schedule's summary row has no executor")).toBeVisible();
});

test("another planner's change of the same cell asks on the project grid which to keep", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { s, second } = await twoSchedules(request, 'pgconflict');
  const as = <T>(method: 'GET' | 'POST', p: string, data?: unknown) =>
    api<T>(request, s.account, method, p, data, s.spaceId);
  const [fitout] = await as<{ id: string; kind: string }[]>('GET', `/schedules/${second.id}/versions`).then(
    (vs) => vs.filter((v) => v.kind === 'actual'),
  );
  // The page hears no live events: the other planner's rename reaches it only as a conflict.
  await page.routeWebSocket(/\/api\/v1\/events/, () => undefined);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBlockGrid(page, s);

  const content = await as<{ version: { revision: number }; items: { id: string; name: string }[] }>(
    'GET',
    `/versions/${fitout!.id}/wbs`,
  );
  const ceilings = content.items.find((i) => i.name === 'Ceilings')!.id;
  const rename = (value: string, before: string) =>
    serializeEntry({
      kind: 'undo_wbs',
      labelKey: 'cmd.edit',
      patches: [{ op: 'replace', path: ['rows', ceilings, 'name'], value }],
      inversePatches: [{ op: 'replace', path: ['rows', ceilings, 'name'], value: before }],
    });
  await as('POST', `/versions/${fitout!.id}/wbs/batch`, {
    revision: content.version.revision,
    origin: 'do',
    entry: rename('Ceilings (theirs)', 'Ceilings'),
  });

  const cell = (name: string) => rowNamed(page, name).locator('[data-col="1"]');
  await cell('Ceilings').click();
  await page.keyboard.type('Ceilings (mine)');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Someone else changed the same places' });
  await expect(dialog).toBeVisible();
  // The place is named by the grid's row, with both values.
  await expect(dialog).toContainText('F2 · Ceilings');
  await expect(dialog).toContainText('Ceilings (theirs)');
  await expect(dialog).toContainText('Ceilings (mine)');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pgrid-conflict.png` });
  await dialog.getByRole('button', { name: 'Keep mine' }).first().click();
  await expect(dialog).toHaveCount(0);
  await expect(cell('Ceilings (mine)')).toBeVisible();
  await expect
    .poll(async () => {
      const c = await as<{ items: { id: string; name: string }[] }>('GET', `/versions/${fitout!.id}/wbs`);
      return c.items.find((i) => i.id === ceilings)?.name;
    })
    .toBe('Ceilings (mine)');
});

/** A Zone attribute of the space, "East" on Fit-out's Partitions (stored in its version). */
async function zoneOnPartitions(
  request: APIRequestContext,
  { s, second }: Awaited<ReturnType<typeof twoSchedules>>,
) {
  const as = <T>(p: string) => api<T>(request, s.account, 'GET', p, undefined, s.spaceId);
  const actual = (scheduleId: string) =>
    as<{ id: string; kind: string }[]>(`/schedules/${scheduleId}/versions`).then((vs) =>
      vs.filter((v) => v.kind === 'actual'),
    );
  const [structure] = await actual(s.scheduleId);
  const zone = await api<{ key: string }>(
    request,
    s.account,
    'POST',
    '/eps/attributes',
    { name: 'Zone', type: 'text', scope: 'space', node_id: null },
    s.spaceId,
  );
  const [fitout] = await actual(second.id);
  const content = await as<{ items: { id: string; name: string }[]; version: { revision: number } }>(
    `/versions/${fitout!.id}/wbs`,
  );
  const partitions = content.items.find((i) => i.name === 'Partitions')!.id;
  const path = ['rows', partitions, 'attributes', zone.key];
  await api(
    request,
    s.account,
    'POST',
    `/versions/${fitout!.id}/wbs/batch`,
    {
      revision: content.version.revision,
      origin: 'do',
      entry: serializeEntry({
        kind: 'undo_wbs',
        labelKey: 'cmd.edit',
        patches: [{ op: 'add', path, value: 'East' }],
        inversePatches: [{ op: 'remove', path }],
      }),
    },
    s.spaceId,
  );
  return { as, structure: structure!, fitout: fitout!, zone, partitions };
}

test("the node panel on the project grid: a row's info, a link added in its own schedule, one across refused", async ({
  page,
  request,
}) => {
  const made = await twoSchedules(request, 'pgpanel');
  const { s } = made;
  const { as, structure, partitions } = await zoneOnPartitions(request, made);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBlockGrid(page, s);

  // The focused row's information, as on the schedule page; only the tabs of the merged document.
  await rowNamed(page, 'Footings').locator('[data-col="1"]').click();
  const tabs = page.getByRole('tablist', { name: 'Node information' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'Node info',
    'Relations',
    'Directories',
    'Related schedules',
    'Gallery',
    'Timesheets',
    'Daily planning',
    'Planning',
    'Assignments',
    '3D model',
  ]);
  await tabs.getByRole('tab', { name: 'Node info' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('definition').filter({ hasText: /^S1$/ })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pgrid-panel.png` });

  // The directories tab, from the keyboard: a row's attribute values under its own version's labels.
  await rowNamed(page, 'Partitions').locator('[data-col="1"]').click();
  await tabs.getByRole('tab', { name: 'Node info' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Directories' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('term').filter({ hasText: /^Zone$/ })).toBeVisible();
  await expect(panel.getByRole('definition').filter({ hasText: /^East$/ })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pgrid-panel-directories.png` });
  // A schedule's summary row is the grid's own: no values of a version.
  await nameOf(page, 0).click();
  await expect(panel).toContainText('Directory and attribute values of the activity show here.');

  // The tabs of one version's side data read the row's own version and schedule: Fit-out's
  // gallery (a comment stored on Fit-out under Partitions' own id), its assignments, its model.
  await rowNamed(page, 'Partitions').locator('[data-col="1"]').click();
  await tabs.getByRole('tab', { name: 'Gallery' }).click();
  await expect(panel.getByText('No photos yet.')).toBeVisible();
  const comments = panel.getByRole('region', { name: 'Comments' });
  await comments.getByPlaceholder('Write a comment…').fill('Boards delivered');
  await comments.getByRole('button', { name: 'Add comment' }).click();
  await expect(comments.getByRole('listitem').filter({ hasText: 'Boards delivered' })).toBeVisible();
  const stored = await as<{ items: { text: string; wbs_item_id: string | null }[] }>(
    `/eps/${made.second.id}/comments?wbs_item_id=${partitions}`,
  );
  expect(stored.items.map((c) => [c.text, c.wbs_item_id])).toEqual([['Boards delivered', partitions]]);
  await tabs.getByRole('tab', { name: 'Assignments' }).click();
  await expect(panel.getByText('No resources are assigned to this activity.')).toBeVisible();
  await tabs.getByRole('tab', { name: '3D model' }).click();
  await expect(panel.getByTestId('bim-node-empty')).toContainText('No model is linked to this schedule yet.');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pgrid-panel-3d.png` });
  // A summary row has none of them.
  await nameOf(page, 0).click();
  await expect(panel.getByTestId('bim-node-tab')).toHaveCount(0);
  await tabs.getByRole('tab', { name: 'Directories' }).click();
  await rowNamed(page, 'Footings').locator('[data-col="1"]').click();
  await tabs.getByRole('tab', { name: 'Node info' }).click();

  // A successor of the same schedule: added through the grid's edit loop, stored in its version.
  await tabs.getByRole('tab', { name: 'Relations' }).focus();
  await page.keyboard.press('Enter');
  const add = panel.getByRole('textbox', { name: 'Successors: Code or name' });
  await add.fill('S2');
  await add.press('Enter');
  await expect(panel.getByRole('region', { name: 'Successors' })).toContainText('Columns');
  const relations = () =>
    as<{ relations: unknown[] }>(`/versions/${structure.id}/wbs`).then((c) => c.relations.length);
  await expect.poll(relations).toBe(1);

  // One to the other schedule's row is refused: a command may change one schedule only.
  await add.fill('F1');
  await add.press('Enter');
  await expect(page.getByText('This command changes rows of two schedules')).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Successors' })).not.toContainText('Partitions');
  await expect.poll(relations).toBe(1);
});

test("the versions' attribute columns on the project grid, the layout kept per project and user", async ({
  page,
  request,
}) => {
  const made = await twoSchedules(request, 'pglayout');
  const { s, project } = made;
  const { zone } = await zoneOnPartitions(request, made);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBlockGrid(page, s);
  const grid = page.getByRole('grid');

  // The Columns menu offers the versions' attributes, as the schedule page offers one version's.
  await page.getByRole('button', { name: 'Columns' }).click();
  const menu = page.getByRole('dialog', { name: 'Columns' });
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/grid/layout') && r.request().method() === 'PUT' && r.ok(),
  );
  await menu.getByRole('checkbox', { name: 'Zone' }).check();
  await page.keyboard.press('Escape');
  await saved;
  await expect(grid.getByRole('columnheader', { name: 'Zone', exact: true })).toBeVisible();
  // Fit-out's Partitions shows its own version's value; Structure's rows have none.
  const zoneCol =
    Number(
      await grid.getByRole('columnheader', { name: 'Zone', exact: true }).getAttribute('aria-colindex'),
    ) - 2;
  // The grid renders the columns in view: End brings the last one (Zone) in.
  await rowNamed(page, 'Partitions').locator('[data-col="1"]').click();
  await page.keyboard.press('End');
  await expect(rowNamed(page, 'Partitions').locator(`[data-col="${zoneCol}"]`)).toHaveText('East');
  await expect(rowNamed(page, 'Footings').locator(`[data-col="${zoneCol}"]`)).toHaveText('');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pgrid-attribute-column.png` });

  // Stored as this user's layout of the project, and applied again after a reload.
  const layout = await api<{ layout: { columns: { id: string; visible: boolean }[] } | null }>(
    request,
    s.account,
    'GET',
    `/projects/${project.id}/grid/layout`,
    undefined,
    s.spaceId,
  );
  expect(layout.layout?.columns.find((c) => c.id === `attr:${zone.key}`)?.visible).toBe(true);
  await page.reload();
  await expect(page.getByTestId('pg-summary')).toHaveText('2 schedules · 5 rows');
  await rowNamed(page, 'Partitions').locator('[data-col="1"]').click();
  await page.keyboard.press('End');
  await expect(grid.getByRole('columnheader', { name: 'Zone', exact: true })).toBeVisible();
  await expect(rowNamed(page, 'Partitions').locator(`[data-col="${zoneCol}"]`)).toHaveText('East');
  // The schedule page's layout of a version is its own: Fit-out's page does not show the column.
  await page.keyboard.press('Alt+Enter');
  await expect(page).toHaveURL(/\/schedule\//);
  await expect(page.getByRole('grid').getByRole('gridcell', { name: 'Partitions' })).toBeVisible();
  await expect(page.getByRole('grid').getByRole('columnheader', { name: 'Zone', exact: true })).toHaveCount(
    0,
  );
});
